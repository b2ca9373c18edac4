import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, clientLogListSchema } from '#common/contract';
import { callApi, loginAs, postJson } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';
import { redactClientText } from '../logs/redact';
import { clientLogsKept, clientLogsPerSessionMinute } from './client-logs';

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

describe('client log calls (spec §7)', () => {
  it('stores a per-level message with the route and version of its headers, anonymously', async () => {
    const response = await postJson(
      testApp.app,
      '/api/cgm/log/warn',
      { message: 'resource config could not be loaded' },
      { 'Client-Current-Route': '/cgm/login', 'Client-Version': '1.2.3' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 1 });
    const [entry] = await newestEntries(1);
    expect(entry).toMatchObject({
      level: 'warn',
      message: 'resource config could not be loaded',
      route: '/cgm/login',
      clientVersion: '1.2.3',
      role: null,
    });
  });

  it('stores a batch with the role of the signed-in sender, and masks what looks like a person’s data', async () => {
    const clinician = await loginAs(testApp.app, 'clinician@demo.test');
    const response = await callApi(testApp.app, 'POST', '/api/cgm/log', clinician, {
      clientVersion: '9.9.9',
      entries: [
        { level: 'error', message: 'TypeError: x is undefined', route: '/cgm/manage/patients?search=Garcia' },
        {
          level: 'fatal',
          message: 'failed for maria.garcia@example.test born 1950-03-02 token Abc123def456ghi789jkl0',
          route: '/cgm/patientlogin?token=DEMO-HOME-0001',
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [fatal, error] = await newestEntries(2);
    expect(error).toMatchObject({ level: 'error', route: '/cgm/manage/patients', role: 'clinician' });
    expect(fatal?.message).toBe('failed for [email] born [date] token [token]');
    expect(fatal?.route).toBe('/cgm/patientlogin');
    expect(JSON.stringify(await newestEntries(10))).not.toMatch(/garcia|1950|DEMO-HOME/i);
  });

  it('answers bad input with 400 and a reason', async () => {
    const badLevel = await postJson(testApp.app, '/api/cgm/log/debug', { message: 'x' });
    expect(badLevel.statusCode).toBe(400);
    const empty = await postJson(testApp.app, '/api/cgm/log/info', { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(empty.json()).fields?.[0]?.message).toBe('VALID_MESSAGE_IS_REQUIRED');
    const tooMany = await postJson(testApp.app, '/api/cgm/log', {
      entries: Array.from({ length: 21 }, () => ({ level: 'info', message: 'x' })),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('caps what one session may send in a minute', async () => {
    const technician = await loginAs(testApp.app, 'technician@demo.test');
    const batch = { entries: Array.from({ length: 20 }, () => ({ level: 'info', message: 'noise' })) };
    const answers: number[] = [];
    for (let sent = 0; sent <= clientLogsPerSessionMinute; sent += 20) {
      answers.push((await callApi(testApp.app, 'POST', '/api/cgm/log', technician, batch)).statusCode);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(clientLogsPerSessionMinute / 20);
    expect(answers.at(-1)).toBe(429);
  });

  it('keeps only the newest entries: the table never grows past its bound', async () => {
    await testApp.db.query(
      `INSERT INTO client_logs (level, message, route, client_version)
       SELECT 'info', 'old entry ' || n, '', '' FROM generate_series(1, $1::int) AS n`,
      [clientLogsKept],
    );
    const response = await postJson(testApp.app, '/api/cgm/log/error', { message: 'the newest entry' });
    expect(response.statusCode).toBe(200);
    const [{ count } = { count: 0 }] = await testApp.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM client_logs',
    );
    expect(count).toBe(clientLogsKept);
    const [newest] = await newestEntries(1);
    expect(newest?.message).toBe('the newest entry');
    const oldest = await testApp.db.query<{ message: string }>('SELECT message FROM client_logs ORDER BY id LIMIT 1');
    expect(oldest[0]?.message).not.toBe('old entry 1');
  });

  it('lets only administrators read the entries', async () => {
    expect((await callApi(testApp.app, 'GET', '/api/cgm/log', null)).statusCode).toBe(401);
    const clinician = await loginAs(testApp.app, 'clinician@demo.test');
    expect((await callApi(testApp.app, 'GET', '/api/cgm/log', clinician)).statusCode).toBe(403);
  });
});

describe('redactClientText', () => {
  it('keeps a plain sentence and masks emails, dates, tokens and query strings', () => {
    expect(redactClientText('cognitive report could not be loaded')).toBe('cognitive report could not be loaded');
    expect(redactClientText('at /cgm/x?token=abc 03/02/1950')).toBe('at /cgm/x?[query] [date]');
  });
});
