import type { ReactNode } from 'react';
import { useCapability, type Capability } from './capabilities';

/**
 * Shows an extra only where the API offers it (issue 37): nothing while that is being found out and nothing when
 * it is not offered, so a screen never shows a frame that then disappears or an error about a call it need not make.
 */
export function WhenOffered({ capability, children }: { capability: Capability; children: ReactNode }) {
  return useCapability(capability).offered ? children : null;
}
