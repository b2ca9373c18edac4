import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { contactResultSchema, licenseListSchema, type ContactMessage } from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import type { StaticJsonFetcher } from '../../shared/api/static-json';
import { useStaticJson } from '../../shared/api/static-json-context';
import { useDocumentPaths, useRuntimeConfig } from '../../shared/lib/runtime-config';

/** The one key factory of the feature (DESIGN §2 rule 4). */
export const aboutQueries = {
  all: () => ['about'] as const,
  licenses: (fetcher: StaticJsonFetcher, url: string) =>
    queryOptions({
      queryKey: [...aboutQueries.all(), 'licenses', url] as const,
      queryFn: ({ signal }) => fetcher(url, licenseListSchema, { signal }),
      // Generated at build time: it changes only with a new version of the application.
      staleTime: Infinity,
    }),
};

/** licenses.json, generated at build time from the installed production dependencies. */
export function useLicenses() {
  const fetcher = useStaticJson();
  const { licenses } = useDocumentPaths();
  return useQuery(aboutQueries.licenses(fetcher, licenses));
}

/**
 * POST /api/{product}/contact. The form shows the server's field messages itself and answers every failure
 * with the TEXT_EMAIL_NOT_SENT dialog, so the global 400 toast stays out of it.
 */
export function useSendContactMessage() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useMutation({
    mutationFn: (message: ContactMessage) => http.post(`/api/${product}/contact`, message, contactResultSchema),
    meta: { handlesBadRequest: true },
  });
}
