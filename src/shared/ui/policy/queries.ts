import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  documentFallbackLanguage,
  documentLanguageFor,
  documentTextSchema,
  documentTextUrl,
  type DocumentText,
} from '#common/contract/documents';
import { useResourceConfig } from '../../api/resource-config';
import type { StaticJsonFetcher } from '../../api/static-json';
import { useStaticJson } from '../../api/static-json-context';
import { useDocumentPaths } from '../../lib/runtime-config';
import type { PolicyLoader } from './pdf-document';

/**
 * Spec §2 patient authorization: the patient's privacy notice, chosen by language. The fallback language's notice
 * is the one the resource config names (a deployment may point elsewhere); other languages get the build's own
 * document in that language where there is one, else the fallback's.
 */
export function usePatientPrivacyNoticeUrl(language: string): string | null {
  // Failing, the build's own notice is used.
  const config = useResourceConfig({ logIfFailed: true });
  const documents = useDocumentPaths();
  const own = documents.patientPrivacyNotice(language);
  if (documentLanguageFor(language, 'privacy').language !== documentFallbackLanguage) return own;
  if (config.isPending) return null;
  if (config.isError) return own;
  return config.data.globalUrls.patientPrivacyPolicy;
}

/**
 * The key factory of policy documents (DESIGN §2 rule 4): the staff privacy policy and the patients' notice are
 * read with the same reader, so it lives in shared.
 */
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
