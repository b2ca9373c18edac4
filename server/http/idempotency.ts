import { createHash, randomUUID } from 'node:crypto';
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
  renewIdempotencyLease,
  type IdempotencyClaim,
} from '../db/queries/idempotency-keys';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an Idempotency-Key; its answer is stored when it is sent. */
    idempotencyClaim: HeldClaim | null;
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

/** A claim and the timer that renews its lease while its request runs. */
interface HeldClaim extends IdempotencyClaim {
  renewal: NodeJS.Timeout;
}

export interface IdempotencyTimings {
  /**
   * How long a claim holds its key unless renewed (issue 35 F6: at most 30 s). The request renews it every third of
   * this while it runs, so only a claim whose server died lapses, and a retry then takes the key over.
   */
  leaseSeconds: number;
  /**
   * How long a repeat waits for the first request with its key before giving up with 409. Longer than a lease, so a
   * retry after a killed server takes the key over within this wait instead of being turned away.
   */
  waitForFirstMs: number;
}

export const defaultIdempotencyTimings: IdempotencyTimings = { leaseSeconds: 15, waitForFirstMs: 20_000 };
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
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

const fingerprintOf = (request: FastifyRequest): string =>
  requestFingerprint(request.method, request.url, request.body);

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

const keyReused = (): HttpError =>
  new HttpError(422, apiErrorCodes.idempotencyKeyReused, 'This Idempotency-Key was used for a different request');

/**
 * Claims the key for this request and keeps its lease alive until the answer is sent (onSend) or the request ends
 * without one (onResponse, onRequestAbort). A renewal that finds the claim taken over stops renewing.
 */
async function claimFor(
  db: Db,
  request: FastifyRequest,
  claim: IdempotencyClaim,
  fingerprint: string,
  timings: IdempotencyTimings,
): Promise<boolean> {
  if (!(await claimIdempotencyKey(db, claim, fingerprint, timings.leaseSeconds))) return false;
  const renewal = setInterval(
    () => {
      renewIdempotencyLease(db, claim, timings.leaseSeconds)
        .then((held) => {
          if (!held) clearInterval(renewal);
        })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'Idempotency-Key lease renewal failed');
        });
    },
    (timings.leaseSeconds * 1000) / 3,
  );
  renewal.unref();
  request.idempotencyClaim = { ...claim, renewal };
  return true;
}

/** The claim of a request that is answering or has ended: its lease is no longer renewed. */
function letGo(request: FastifyRequest): HeldClaim | null {
  const claim = request.idempotencyClaim;
  if (!claim) return null;
  request.idempotencyClaim = null;
  clearInterval(claim.renewal);
  return claim;
}

async function replayOrWait(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  claim: IdempotencyClaim,
  fingerprint: string,
  timings: IdempotencyTimings,
): Promise<FastifyReply | undefined> {
  const deadline = Date.now() + timings.waitForFirstMs;
  while (Date.now() < deadline) {
    const stored = await findIdempotencyKey(db, claim.userId, claim.key);
    if (stored && stored.fingerprint !== fingerprint) throw keyReused();
    if (stored?.statusCode != null) {
      return reply
        .code(stored.statusCode)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(stored.responseBody ?? '');
    }
    // The first request let the key go (it failed on the server) or its lease lapsed (its server died): this one
    // runs instead.
    if ((!stored || stored.leaseLapsed) && (await claimFor(db, request, claim, fingerprint, timings))) return undefined;
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
export function registerIdempotency(
  app: FastifyInstance,
  db: Db,
  product: string,
  timings: IdempotencyTimings = defaultIdempotencyTimings,
): void {
  app.decorateRequest('idempotencyClaim', null);
  const routes = idempotentRoutes(product);

  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = keyOf(request);
    const userId = request.auth?.userId ?? null;
    if (key === null || userId === null) return undefined;
    const fingerprint = fingerprintOf(request);
    const claim: IdempotencyClaim = { userId, key, holder: randomUUID() };
    if (await claimFor(db, request, claim, fingerprint, timings)) return undefined;
    return replayOrWait(db, request, reply, claim, fingerprint, timings);
  };

  const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    const claim = letGo(request);
    if (!claim) return payload;
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await releaseIdempotencyKey(db, claim);
    } else {
      await completeIdempotencyKey(db, claim, reply.statusCode, payload.toString());
    }
    return payload;
  };
  // A request that ends without an answer (its client went away) stops renewing: its lease lapses.
  const ended = (request: FastifyRequest): Promise<void> => {
    letGo(request);
    return Promise.resolve();
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => routes.has(`${method} ${route.url}`))) return;
    const before = route.preHandler ?? [];
    route.preHandler = [...(Array.isArray(before) ? before : [before]), preHandler];
    const sends = route.onSend ?? [];
    route.onSend = [...(Array.isArray(sends) ? sends : [sends]), onSend];
    const responses = route.onResponse ?? [];
    route.onResponse = [...(Array.isArray(responses) ? responses : [responses]), ended];
    const aborts = route.onRequestAbort ?? [];
    route.onRequestAbort = [...(Array.isArray(aborts) ? aborts : [aborts]), ended];
  });
}
