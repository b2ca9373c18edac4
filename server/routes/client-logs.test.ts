import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, clientLogListSchema } from '#common/contract';
import { callApi, loginAs, postJson } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';
import { clientLogQuotas } from './client-logs';

const testApp = useTestApp();
let adminToken: string;

beforeAll(async () => {
  adminToken = await loginAs(testApp.app, 'admin@demo.test');
});

async function newestEntries(limit = 5) {
  const response = await callApi(testApp.app, 'GET', `/api/cgm/log?limit=${String(limit)}`, adminToken);
  expect(response.statusCode).toBe(200);
  return clientLogListSchema.parse(response.json()).dataList;
}

/** Everything the table holds, as one text: what a person's data must never be found in. */
async function storedText(): Promise<string> {
  const rows = await testApp.db.query<Record<string, unknown>>(
    'SELECT level, message, route, client_version, role FROM client_logs',
  );
  return JSON.stringify(rows);
}

async function countOf(where: string): Promise<number> {
  const [row] = await testApp.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM client_logs WHERE ${where}`,
  );
  return row?.count ?? 0;
}

/** The spec's call as the client makes it: one message, the spec's headers. */
function logCall(level: string, message: string, headers: Record<string, string> = {}) {
  return postJson(testApp.app, `/api/cgm/log/${level}`, { message }, headers);
}

/** What the server kept of one accepted call with these headers: the newest entry. */
async function keptOfCallWith(headers: Record<string, string>) {
  expect((await logCall('info', 'session.checkFailed', headers)).statusCode).toBe(200);
  const [entry] = await newestEntries(1);
  return entry;
}

describe('client log calls (spec §7, issue 35 F7)', () => {
  it('stores a catalogue code with the route pattern and version of its headers, anonymously', async () => {
    const response = await logCall('warn', 'resourceConfig.loadFailed', {
      'Client-Current-Route': '/cgm/manage/patient/123',
      'Client-Version': '1.2.3',
      'Client-Application': 'cgm-web-client',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 1 });
    const [entry] = await newestEntries(1);
    expect(entry).toMatchObject({
      level: 'warn',
      message: 'resourceConfig.loadFailed',
      route: '/cgm/manage/patient/:id',
      clientVersion: '1.2.3',
      role: null,
    });
  });

  it('keeps an error’s name with its code, and a name outside the catalogue only as OtherError', async () => {
    expect((await logCall('error', 'render.crashed:TypeError')).statusCode).toBe(200);
    expect((await logCall('error', 'render.crashed:RosaAlvarez')).statusCode).toBe(200);
    const [other, typeError] = await newestEntries(2);
    expect(typeError?.message).toBe('render.crashed:TypeError');
    expect(other?.message).toBe('render.crashed:OtherError');
    expect(await storedText()).not.toMatch(/rosa|alvarez/i);
  });

  it.each([
    ['a name', 'page failed for Maria Garcia'],
    ['a phone number', 'call (555) 123-4567 back'],
    ['a long-form date', 'born March 2, 1950'],
    ['a street address', 'lives at 42 Elm Street, Springfield'],
    ['an SSN-like number', 'ssn 123-45-6789'],
    ['an MRN-like number', 'MRN 00123456'],
    ['an email address', 'maria.garcia@example.test'],
    ['free text after a known code', 'render.crashed: Maria Garcia'],
    ['a name in the error name part', 'render.crashed:Maria Garcia'],
    ['an error message after the name', 'render.crashed:TypeError: x of 123-45-6789'],
  ])('refuses %s with 400 and stores nothing of it', async (_what, message) => {
    const before = await countOf('true');
    const response = await logCall('error', message, { 'Client-Current-Route': '/cgm/login' });
    expect(response.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(response.json()).fields?.[0]).toEqual({
      path: 'message',
      message: 'VALID_LOG_MESSAGE_UNKNOWN_CODE',
    });
    expect(await countOf('true')).toBe(before);
    expect(await storedText()).not.toMatch(/garcia|555|1950|elm street|6789|00123456/i);
  });

  it('refuses an unknown code, an empty message and an unknown level with 400, and a page of text with 413', async () => {
    expect((await logCall('info', 'route.somethingNew')).statusCode).toBe(400);
    const empty = await logCall('info', '   ');
    expect(empty.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(empty.json()).fields?.[0]?.message).toBe('VALID_MESSAGE_IS_REQUIRED');
    expect((await logCall('debug', 'route.loadFailed')).statusCode).toBe(400);
    const page = await postJson(testApp.app, '/api/cgm/log/info', {
      message: 'route.loadFailed',
      clientCurrentRoute: 'x'.repeat(5_000),
    });
    expect(page.statusCode).toBe(413);
  });

  it.each([
    ['1.2.3', '1.2.3'],
    ['10.0.1-rc.2', '10.0.1-rc.2'],
    ['1.0.0+5f3c2a1', '1.0.0+5f3c2a1'],
    ['', 'unknown'],
    ['1.2', 'unknown'],
    ['1.2.3 Maria Garcia', 'unknown'],
    ['555-123-4567', 'unknown'],
  ])('keeps the client version %j as %j', async (sent, kept) => {
    const entry = await keptOfCallWith({ 'Client-Version': sent });
    expect(entry?.clientVersion).toBe(kept);
  });

  it.each([
    ['/cgm/manage/patient/123/edit?tab=orders', '/cgm/manage/patient/:id/edit'],
    ['/cgm/patientlogin?token=DEMO-HOME-0001', '/cgm/patientlogin'],
    [
      '/cgm/patient/selfassessment/12/assessment/34/error/agefailure',
      '/cgm/patient/selfassessment/:id/assessment/:id/error/agefailure',
    ],
    ['/cgm/manage/patient/:patientId', '/cgm/manage/patient/:id'],
    ['/cgm/maria-garcia/Abc123def456ghi789jkl0#x', '/cgm/:id/:id'],
    ['/about/us', '/about/us'],
    ['', '/'],
  ])('keeps the route %j as its pattern %j', async (sent, kept) => {
    const entry = await keptOfCallWith({ 'Client-Current-Route': sent });
    expect(entry?.route).toBe(kept);
    expect(entry?.route).not.toMatch(/\d|garcia|token/i);
  });

  it('stores the role of a signed-in sender and caps what one session may send in a minute', async () => {
    const technician = await loginAs(testApp.app, 'technician@demo.test');
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/cgm/log/info',
        headers: { authToken: technician, 'content-type': 'application/json' },
        payload: JSON.stringify({ message: 'report.loadFailed' }),
      });
    const answers: number[] = [];
    for (let sent = 0; sent <= clientLogQuotas.perSessionMinute; sent += 1) answers.push((await send()).statusCode);
    expect(answers.filter((status) => status === 200)).toHaveLength(clientLogQuotas.perSessionMinute);
    expect(answers.at(-1)).toBe(429);
    const [entry] = await newestEntries(1);
    expect(entry).toMatchObject({ message: 'report.loadFailed', role: 'technician' });
  });

  it('takes the page-hide beacon: text/plain, no headers, the route and version in the body, filed as anonymous', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/cgm/log/error',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({
        message: 'error.unhandled:TypeError',
        clientVersion: '2.0.0',
        clientCurrentRoute: '/cgm/manage/patient/77?search=Garcia',
      }),
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await newestEntries(1);
    expect(entry).toMatchObject({
      level: 'error',
      message: 'error.unhandled:TypeError',
      route: '/cgm/manage/patient/:id',
      clientVersion: '2.0.0',
      role: null,
    });
    const broken = await testApp.app.inject({
      method: 'POST',
      url: '/api/cgm/log/error',
      headers: { 'content-type': 'text/plain' },
      payload: 'Maria Garcia',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('no longer offers the batched call beside the spec’s', async () => {
    const response = await postJson(testApp.app, '/api/cgm/log', {
      entries: [{ level: 'info', message: 'route.loadFailed' }],
    });
    expect(response.statusCode).toBe(404);
  });

  it('keeps anonymous entries to their own quota: a flood without a session leaves signed-in entries intact', async () => {
    // A full table of both kinds, as after a busy week and a script posting from the sign-in page.
    await testApp.db.query(
      `INSERT INTO client_logs (level, message, route, client_version, role, session_id)
       SELECT 'info', 'session.checkFailed', '/cgm/manage/patients', '1.0.0', 'clinician', 1
       FROM generate_series(1, $1::int)`,
      [clientLogQuotas.signedInKept],
    );
    await testApp.db.query(
      `INSERT INTO client_logs (level, message, route, client_version)
       SELECT 'info', 'route.loadFailed', '/cgm', 'unknown' FROM generate_series(1, $1::int)`,
      [clientLogQuotas.anonymousKept],
    );
    const signedInBefore = await countOf('session_id IS NOT NULL');
    expect(signedInBefore).toBeGreaterThanOrEqual(clientLogQuotas.signedInKept);
    for (let index = 0; index < 5; index += 1) {
      expect((await logCall('warn', 'access.forbidden')).statusCode).toBe(200);
    }
    expect(await countOf('session_id IS NOT NULL')).toBe(signedInBefore);
    expect(await countOf('session_id IS NULL')).toBe(clientLogQuotas.anonymousKept);
    const [newest] = await newestEntries(1);
    expect(newest).toMatchObject({ message: 'access.forbidden', role: null });

    // A signed-in entry trims only its own kind, to its own bound.
    const clinician = await loginAs(testApp.app, 'clinician@demo.test');
    const signedIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/cgm/log/error',
      headers: { authToken: clinician, 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'cache.updateFailed:QuotaExceededError' }),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await countOf('session_id IS NOT NULL')).toBe(clientLogQuotas.signedInKept);
    expect(await countOf('session_id IS NULL')).toBe(clientLogQuotas.anonymousKept);
  });

  it('lets only administrators read the entries', async () => {
    expect((await callApi(testApp.app, 'GET', '/api/cgm/log', null)).statusCode).toBe(401);
    const clinician = await loginAs(testApp.app, 'clinician@demo.test');
    expect((await callApi(testApp.app, 'GET', '/api/cgm/log', clinician)).statusCode).toBe(403);
  });
});
