import { useMutation } from '@tanstack/react-query';
import { documentFallbackLanguage, passwordActionResultSchema } from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import { useAuth } from '../../shared/auth/session-context';
import { useDocumentPaths } from '../../shared/lib/runtime-config';
import { useResourceConfig } from '../../shared/api/resource-config';

export type StaffPolicyRole = 'clinician' | 'technician';

/**
 * Spec §3 Resource config globalUrls: the policy each role accepts, in en-US. Another interface language with its
 * own translation gets the build's own document in that language. While the config loads nothing is shown; if it
 * cannot be read (spec §7: only logged), the build's own document at its known path is used.
 */
export function usePrivacyPolicyUrl(role: StaffPolicyRole): string | null {
  // Failing, the build's own policy is used.
  const config = useResourceConfig({ logIfFailed: true });
  const documents = useDocumentPaths();
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
