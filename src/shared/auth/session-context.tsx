import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Entitlement } from '../api/contract';
import type { AuthApi } from './auth-api';
import type { AuthStatus, SessionStore } from './session-store';

interface AuthContextValue {
  store: SessionStore;
  api: AuthApi;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ store, api, children }: AuthContextValue & { children: ReactNode }) {
  return <AuthContext value={{ store, api }}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
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
