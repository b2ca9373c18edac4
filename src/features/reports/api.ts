import { queryOptions } from '@tanstack/react-query';
import {
  patientResultsSchema,
  reportAccessSchema,
  resultsSummarySchema,
  type ReportAccess,
  type RuntimeConfig,
} from '#common/contract';
import { capabilityQuery } from '../../shared/api/capabilities';
import type { HttpClient } from '../../shared/api/http';
import { saveFile } from '../../shared/lib/save-file';

/** The report without the reference server's access token (issue 37): no baseline known, no token. */
const withoutAccessToken: ReportAccess = { token: '', expiresOn: '', baselineId: null };

/** The one key factory of the reports feature (DESIGN §2 rule 4). */
export const reportQueries = {
  all: () => ['reports'] as const,
  /**
   * POST /api/{product}/cbbreport/access: a short-lived token for the embedded report page. Never kept: each
   * opening of the report asks for a fresh one (and nothing of it is persisted for offline use).
   */
  access: (http: HttpClient, product: string, patientId: number) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'access', patientId] as const,
      queryFn: async ({ client }): Promise<ReportAccess> => {
        // Issue 37: an API without report tokens opens the report of spec §7 with the patient, the host and the
        // language only; the report page then reads with the session. Whether the API has them is asked once a
        // session, before the first token (a request for nobody, so that a 404 cannot be about the patient), and
        // then the call is not made at all.
        if ((await client.query(capabilityQuery(http, product, 'reportAccess'))) === 'notOffered') {
          return withoutAccessToken;
        }
        return http.post(`/api/${product}/cbbreport/access`, { patientId }, reportAccessSchema);
      },
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
  /** GET /api/profile/patients/{id}/results: the patient's scored tests for "Results over time". */
  results: (http: HttpClient, patientId: number) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'results', patientId] as const,
      queryFn: () => http.get(`/api/profile/patients/${String(patientId)}/results`, patientResultsSchema),
    }),
  /**
   * GET /api/profile/patients/results/summary?ids=… (reference server, issue 33): the results of the patients a
   * list shows. Optional to the client: when it fails or is absent the list keeps its rows. Never kept for offline
   * use.
   */
  summary: (http: HttpClient, patientIds: readonly number[]) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'summary', [...patientIds]] as const,
      queryFn: ({ signal }) =>
        http.get(`/api/profile/patients/results/summary?ids=${patientIds.join(',')}`, resultsSummarySchema, {
          signal,
        }),
      enabled: patientIds.length > 0,
      retry: false,
    }),
};

/**
 * Spec §7: the report is an embedded page using patient id, baseline id, host environment and locale (plus the
 * access token the page checks). The host environment names the API the report reads from.
 */
export function reportPageUrl(
  config: Pick<RuntimeConfig, 'reportUrl' | 'apiHost'>,
  origin: string,
  patientId: number,
  access: ReportAccess,
  locale: string,
): string {
  const url = new URL(config.reportUrl, origin);
  url.searchParams.set('patientId', String(patientId));
  if (access.baselineId !== null) url.searchParams.set('baselineId', String(access.baselineId));
  url.searchParams.set('hostEnvironment', config.apiHost || origin);
  url.searchParams.set('locale', locale);
  if (access.token !== '') url.searchParams.set('token', access.token);
  return url.href;
}

/**
 * Issue 33: the same report as a PDF, from the same parameters and token, at `pdf` under the report page's address
 * (`/report/` gives `/report/pdf`).
 */
export function reportPdfUrl(...page: Parameters<typeof reportPageUrl>): string {
  const url = new URL(reportPageUrl(...page));
  url.pathname = `${url.pathname.replace(/\/?$/, '/')}pdf`;
  return url.href;
}

/** Spec §2: on an iPhone or iPad the report opens in a new tab rather than the embedded dialog. */
export function isAppleHandheld(navigatorLike: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  if (/iPhone|iPad|iPod/.test(navigatorLike.userAgent)) return true;
  // iPadOS asks for desktop pages and says it is a Mac; only the touch screen tells it apart.
  return navigatorLike.platform === 'MacIntel' && navigatorLike.maxTouchPoints > 1;
}

/**
 * Issue 37: the PDF of a report opened without an access token, read with the staff session (the authToken header
 * a plain download link cannot send) and handed to the browser as a download under the name the server gives it.
 */
export async function downloadReportPdf(
  url: string,
  authToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const response = await fetchImpl(url, { headers: { authToken }, cache: 'no-store', credentials: 'omit' });
  if (!response.ok) throw new Error(`report PDF: ${String(response.status)}`);
  const blob = await response.blob();
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  saveFile(blob, named?.[1] ?? 'cognitive-report.pdf');
}
