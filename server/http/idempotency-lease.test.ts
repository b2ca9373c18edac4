import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#common/contract';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import { createTestDb, createTestUser } from '../testing/test-app';
import { errorHandler } from './errors';
import { registerIdempotency, requestFingerprint } from './idempotency';

/**
 * Issue 35 F6: an Idempotency-Key claim is a lease. The app here has one keyed route whose work the test controls,
 * and short timings: a lease of 1 s (renewed every third of it while the request runs), repeats wait 3 s.
 */
const url = '/api/lease/providerservices';
const body = { name: 'Lease' };
let db: Db;
let app: FastifyInstance;
let userId = 0;
let runs = 0;
let workMs = 0;

beforeAll(async () => {
  db = await createTestDb();
  userId = await createTestUser(db, { email: 'lease.holder@example.test', providerServiceIds: [] });
  app = Fastify();
  app.setErrorHandler(errorHandler);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.auth = { userId } as AuthContext;
    done();
  });
  registerIdempotency(app, db, 'lease', { leaseSeconds: 1, waitForFirstMs: 3000 });
  app.post(url, async () => {
    runs += 1;
    const run = runs;
    await new Promise((resolve) => setTimeout(resolve, workMs));
    return { run };
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app.close();
  await db.close();
});

beforeEach(() => {
  runs = 0;
  workMs = 0;
});

const send = (key: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url, headers: { 'idempotency-key': key }, payload: body });

/** A claim left by a request whose server was killed before it answered (or one still running elsewhere). */
async function abandonedClaim(key: string, leaseEnds: string): Promise<void> {
  await db.query(
    `INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint, lease_holder, lease_until)
     VALUES ($1, $2, $3, 'killed-server', now() + $4::interval)`,
    [userId, key, requestFingerprint('POST', url, body), leaseEnds],
  );
}

describe('Idempotency-Key leases (issue 35 F6)', () => {
  it('lets a retry take over a key whose holder died, once its lease has lapsed', async () => {
    await abandonedClaim('killed-holder-0001', '-1 second');
    const retry = await send('killed-holder-0001');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ run: 1 });
    expect(runs).toBe(1);

    // The answer is stored: a further repeat replays it and runs nothing.
    const again = await send('killed-holder-0001');
    expect(again.json()).toEqual({ run: 1 });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(1);
  });

  it('takes over a claim made before leases existed (no lease at all)', async () => {
    await abandonedClaim('pre-lease-claim-01', '-1 second');
    await db.query(`UPDATE idempotency_keys SET lease_until = NULL, lease_holder = NULL WHERE idempotency_key = $1`, [
      'pre-lease-claim-01',
    ]);
    expect((await send('pre-lease-claim-01')).statusCode).toBe(200);
    expect(runs).toBe(1);
  });

  it('does not take over a lease that is still running: the repeat waits, then answers 409, and runs nothing', async () => {
    await abandonedClaim('live-holder-00001', '1 hour');
    const repeat = await send('live-holder-00001');
    expect(repeat.statusCode).toBe(409);
    expect(apiErrorBodySchema.parse(repeat.json()).code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(runs).toBe(0);
  });

  it('renews the lease of a request that runs longer than a lease, so a repeat waits for its answer', async () => {
    workMs = 2500;
    const first = send('slow-request-0001');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const repeat = await send('slow-request-0001');
    const answered = await first;
    expect(answered.json()).toEqual({ run: 1 });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ run: 1 });
    expect(runs).toBe(1);
  });
});
