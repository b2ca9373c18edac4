import { batteryTasks, type testRecordSchema, type WorkflowInstance, type WorkflowOutcome } from '#common/contract';
import type { z } from 'zod/mini';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import {
  findAttemptByTestToken,
  markOrderError,
  markOrderFinished,
  recordAttemptCompleted,
  recordAttemptError,
  type AttemptRow,
} from '../db/queries/assessment-tests';
import { hashToken } from '../db/tokens';
import { HttpError, unauthorized } from '../http/errors';
import { fieldError } from '../profiles/scope';

export function tasksOf(batteryCode: string) {
  return batteryTasks[batteryCode] ?? batteryTasks.FullCBB ?? [];
}

function stateOf(attempt: AttemptRow): WorkflowInstance['state'] {
  if (attempt.outcome === 'COMPLETED') return 'completed';
  if (attempt.outcome === 'ERROR') return 'error';
  return 'open';
}

/** A workflow instance as the runner names it, with the runner's test token. */
export interface WorkflowKey {
  workflowInstanceId: string;
  token: string;
}

/**
 * The runner's token opens only its own workflow instance, only until it expires, and (for recording) only once:
 * anything else is refused as unauthenticated, like an unknown session.
 */
async function attemptFor(
  db: Db,
  { workflowInstanceId, token }: WorkflowKey,
  forRecording: boolean,
): Promise<AttemptRow> {
  const attempt = await findAttemptByTestToken(db, workflowInstanceId, hashToken(token));
  if (!attempt) throw unauthorized();
  if (forRecording && attempt.outcome !== null) {
    throw new HttpError(409, 'WORKFLOW_ALREADY_ENDED', 'This test has already ended');
  }
  if (attempt.outcome === null && attempt.testTokenExpiresAt <= new Date()) throw unauthorized();
  return attempt;
}

/** What the runner runs: the battery's tasks in the attempt's language, and whether it has ended. */
export async function readWorkflow(db: Db, key: WorkflowKey): Promise<WorkflowInstance> {
  const attempt = await attemptFor(db, key, false);
  return {
    workflowInstanceId: attempt.workflowInstanceId,
    batteryTypeCode: attempt.batteryCode,
    localityCode: attempt.language,
    tasks: [...tasksOf(attempt.batteryCode)],
    state: stateOf(attempt),
  };
}

/** The trail's entry of a test the runner ended (with its token, not a session): completed, or ended in an error. */
function recordRunnerOutcome(
  db: Db,
  audit: AuditContext,
  attempt: AttemptRow,
  outcome: 'success' | 'failure',
): Promise<void> {
  return recordAudit(db, audit, {
    action: 'order.complete',
    patientIds: [attempt.patientId],
    entity: 'order',
    entityId: attempt.orderId,
    outcome,
  });
}

/** The runner's record of a completed test: every task of the battery once, in order; the order is finished. */
export function recordWorkflowCompleted(
  db: Db,
  audit: AuditContext,
  key: WorkflowKey,
  record: z.output<typeof testRecordSchema>,
  now: Date,
): Promise<WorkflowOutcome> {
  return db.tx(async (tx) => {
    const attempt = await attemptFor(tx, key, true);
    const expected = tasksOf(attempt.batteryCode);
    const given = record.tasks.map((task) => task.task);
    if (given.length !== expected.length || expected.some((task, index) => given[index] !== task)) {
      throw fieldError('tasks', 'The record must hold each task of the battery once, in order');
    }
    const misnumbered = record.tasks.some((task) => task.trials.some((trial, index) => trial.index !== index));
    if (misnumbered) throw fieldError('tasks', 'The trials of each task must be numbered from 0, in order');
    await recordAttemptCompleted(tx, attempt.id, record, now);
    await markOrderFinished(tx, attempt.orderId, now);
    await recordRunnerOutcome(tx, audit, attempt, 'success');
    return { state: 'completed' as const };
  });
}

/** A test that ended in one of the error codes of spec §4: the attempt and the order keep the code. */
export function recordWorkflowError(
  db: Db,
  audit: AuditContext,
  key: WorkflowKey,
  errorCode: string,
  now: Date,
): Promise<WorkflowOutcome> {
  return db.tx(async (tx) => {
    const attempt = await attemptFor(tx, key, true);
    await recordAttemptError(tx, attempt.id, errorCode, now);
    await markOrderError(tx, attempt.orderId, errorCode, now);
    await recordRunnerOutcome(tx, audit, attempt, 'failure');
    return { state: 'error' as const };
  });
}
