import type { Db } from '../db/db';
import { verifyAuditChain } from './audit';

const reasons = {
  hash: 'its content no longer matches its hash (the entry was changed)',
  link: 'it does not carry the previous entry’s hash (this entry or the one before it was changed)',
  gap: 'entries before it are missing (deleted)',
} as const;

/**
 * What `npm run audit:verify` says and its exit code: 0 with the number of entries checked when the chain holds,
 * 1 naming the first broken entry.
 */
export async function auditVerifyReport(db: Db): Promise<{ exitCode: 0 | 1; message: string }> {
  const result = await verifyAuditChain(db);
  if (!result.ok) {
    return {
      exitCode: 1,
      message:
        `Audit trail BROKEN at entry ${String(result.brokenSequence)}: ${reasons[result.reason]}. ` +
        `${String(result.verified)} entries before it verified.`,
    };
  }
  if (result.firstSequence === null) return { exitCode: 0, message: 'Audit trail verified: 0 entries (it is empty).' };
  const from = result.firstSequence === 1 ? '' : ` from the oldest kept entry, ${String(result.firstSequence)}`;
  return { exitCode: 0, message: `Audit trail verified: ${String(result.verified)} entries${from}, chain intact.` };
}
