import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { apiErrorCodes, idempotencyKeyHeader, idempotencyKeyPattern } from '#common/contract';
import type { Db } from '../db/db';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
} from '../db/queries/idempotency-keys';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an Idempotency-Key; its answer is stored when it is sent. */
    idempotencyClaim: { userId: number; key: string } | null;
  }
}

/** The writes a double tap or a retry must not repeat (issue 15): orders and every create. */
export function idempotentRoutes(product: string): ReadonlySet<string> {
  return new Set([
    `POST /api/${product}/assessmentorders`,
    `POST /api/${product}/assessmentorders/bulk`,
    'POST /api/profile/patients',
    'POST /api/profile/clinicians',
    'POST /api/profile/technicians',
    `POST /api/${product}/providerservices`,
  ]);
}

/** How long a repeat waits for the first request with its key before giving up with 409. */
const waitForFirstMs = 20_000;
const pollMs = 25;

function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[idempotencyKeyHeader];
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined) return null;
  if (!idempotencyKeyPattern.test(key)) {
    throw new HttpError(400, 'VALIDATION', 'Idempotency-Key must be 8 to 64 letters, digits or dashes', [
      { path: 'headers.idempotency-key', message: 'VALID_FIELD_SHOULD_BE_VALID_FORMAT' },
    ]);
  }
  return key;
}

/** The same key must come with the same request: method, path and body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

const keyReused = (): HttpError =>
  new HttpError(422, apiErrorCodes.idempotencyKeyReused, 'This Idempotency-Key was used for a different request');

async function replayOrWait(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  key: string,
  fingerprint: string,
): Promise<FastifyReply | undefined> {
  const deadline = Date.now() + waitForFirstMs;
  while (Date.now() < deadline) {
    const stored = await findIdempotencyKey(db, userId, key);
    if (!stored) {
      // The first request failed on the server and let the key go: this one runs instead.
      if (await claimIdempotencyKey(db, userId, key, fingerprint)) {
        request.idempotencyClaim = { userId, key };
        return undefined;
      }
      continue;
    }
    if (stored.fingerprint !== fingerprint) throw keyReused();
    if (stored.statusCode !== null) {
      return reply
        .code(stored.statusCode)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(stored.responseBody ?? '');
    }
    await sleep(pollMs);
  }
  throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', 'The first request with this Idempotency-Key is still running');
}

/**
 * Idempotency-Key support for the routes of `idempotentRoutes`: the first request with a key runs and its answer
 * (status and body) is stored in the database for a day; a repeat, even one arriving in parallel on another
 * instance, creates nothing and gets that answer. Runs after the route's own sign-in check, since keys are per user.
 * Must be called before the routes are registered.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, product: string): void {
  app.decorateRequest('idempotencyClaim', null);
  const routes = idempotentRoutes(product);

  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = keyOf(request);
    const userId = request.auth?.userId ?? null;
    if (key === null || userId === null) return undefined;
    const fingerprint = fingerprintOf(request);
    if (await claimIdempotencyKey(db, userId, key, fingerprint)) {
      request.idempotencyClaim = { userId, key };
      return undefined;
    }
    return replayOrWait(db, request, reply, userId, key, fingerprint);
  };

  const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await releaseIdempotencyKey(db, claim.userId, claim.key);
    } else {
      await completeIdempotencyKey(db, claim.userId, claim.key, reply.statusCode, payload.toString());
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => routes.has(`${method} ${route.url}`))) return;
    const before = route.preHandler ?? [];
    route.preHandler = [...(Array.isArray(before) ? before : [before]), preHandler];
    const sends = route.onSend ?? [];
    route.onSend = [...(Array.isArray(sends) ? sends : [sends]), onSend];
  });
}
