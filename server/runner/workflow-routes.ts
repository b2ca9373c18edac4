import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { auditContextOf } from '../audit/audit';
import { z } from 'zod/mini';
import {
  testRecordSchema,
  workflowErrorRequestSchema,
  workflowInstanceIdSchema,
  type WorkflowInstance,
  type WorkflowOutcome,
} from '#common/contract';
import { authTokenFrom } from '../auth/guards';
import { unauthorized } from '../http/errors';
import { parseBody, parseParams } from '../http/validation';
import type { RouteDeps } from '../http/route-deps';
import { readWorkflow, recordWorkflowCompleted, recordWorkflowError, type WorkflowKey } from './workflow';

const paramsSchema = z.object({ workflowInstanceId: workflowInstanceIdSchema });

/** The workflow instance of the path and the runner's token; without a token, unauthenticated. */
function workflowKey(request: FastifyRequest): WorkflowKey {
  const { workflowInstanceId } = parseParams(paramsSchema, request);
  const token = authTokenFrom(request);
  if (!token || token === 'NA') throw unauthorized();
  return { workflowInstanceId, token };
}

/**
 * What a workflow runner calls with the test token of spec §3 Begin-test response (the reference runner of
 * server/runner does): read what to run, then record that it completed (with every trial of every task) or ended in one
 * of the error codes of spec §4.
 */
export const workflowRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.get('/workflow/:workflowInstanceId', async (request): Promise<WorkflowInstance> =>
    readWorkflow(db, workflowKey(request)),
  );

  app.post('/workflow/:workflowInstanceId/completed', async (request): Promise<WorkflowOutcome> => {
    const record = parseBody(testRecordSchema, request);
    return recordWorkflowCompleted(db, auditContextOf(request), workflowKey(request), record, new Date());
  });

  app.post('/workflow/:workflowInstanceId/error', async (request): Promise<WorkflowOutcome> => {
    const { errorCode } = parseBody(workflowErrorRequestSchema, request);
    return recordWorkflowError(db, auditContextOf(request), workflowKey(request), errorCode, new Date());
  });
  done();
};
