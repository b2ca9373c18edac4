import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../seed/seed';
import { auditEntriesAfter, lastAuditSequence, userIdOf } from '../testing/audit';
import { useTestApp } from '../testing/signed-in-app';
import { callApi, loginAs, postJson } from '../testing/test-app';
import { hashToken } from '../db/tokens';
import { sweepSessionEnds } from './session-ends';

const testApp = useTestApp();

/** Moves one session's clock: its idle expiry (and, if asked, its absolute end) to the past. */
async function timeOut(token: string, what: 'idle' | 'absolute'): Promise<number> {
  const [row] = await testApp.db.query<{ id: number }>(
    `UPDATE sessions SET expires_at = now() - interval '1 second'${
      what === 'absolute' ? `, ends_at = now() - interval '1 second'` : ''
    }
     WHERE token_hash = $1 RETURNING id`,
    [hashToken(token)],
  );
  if (!row) throw new Error(`no session for ${token}`);
  return row.id;
}

async function sessionEndsSince(sequence: number) {
  return (await auditEntriesAfter(testApp.db, sequence)).filter((entry) => entry.action === 'auth.sessionEnded');
}

describe('a timed-out staff session writes its "session end" entry once (issue 35)', () => {
  it('when its token comes back: the request that noticed names its address, and a second one writes nothing', async () => {
    const token = await loginAs(testApp.app, demoAccounts.clinician);
    const sessionId = await timeOut(token, 'idle');
    const before = await lastAuditSequence(testApp.db);

    expect((await callApi(testApp.app, 'GET', '/api/profile/patients', token)).statusCode).toBe(401);
    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token })).statusCode).toBe(401);
    expect((await postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token })).statusCode).toBe(401);
    expect(await sweepSessionEnds(testApp.db)).toBe(0);

    expect(await sessionEndsSince(before)).toEqual([
      {
        actorUserId: await userIdOf(testApp.db, demoAccounts.clinician),
        actorRole: 'clinician',
        actorProviderServiceId: 1,
        patientSessionOrderId: null,
        action: 'auth.sessionEnded',
        patientIds: [],
        entity: 'session',
        entityId: String(sessionId),
        outcome: 'success',
        clientAddress: '127.0.0.1',
      },
    ]);
  });

  it('when nobody comes back: the sweep records it, past its absolute end too, and only once', async () => {
    const token = await loginAs(testApp.app, demoAccounts.admin);
    const sessionId = await timeOut(token, 'absolute');
    const before = await lastAuditSequence(testApp.db);

    expect(await sweepSessionEnds(testApp.db)).toBe(1);
    expect(await sweepSessionEnds(testApp.db)).toBe(0);
    expect((await postJson(testApp.app, '/api/cgm/login/validate', { token })).statusCode).toBe(401);

    expect(await sessionEndsSince(before)).toEqual([
      {
        actorUserId: await userIdOf(testApp.db, demoAccounts.admin),
        actorRole: 'cops',
        actorProviderServiceId: null,
        patientSessionOrderId: null,
        action: 'auth.sessionEnded',
        patientIds: [],
        entity: 'session',
        entityId: String(sessionId),
        outcome: 'success',
        clientAddress: '',
      },
    ]);
  });

  it('a live, logged-out or swapped session writes no session end', async () => {
    const live = await loginAs(testApp.app, demoAccounts.technician);
    const loggedOut = await loginAs(testApp.app, demoAccounts.clinician2);
    expect((await callApi(testApp.app, 'POST', '/api/cgm/login/logout', loggedOut)).statusCode).toBe(200);
    const swapped = await loginAs(testApp.app, demoAccounts.clinician);
    expect((await postJson(testApp.app, '/api/cgm/login/refreshauthtoken', { token: swapped })).statusCode).toBe(200);
    // The logged-out session and the swapped token's grace are long past their end.
    await testApp.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second',
         swap_grace_ends_at = CASE WHEN swap_grace_ends_at IS NULL THEN NULL ELSE now() - interval '1 second' END
       WHERE revoked_at IS NOT NULL OR swap_grace_ends_at IS NOT NULL`,
    );
    const before = await lastAuditSequence(testApp.db);

    for (const token of [live, loggedOut, swapped]) {
      await postJson(testApp.app, '/api/cgm/login/validate', { token });
    }
    expect(await sweepSessionEnds(testApp.db)).toBe(0);
    expect(await sessionEndsSince(before)).toEqual([]);
  });
});
