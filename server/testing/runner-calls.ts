import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { trackedAssessmentOrderSchema, type BeginTestResult } from '#common/contract';
import { callApi } from './test-app';

/**
 * A call of the workflow runner for the test `begin` started, at `path` under its workflow instance ('' reads the
 * instance, '/completed' and '/error' report back): GET without a body, POST with one, with the test's own token
 * unless another is given.
 */
export function runnerCall(
  app: FastifyInstance,
  begin: BeginTestResult,
  path: string,
  body?: unknown,
  token = begin.authTokenToUseForTest,
) {
  return callApi(
    app,
    body === undefined ? 'GET' : 'POST',
    `/api/cgm/workflow/${begin.workflowInstanceId}${path}`,
    token,
    body,
  );
}

/**
 * The answer of a call that ended an attempt without a result (a runner error, "I cannot do this test"): the order
 * is open again to be begun anew, and keeps the code of what ended the attempt.
 */
export function expectReopenedWith(response: LightMyRequestResponse, lastErrorCode: string) {
  expect(response.statusCode).toBe(200);
  expect(trackedAssessmentOrderSchema.parse(response.json())).toMatchObject({
    assessmentOrderStatus: { id: 'SCHD' },
    lastErrorCode,
  });
}
