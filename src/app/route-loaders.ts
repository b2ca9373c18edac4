import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import type { Entitlement } from '#common/contract';
import { recordIdParamSchema } from '#common/contract/ids';
import type { HttpClient } from '../shared/api/http';
import type { SessionStore } from '../shared/auth/session-store';

/** What the route loaders need to start a page's data: the same client and cache the pages read from. */
export interface RouteData {
  queryClient: QueryClient;
  http: HttpClient;
  session: SessionStore;
  product: string;
  /** Resolves once the tab's session is resumed and its cache restored; the first navigation waits for it. */
  sessionReady: Promise<void>;
}

/**
 * The layout guards of the route table, as a loader sees them: a loader runs before any guard renders, so it
 * fetches only for someone every guard above the page lets through (RequireAuth, the privacy-policy step of
 * clinicians and technicians, the Manage roles, and the page's entitlement). Anyone else gets what they got
 * before: the guard's answer, and no request the server would refuse.
 */
function passesGuards(session: SessionStore, entitlement: Entitlement): boolean {
  const status = session.getSnapshot();
  if (!status.isLoggedIn || status.userRole === null) return false;
  if (status.userRole !== 'clinician' && status.userRole !== 'technician' && status.userRole !== 'cops') return false;
  if (status.userRole !== 'cops' && !status.acceptedPrivacyPolicy) return false;
  return status.entitlements.includes(entitlement);
}

/** A route's id as the contract reads one, or null when the address holds no id a record could have. */
function recordId(value: string | undefined): number | null {
  return recordIdParamSchema.safeParse(value).data ?? null;
}

/**
 * A query started for a page, not awaited: the navigation goes on at once, the page's code and its data arrive in
 * parallel, the page shows whatever the cache already holds, and offline the fetch waits for the network (the
 * query's own retry pauses) instead of holding the navigation. A failure is the page's to show, from the query's
 * state, so it is not reported here a second time.
 */
function started(fetching: Promise<unknown>): void {
  fetching.catch(() => undefined);
}

/**
 * Route loaders of the detail pages (no waterfall: fetch, then code, then fetch). Each fills the TanStack Query
 * cache through its feature's query-option factory, with the options the page itself uses. The factories are
 * imported when a loader runs, not with the router: statically they would put four features' API code (and the
 * schemas they parse with) into the sign-in page's first download.
 */
export function detailLoaders({ queryClient, http, session, product, sessionReady }: RouteData) {
  const patient: LoaderFunction = async ({ params }) => {
    await sessionReady;
    const id = recordId(params.patientId);
    if (id !== null && passesGuards(session, 'listPatients')) {
      const [{ patientQueries }, { orderQueries }] = await Promise.all([
        import('../features/patients/api'),
        import('../features/orders/queries'),
      ]);
      started(queryClient.query(patientQueries.detail(http, id)));
      started(queryClient.query(orderQueries.patientOrders(http, id)));
    }
    return null;
  };

  const providerService: LoaderFunction = async ({ params }) => {
    await sessionReady;
    const id = recordId(params.providerServiceId);
    if (id !== null && passesGuards(session, 'editProviderService')) {
      const { providerServiceQueries } = await import('../features/provider-services/api');
      started(queryClient.query(providerServiceQueries.detail(http, product, id)));
      started(queryClient.query(providerServiceQueries.localities(http)));
      started(queryClient.query(providerServiceQueries.reportTypes(http)));
      started(queryClient.query(providerServiceQueries.batteriesOf(http, product, id)));
    }
    return null;
  };

  const supervisedAssessment: LoaderFunction = async ({ params }) => {
    await sessionReady;
    const patientId = recordId(params.patientId);
    const assessmentId = recordId(params.assessmentId);
    if (patientId !== null && assessmentId !== null && passesGuards(session, 'beginSupervisedAssessment')) {
      const [{ assessmentQueries }, { patientQueries }] = await Promise.all([
        import('../features/assessments/api'),
        import('../shared/api/patient-queries'),
      ]);
      // Spec §4: the order and the patient's profile, side by side.
      started(queryClient.query(assessmentQueries.order(http, product, assessmentId)));
      started(queryClient.query(patientQueries.detail(http, patientId)));
    }
    return null;
  };

  return { patient, providerService, supervisedAssessment };
}
export type DetailLoaders = ReturnType<typeof detailLoaders>;
