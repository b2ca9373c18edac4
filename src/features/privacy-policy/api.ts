import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  documentFallbackLanguage,
  documentLanguageFor,
  documentTextSchema,
  documentTextUrl,
  passwordActionResultSchema,
  type DocumentText,
} from '../../shared/api/contract';
import type { StaticJsonFetcher } from '../../shared/api/static-json';
import { useStaticJson } from '../../shared/api/static-json-context';
import { useHttp } from '../../shared/api/http-context';
import { useAuth } from '../../shared/auth/session-context';
import { useDocumentPaths } from '../../shared/lib/runtime-config';
import { useResourceConfig } from '../../shared/api/resource-config';
import { clientLog } from '../../shared/api/client-log';
import type { PolicyLoader } from './pdf-document';

export type StaffPolicyRole = 'clinician' | 'technician';

/**
 * Spec §3 Resource config globalUrls: the policy each role accepts, in en-US. Another interface language with its
 * own translation gets the build's own document in that language. While the config loads nothing is shown; if it
 * cannot be read (spec §7: only logged), the build's own document at its known path is used.
 */
export function usePrivacyPolicyUrl(role: StaffPolicyRole): string | null {
  const config = useResourceConfig();
  const documents = useDocumentPaths();
  const failed = config.isError;
  useEffect(() => {
    if (failed) clientLog.warn('resource config could not be read; using the built-in privacy policy');
  }, [failed]);
  if (documents.privacyLanguage !== documentFallbackLanguage) return documents.privacyPolicy(role);
  if (config.isPending) return null;
  if (config.isError) return documents.privacyPolicy(role);
  return role === 'clinician'
    ? config.data.globalUrls.clinicianPrivacyPolicy
    : config.data.globalUrls.technicianPrivacyPolicy;
}

/** POST /api/profiles/acceptprivacypolicy (empty body); on success the session knows at once. */
export function useAcceptPrivacyPolicy() {
  const http = useHttp();
  const { store } = useAuth();
  return useMutation({
    mutationFn: () => http.post('/api/profiles/acceptprivacypolicy', undefined, passwordActionResultSchema),
    onSuccess: () => {
      store.acceptPrivacyPolicy();
    },
    meta: { handlesBadRequest: true },
  });
}

/**
 * Spec §2 patient authorization: the patient's privacy notice, chosen by language. The fallback language's notice
 * is the one the resource config names (a deployment may point elsewhere); other languages get the build's own
 * document in that language where there is one, else the fallback's.
 */
export function usePatientPrivacyNoticeUrl(language: string): string | null {
  const config = useResourceConfig();
  const documents = useDocumentPaths();
  const failed = config.isError;
  useEffect(() => {
    if (failed) clientLog.warn('resource config could not be read; using the built-in privacy notice');
  }, [failed]);
  const own = documents.patientPrivacyNotice(language);
  if (documentLanguageFor(language, 'privacy').language !== documentFallbackLanguage) return own;
  if (config.isPending) return null;
  if (config.isError) return own;
  return config.data.globalUrls.patientPrivacyPolicy;
}

/** The one key factory of the feature (DESIGN §2 rule 4). */
export const privacyPolicyQueries = {
  all: () => ['privacy-policy'] as const,
  /** A policy's text, read from beside its PDF; it changes with a deployment, never during a visit. */
  text: (fetcher: StaticJsonFetcher, pdfUrl: string) =>
    queryOptions({
      queryKey: [...privacyPolicyQueries.all(), 'text', pdfUrl] as const,
      queryFn: ({ signal }): Promise<DocumentText> => fetcher(documentTextUrl(pdfUrl), documentTextSchema, { signal }),
      staleTime: Infinity,
      retry: 1,
      retryDelay: 500,
    }),
  /** A policy drawn as PDF pages. The viewer destroys the document when it closes, so none is kept for later. */
  document: (load: PolicyLoader, url: string) =>
    queryOptions({
      queryKey: [...privacyPolicyQueries.all(), 'document', url] as const,
      queryFn: () => load(url),
      staleTime: Infinity,
      gcTime: 0,
      retry: 1,
    }),
};

export function usePolicyText(pdfUrl: string) {
  const fetcher = useStaticJson();
  return useQuery(privacyPolicyQueries.text(fetcher, pdfUrl));
}
