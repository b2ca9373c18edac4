import { createSafeContext } from '@mantine/core';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { Entitlement } from '#common/contract';
import type { AuthApi } from './auth-api';
import type { AuthStatus, SessionStore } from './session-store';

interface AuthContextValue {
  store: SessionStore;
  api: AuthApi;
}

const [AuthContext, useAuthContext] = createSafeContext<AuthContextValue>('useAuth outside AuthProvider');

export function AuthProvider({ store, api, children }: AuthContextValue & { children: ReactNode }) {
  return <AuthContext value={{ store, api }}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  return useAuthContext();
}

export function useSession(): AuthStatus {
  const { store } = useAuth();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

export function useEntitlement(entitlement: Entitlement): boolean {
  return useSession().entitlements.includes(entitlement);
}

/** The provider service the lists are scoped to (null: all that the user may see). */
export function useCurrentProviderServiceId(): number | null {
  return useSession().currentProviderServiceId;
}
