import { type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Entitlement, Role } from '#common/contract';
import { roleHome } from '../lib/paths';
import { usePaths } from '../lib/runtime-config';
import { useOnce } from '../lib/use-once';
import { toast } from '../ui/toast';
import { useSession } from './session-context';
import { clientLog } from '../api/client-log';

/**
 * Layout route: only a signed-in person passes; others go to the login page and come back after. `children`, when
 * given, stands in for the outlet (a further gate that renders the outlet itself).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const session = useSession();
  const paths = usePaths();
  const location = useLocation();
  if (!session.isLoggedIn) {
    return <Navigate to={paths.home} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children ?? <Outlet />;
}

/** What a refused route says (spec §8): access forbidden, or that this role may not view orders. */
export type ForbiddenMessage = 'ERROR_ACCESS_FORBIDDEN' | 'ERROR_ORDER_VIEW_UNAUTHORIZED_FOR_ROLE';

/** Spec §6: a missing right shows 'access forbidden' (or the route's own message) and sends the person home. */
export function Forbidden({ message = 'ERROR_ACCESS_FORBIDDEN' }: { message?: ForbiddenMessage }) {
  const { t } = useTranslation('common');
  const session = useSession();
  const paths = usePaths();
  useOnce(() => {
    toast.error(t(message));
    clientLog.warn('access.forbidden');
  });
  return <Navigate to={session.userRole ? roleHome(paths, session.userRole) : paths.home} replace />;
}

export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const session = useSession();
  if (!session.userRole || !roles.includes(session.userRole)) return <Forbidden />;
  return <Outlet />;
}

export function RequireEntitlement({ entitlement, message }: { entitlement: Entitlement; message?: ForbiddenMessage }) {
  const session = useSession();
  if (!session.entitlements.includes(entitlement)) return <Forbidden message={message} />;
  return <Outlet />;
}
