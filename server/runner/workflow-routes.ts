import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import {
  batteryTasks,
  testRecordSchema,
  workflowErrorRequestSchema,
  workflowInstanceIdSchema,
  type WorkflowInstance,
  type WorkflowOutcome,
} from '#common/contract';
import { authTokenFrom } from '../auth/guards';
import { hashToken } from '../db/tokens';
import type { Db } from '../db/db';
import {
  findAttemptByTestToken,
  markOrderError,
  markOrderFinished,
  recordAttemptCompleted,
  recordAttemptError,
  type AttemptRow,
} from '../db/queries/assessment-tests';
import { fieldError } from '../profiles/scope';
import { HttpError, unauthorized } from '../http/errors';
import { parseBody, parseParams } from '../http/validation';
import type { RouteDeps } from '../routes/route-deps';

const paramsSchema = z.object({ workflowInstanceId: workflowInstanceIdSchema });

export function tasksOf(batteryCode: string) {
  return batteryTasks[batteryCode] ?? batteryTasks.FullCBB ?? [];
}

function stateOf(attempt: AttemptRow): WorkflowInstance['state'] {
  if (attempt.outcome === 'COMPLETED') return 'completed';
  if (attempt.outcome === 'ERROR') return 'error';
  return 'open';
}

/**
 * The runner's token opens only its own workflow instance, only until it expires, and (for recording) only once:
 * anything else is refused as unauthenticated, like an unknown session.
 */
async function attemptFor(db: Db, request: FastifyRequest, forRecording: boolean): Promise<AttemptRow> {
  const { workflowInstanceId } = parseParams(paramsSchema, request);
  const token = authTokenFrom(request);
  if (!token || token === 'NA') throw unauthorized();
  const attempt = await findAttemptByTestToken(db, workflowInstanceId, hashToken(token));
  if (!attempt) throw unauthorized();
  if (forRecording && attempt.outcome !== null) {
    throw new HttpError(409, 'WORKFLOW_ALREADY_ENDED', 'This test has already ended');
  }
  if (attempt.outcome === null && attempt.testTokenExpiresAt <= new Date()) throw unauthorized();
  return attempt;
}

/**
 * What a workflow runner calls with the test token of spec §3 Begin-test response (the reference runner of
 * server/runner does): read what to run, then record that it completed (with every trial of every task) or ended in one
 * of the error codes of spec §4.
 */
export const workflowRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.get('/workflow/:workflowInstanceId', async (request): Promise<WorkflowInstance> => {
    const attempt = await attemptFor(db, request, false);
    return {
      workflowInstanceId: attempt.workflowInstanceId,
      batteryTypeCode: attempt.batteryCode,
      localityCode: attempt.language,
      tasks: [...tasksOf(attempt.batteryCode)],
      state: stateOf(attempt),
    };
  });

  app.post('/workflow/:workflowInstanceId/completed', async (request): Promise<WorkflowOutcome> => {
    const record = parseBody(testRecordSchema, request);
    const now = new Date();
    return db.tx(async (tx) => {
      const attempt = await attemptFor(tx, request, true);
      const expected = tasksOf(attempt.batteryCode);
      const given = record.tasks.map((task) => task.task);
      if (given.length !== expected.length || expected.some((task, index) => given[index] !== task)) {
        throw fieldError('tasks', 'The record must hold each task of the battery once, in order');
      }
      const misnumbered = record.tasks.some((task) => task.trials.some((trial, index) => trial.index !== index));
      if (misnumbered) throw fieldError('tasks', 'The trials of each task must be numbered from 0, in order');
      await recordAttemptCompleted(tx, attempt.id, record, now);
      await markOrderFinished(tx, attempt.orderId, now);
      return { state: 'completed' as const };
    });
  });

  app.post('/workflow/:workflowInstanceId/error', async (request): Promise<WorkflowOutcome> => {
    const { errorCode } = parseBody(workflowErrorRequestSchema, request);
    const now = new Date();
    return db.tx(async (tx) => {
      const attempt = await attemptFor(tx, request, true);
      await recordAttemptError(tx, attempt.id, errorCode, now);
      await markOrderError(tx, attempt.orderId, errorCode, now);
      return { state: 'error' as const };
    });
  });
  done();
};
