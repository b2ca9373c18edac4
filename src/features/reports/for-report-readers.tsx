import type { ComponentType } from 'react';
import { useEntitlement } from '../../shared/auth/session-context';

/**
 * `Section`, shown only to those who may read results (spec §6 viewReport: never technicians or cops); for anyone
 * else nothing renders, so nothing is read from the server either.
 */
export function forReportReaders<Props extends object>(Section: ComponentType<Props>) {
  return function ForReportReaders(props: Props) {
    return useEntitlement('viewReport') ? <Section {...props} /> : null;
  };
}
