import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  auditListSchema,
  auditStaffListSchema,
  patientListSchema,
  patientProfileSchema,
} from '#common/contract';
import { callApi, createTestUser, loginAs, postJson } from '../testing/test-app';
import { useSignedInApp } from '../testing/signed-in-app';
import { addTestPatient, testPatientWrite } from '../testing/test-patients';
import { openPatientSession, patientLogin, patientWithOrderLink } from '../testing/patient-sessions';
import { auditEntriesAfter, lastAuditSequence, userIdOf } from '../testing/audit';

const testApp = useSignedInApp();
const { tokens } = testApp;

/** What a request wrote to the trail: the entries after `sequence`, oldest first, without their hash and time. */
async function written(sequence: number) {
  return auditEntriesAfter(testApp.db, sequence);
}

/** A successful request's entry, as the demo clinician at provider service 1 sends it from this machine. */
async function byTheClinician(entry: {
  action: string;
  patientIds: unknown[];
  entity: string;
  entityId: string | null;
}) {
  return {
    actorUserId: await userIdOf(testApp.db, 'clinician@demo.test'),
    actorRole: 'clinician',
    actorProviderServiceId: 1,
    patientSessionOrderId: null,
    ...entry,
    outcome: 'success',
    clientAddress: '127.0.0.1',
  };
}

describe('what reading and editing patients writes to the audit trail (issue 35 F1)', () => {
  it('a list page writes one entry naming every patient it returned', async () => {
    const before = await lastAuditSequence(testApp.db);
    const response = await callApi(testApp.app, 'GET', '/api/profile/patients?take=5&skip=2', tokens.clinician);
    expect(response.statusCode).toBe(200);
    const page = patientListSchema.parse(response.json());
    expect(page.dataList).toHaveLength(5);
    expect(await written(before)).toEqual([
      await byTheClinician({
        action: 'patient.list',
        patientIds: page.dataList.map((patient) => patient.id),
        entity: 'patient',
        entityId: null,
      }),
    ]);
  });

  it('a search writes patient.search with the ids it found, and never the search text', async () => {
    const before = await lastAuditSequence(testApp.db);
    const response = await callApi(testApp.app, 'GET', '/api/profile/patients?searchText=Alvarez', tokens.clinician);
    const page = patientListSchema.parse(response.json());
    expect(page.count).toBeGreaterThan(0);
    const entries = await written(before);
    expect(entries.map((entry) => [entry.action, entry.patientIds])).toEqual([
      ['patient.search', page.dataList.map((patient) => patient.id)],
    ]);
    expect(JSON.stringify(entries)).not.toContain('Alvarez');
  });

  it('a profile read writes patient.read for that patient', async () => {
    const [first] = patientListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/profile/patients?take=1', tokens.clinician)).json(),
    ).dataList;
    const before = await lastAuditSequence(testApp.db);
    const response = await callApi(testApp.app, 'GET', `/api/profile/patients/${String(first?.id)}`, tokens.clinician);
    expect(response.statusCode).toBe(200);
    expect(
      (await written(before)).map((entry) => [entry.action, entry.patientIds, entry.entity, entry.entityId]),
    ).toEqual([['patient.read', [first?.id], 'patient', String(first?.id)]]);
  });

  it('an add and an edit each write their entry, and a refused edit writes none', async () => {
    const addedBefore = await lastAuditSequence(testApp.db);
    const added = patientProfileSchema.parse((await addTestPatient(testApp.app, tokens.clinician)).json());
    expect((await written(addedBefore)).map((entry) => [entry.action, entry.patientIds, entry.entityId])).toEqual([
      ['patient.create', [added.id], String(added.id)],
    ]);

    const edit = (defaultLanguage: string) =>
      callApi(testApp.app, 'PUT', '/api/profile/patients', tokens.clinician, {
        ...testPatientWrite({ lastName: 'Edited', defaultLanguage }),
        id: added.id,
      });
    const before = await lastAuditSequence(testApp.db);
    expect((await edit('en-US')).statusCode).toBe(200);
    expect(await written(before)).toEqual([
      await byTheClinician({
        action: 'patient.update',
        patientIds: [added.id],
        entity: 'patient',
        entityId: String(added.id),
      }),
    ]);

    const refusedBefore = await lastAuditSequence(testApp.db);
    expect((await edit('xx-XX')).statusCode).toBe(400);
    expect(await written(refusedBefore)).toEqual([]);
  });
});

describe('what report access and sign-in write to the audit trail (issue 35 F1)', () => {
  it('a report access writes report.access for that patient, as the clinician', async () => {
    const [patient] = patientListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/profile/patients?take=1', tokens.clinician)).json(),
    ).dataList;
    const before = await lastAuditSequence(testApp.db);
    const response = await callApi(testApp.app, 'POST', '/api/cgm/cbbreport/access', tokens.clinician, {
      patientId: patient?.id,
    });
    expect(response.statusCode).toBe(200);
    expect(await written(before)).toEqual([
      await byTheClinician({
        action: 'report.access',
        patientIds: [patient?.id],
        entity: 'report',
        entityId: String(patient?.id),
      }),
    ]);
  });

  it('a failed sign-in writes auth.signInFailed naming the account, never the name or password typed', async () => {
    const before = await lastAuditSequence(testApp.db);
    const response = await postJson(testApp.app, '/api/cgm/login', {
      userName: 'technician@demo.test',
      password: 'not-the-password-1',
    });
    expect(response.statusCode).toBe(200);
    const entries = await written(before);
    expect(entries).toEqual([
      {
        actorUserId: null,
        actorRole: null,
        actorProviderServiceId: null,
        patientSessionOrderId: null,
        action: 'auth.signInFailed',
        patientIds: [],
        entity: 'user',
        entityId: String(await userIdOf(testApp.db, 'technician@demo.test')),
        outcome: 'failure',
        clientAddress: '127.0.0.1',
      },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/technician@|not-the-password/);

    const unknownBefore = await lastAuditSequence(testApp.db);
    await postJson(testApp.app, '/api/cgm/login', { userName: 'nobody@demo.test', password: 'whatever-1' });
    expect((await written(unknownBefore)).map((entry) => [entry.action, entry.entity, entry.entityId])).toEqual([
      ['auth.signInFailed', null, null],
    ]);
  });

  it('a sign-in and a logout each write their entry, as the person signing in or out', async () => {
    const technicianId = await userIdOf(testApp.db, 'technician@demo.test');
    const before = await lastAuditSequence(testApp.db);
    const token = await loginAs(testApp.app, 'technician@demo.test');
    expect((await callApi(testApp.app, 'POST', '/api/cgm/login/logout', token)).statusCode).toBe(200);
    expect((await written(before)).map((entry) => [entry.action, entry.actorUserId, entry.actorRole])).toEqual([
      ['auth.signIn', technicianId, 'technician'],
      ['auth.logout', technicianId, 'technician'],
    ]);
  });
});

describe('what patient links and order actions write to the audit trail (issue 35 F1)', () => {
  it('a wrong identity check writes patientLink.identityFailed, the right one identityChecked as the patient session', async () => {
    const { loginToken, patientId, orderId } = await patientWithOrderLink(testApp.db, 'audit-link');
    const before = await lastAuditSequence(testApp.db);
    await patientLogin(testApp.app, loginToken, { firstName: 'Someone', lastName: 'Else' });
    await openPatientSession(testApp.app, loginToken);
    const entries = await written(before);
    expect(
      entries.map((entry) => [
        entry.action,
        entry.outcome,
        entry.patientIds,
        entry.entityId,
        entry.actorRole,
        entry.patientSessionOrderId,
      ]),
    ).toEqual([
      ['patientLink.identityFailed', 'failure', [patientId], String(orderId), null, null],
      ['patientLink.identityChecked', 'success', [patientId], String(orderId), 'patient', orderId],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Someone|Else|1950/);
  });

  it('cancelling an order writes order.cancel for its patient, as the clinician', async () => {
    const { patientId, orderId } = await patientWithOrderLink(testApp.db, 'audit-cancel');
    const before = await lastAuditSequence(testApp.db);
    const response = await callApi(
      testApp.app,
      'POST',
      `/api/cgm/assessmentorders/${String(orderId)}/cancel`,
      tokens.clinician,
      { reason: 'Ordered twice' },
    );
    expect(response.statusCode).toBe(200);
    expect(
      (await written(before)).map((entry) => [entry.action, entry.patientIds, entry.entityId, entry.actorRole]),
    ).toEqual([['order.cancel', [patientId], String(orderId), 'clinician']]);
  });
});

describe('the order timeline is kept (issue 35 F1)', () => {
  it('refuses DELETE and TRUNCATE of order_events, and deleting an order no longer takes its events along', async () => {
    const [event] = await testApp.db.query<{ orderId: number }>(
      'SELECT assessment_order_id AS "orderId" FROM order_events ORDER BY id LIMIT 1',
    );
    expect(event).toBeDefined();
    await expect(testApp.db.query('DELETE FROM order_events')).rejects.toThrow(/append-only/);
    await expect(testApp.db.query('TRUNCATE order_events')).rejects.toThrow(/append-only/);
    await expect(testApp.db.query('DELETE FROM assessment_orders WHERE id = $1', [event?.orderId])).rejects.toThrow(
      /order_events/,
    );
    const [kept] = await testApp.db.query<{ count: number }>(
      'SELECT count(*) AS count FROM order_events WHERE assessment_order_id = $1',
      [event?.orderId],
    );
    expect(kept?.count).toBeGreaterThan(0);
  });
});

describe('GET /api/cgm/audit (administrators only)', () => {
  it('answers 403 to a clinician, and records the refusal', async () => {
    const before = await lastAuditSequence(testApp.db);
    const response = await callApi(testApp.app, 'GET', '/api/cgm/audit', tokens.clinician);
    expect(response.statusCode).toBe(403);
    expect((await written(before)).map((entry) => [entry.action, entry.outcome, entry.entityId])).toEqual([
      ['auth.refused', 'refused', 'GET /api/cgm/audit'],
    ]);
  });

  it('answers 401 without a session', async () => {
    expect((await callApi(testApp.app, 'GET', '/api/cgm/audit', null)).statusCode).toBe(401);
  });

  it('gives an administrator the entries, newest first, filtered and paged', async () => {
    const clinicianId = await userIdOf(testApp.db, 'clinician@demo.test');
    const [patient] = patientListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/profile/patients?take=1', tokens.clinician)).json(),
    ).dataList;
    await callApi(testApp.app, 'GET', `/api/profile/patients/${String(patient?.id)}`, tokens.clinician);
    await callApi(testApp.app, 'GET', `/api/profile/patients/${String(patient?.id)}`, tokens.clinician);

    const all = auditListSchema.parse((await callApi(testApp.app, 'GET', '/api/cgm/audit', tokens.admin)).json());
    expect(all.count).toBeGreaterThanOrEqual(3);
    const sequences = all.dataList.map((entry) => entry.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => b - a));

    const reads = auditListSchema.parse(
      (
        await callApi(
          testApp.app,
          'GET',
          `/api/cgm/audit?patientId=${String(patient?.id)}&userId=${String(clinicianId)}&action=patient.read&take=1`,
          tokens.admin,
        )
      ).json(),
    );
    expect(reads.dataList).toHaveLength(1);
    expect(reads.count).toBeGreaterThanOrEqual(2);
    expect(reads.dataList[0]).toMatchObject({ action: 'patient.read', actorUserId: clinicianId });
    const second = auditListSchema.parse(
      (
        await callApi(
          testApp.app,
          'GET',
          `/api/cgm/audit?patientId=${String(patient?.id)}&action=patient.read&take=1&skip=1`,
          tokens.admin,
        )
      ).json(),
    );
    expect(second.dataList[0]?.sequence).toBeLessThan(reads.dataList[0]?.sequence ?? 0);

    const future = auditListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/cgm/audit?from=2999-01-01T00:00:00Z', tokens.admin)).json(),
    );
    expect(future).toEqual({ dataList: [], count: 0 });
    const past = auditListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/cgm/audit?to=2000-01-01T00:00:00Z', tokens.admin)).json(),
    );
    expect(past.count).toBe(0);
    const ascending = auditListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/cgm/audit?orderBy=at&ascending=true&take=2', tokens.admin)).json(),
    );
    expect(ascending.dataList.map((entry) => entry.sequence)).toEqual([1, 2]);
  });

  it('finds an administrator’s own actions by user, among the staff it offers to filter by', async () => {
    const adminId = await userIdOf(testApp.db, 'admin@demo.test');
    const otherAdmin = await createTestUser(testApp.db, {
      email: 'second-admin@demo.test',
      loginRole: 'Provider Service Administrator',
    });
    const staff = auditStaffListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/cgm/audit/staff', tokens.admin)).json(),
    ).dataList;
    expect(staff).toContainEqual({ id: adminId, name: 'Morgan Reyes', role: 'cops' });
    expect(staff).toContainEqual(expect.objectContaining({ id: otherAdmin, role: 'cops' }));
    expect(staff).toContainEqual(
      expect.objectContaining({ id: await userIdOf(testApp.db, 'clinician@demo.test'), role: 'clinician' }),
    );

    const theirToken = await loginAs(testApp.app, 'second-admin@demo.test');
    await callApi(testApp.app, 'GET', '/api/profile/patients?take=1', theirToken);
    const theirs = auditListSchema.parse(
      (await callApi(testApp.app, 'GET', `/api/cgm/audit?userId=${String(otherAdmin)}`, tokens.admin)).json(),
    );
    expect(theirs.dataList.map((entry) => [entry.action, entry.actorRole])).toEqual([
      ['patient.list', 'cops'],
      ['auth.signIn', 'cops'],
    ]);

    const refused = await callApi(testApp.app, 'GET', '/api/cgm/audit/staff', tokens.clinician);
    expect(refused.statusCode).toBe(403);
  });

  it('answers 400 with the field for a bad filter', async () => {
    for (const query of ['action=patient.eat', 'from=yesterday', 'take=0', 'patientId=abc', 'orderBy=hash']) {
      const response = await callApi(testApp.app, 'GET', `/api/cgm/audit?${query}`, tokens.admin);
      expect(response.statusCode, query).toBe(400);
      const fields = apiErrorBodySchema.parse(response.json()).fields ?? [];
      expect(fields.map((field) => field.path)[0], query).toMatch(/^query\./);
    }
  });
});
