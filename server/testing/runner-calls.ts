import type { FastifyInstance } from 'fastify';
import type { BeginTestResult } from '#common/contract';
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
