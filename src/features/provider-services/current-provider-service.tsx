import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { recordIdParamSchema, type ProviderServiceRef } from '#common/contract';
import { useAuth, useSession } from '../../shared/auth/session-context';
import { roleHome } from '../../shared/lib/paths';
import { usePaths } from '../../shared/lib/runtime-config';
import { useOnce } from '../../shared/lib/use-once';
import { toast } from '../../shared/ui/toast';
import { useVisibleProviderServices } from './api';
import { providerServiceName } from '../../shared/lib/provider-service-name';
import { clientLog } from '../../shared/api/client-log';
import { Loading, LoadingText } from '../../shared/ui';

/** Spec §2/§9: /{product}/providerservice/{id} shows the choice for 400 ms, then opens the management home. */
export const providerServiceRedirectMs = 400;

/**
 * The provider services this user may choose, once known for sure: the server's answer, or the list from
 * sign-in when the server cannot be reached. Null while still asking.
 */
function useSettledVisibleProviderServices(): readonly ProviderServiceRef[] | null {
  const visible = useVisibleProviderServices();
  if (visible.isPlaceholderData && visible.isFetching) return null;
  return visible.list;
}

/** /{product}/providerservice/{providerServiceId}: sets the current provider service (only one the user may see). */
export function ProviderServiceSwitchPage() {
  const { t } = useTranslation('provider-services');
  const { providerServiceId } = useParams();
  const { store } = useAuth();
  const session = useSession();
  const paths = usePaths();
  const navigate = useNavigate();
  const visible = useSettledVisibleProviderServices();
  const id = recordIdParamSchema.safeParse(providerServiceId).data ?? null;
  const chosen = visible?.find((ref) => ref.id === id) ?? null;

  useOnce(() => {
    if (!chosen) {
      toast.error(t('common:ERROR_ACCESS_FORBIDDEN'));
      clientLog.warn('access.providerServiceHidden');
      void navigate(session.userRole ? roleHome(paths, session.userRole) : paths.home, { replace: true });
      return;
    }
    store.setCurrentProviderService(chosen.id);
  }, visible !== null);

  useEffect(() => {
    if (!chosen) return;
    const timer = window.setTimeout(() => {
      void navigate(paths.manage, { replace: true });
    }, providerServiceRedirectMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [chosen, navigate, paths.manage]);

  return <LoadingText>{chosen ? t('switchingTo', { name: providerServiceName(chosen) }) : t('loading')}</LoadingText>;
}

/**
 * /{product}/manage: the management home. With ?providerserviceid= (spec §2) it first makes that the current
 * provider service, when the user may see it; then it opens the role's home.
 */
export function ManageHomePage() {
  const { t } = useTranslation('provider-services');
  const [searchParams] = useSearchParams();
  const session = useSession();
  const { store } = useAuth();
  const paths = usePaths();
  const visible = useSettledVisibleProviderServices();
  const requested = searchParams.get('providerserviceid');
  const id = recordIdParamSchema.safeParse(requested).data ?? null;
  const home = session.userRole ? roleHome(paths, session.userRole) : paths.home;
  const allowed = id !== null && (visible?.some((ref) => ref.id === id) ?? false);

  useEffect(() => {
    if (allowed) store.setCurrentProviderService(id);
  }, [allowed, id, store]);

  if (id !== null && visible === null) return <Loading label={t('loading')} />;
  return <Navigate to={home} replace />;
}
