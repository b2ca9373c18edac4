import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useEntitlement } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';

/**
 * An order as a link to its assessment page, for those who may open orders; cops may not (spec §6) and see the
 * text only.
 */
export function OrderLink({
  patientId,
  orderId,
  label,
  size,
  children,
}: {
  patientId: number;
  orderId: number;
  /** The link's accessible name, when its text alone does not say what it opens. */
  label?: string;
  size?: 'sm';
  children: ReactNode;
}) {
  const paths = usePaths();
  const canOpen = useEntitlement('viewAssessmentOrder');
  if (!canOpen) return children;
  return (
    <Anchor component={Link} to={paths.patientAssessment(patientId, orderId)} aria-label={label} size={size}>
      {children}
    </Anchor>
  );
}
