import type { ReportAccess } from '#common/contract';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import { insertReportToken, listFinishedAssessments } from '../db/queries/assessment-tests';
import { hashToken, newToken } from '../db/tokens';

/** Long enough to read a report and reload its frame, short enough that a copied address soon stops working. */
export const reportTokenMinutes = 15;

/**
 * A short-lived token that opens this one patient's report only (the embedded report page cannot send the session
 * header), with the patient's newest finished assessment as the baseline. It works only while the asking session
 * does (refreshes carry it over), so signing out or deactivating the account ends it too.
 */
export async function grantReportAccess(
  db: Db,
  audit: AuditContext,
  patientId: number,
  caller: { userId: number; sessionId: number },
  now: Date,
): Promise<ReportAccess> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + reportTokenMinutes * 60_000);
  await db.tx(async (tx) => {
    await insertReportToken(tx, { tokenHash: hashToken(token), patientId, ...caller, expiresAt }, now);
    await recordAudit(tx, audit, {
      action: 'report.access',
      patientIds: [patientId],
      entity: 'report',
      entityId: patientId,
    });
  });
  const finished = await listFinishedAssessments(db, patientId);
  return { token, expiresOn: expiresAt.toISOString(), baselineId: finished[0]?.orderId ?? null };
}
