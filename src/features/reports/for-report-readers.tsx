import type { ComponentType } from 'react';
import { WhenOffered } from '../../shared/api/capability-gate';
import { useEntitlement } from '../../shared/auth/session-context';

/**
 * `Section`, shown only to those who may read results (spec §6 viewReport: never technicians or cops) and only where
 * the API offers results, which are the reference server's own (issue 37): for anyone else, or against an API
 * without them, nothing renders and the page goes on as spec §2 shows it.
 */
export function forReportReaders<Props extends object>(Section: ComponentType<Props>) {
  return function ForReportReaders(props: Props) {
    return useEntitlement('viewReport') ? (
      <WhenOffered capability="results">
        <Section {...props} />
      </WhenOffered>
    ) : null;
  };
}
