import type { ReactNode } from 'react';
import { useEntitlement } from '../../shared/auth/session-context';

/**
 * Its children, only for those who may read results (spec §6 viewReport: never technicians or cops); for anyone
 * else nothing renders, so nothing is read from the server either.
 */
export function ForReportReaders({ children }: { children: ReactNode }) {
  return useEntitlement('viewReport') ? children : null;
}
