import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, contactResultSchema, outboxListSchema } from '#common/contract';
import { postJson, devCall } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';
import { contactMessagesPerHour, contactRecipient } from './contact';
import { postRawJson } from '../testing/raw-json';

const testApp = useTestApp({ demo: true });

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  organization: 'Analytical Engines',
  message: 'Please send me the technical requirements.',
  optin: true,
};

const send = (body: unknown) => postJson(testApp.app, '/api/cgm/contact', body, { authToken: 'NA' });

describe('POST /api/{product}/contact', () => {
  it('stores a valid message anonymously and queues an email to the support team', async () => {
    const response = await send({ ...valid, email: 'stored@example.test', name: '  Ada Lovelace  ' });
    expect(response.statusCode).toBe(200);
    expect(contactResultSchema.parse(response.json())).toEqual({ success: true });

    const rows = await testApp.db.query<{ name: string; organization: string; optin: boolean }>(
      'SELECT name, organization, optin FROM contact_messages WHERE email = $1',
      ['stored@example.test'],
    );
    expect(rows).toEqual([{ name: 'Ada Lovelace', organization: 'Analytical Engines', optin: true }]);

    const outbox = outboxListSchema.parse((await devCall(testApp.app, 'GET', '/api/dev/outbox')).json());
    const email = outbox.dataList.find((message) => message.body.includes('stored@example.test'));
    expect(email?.to).toBe(contactRecipient);
    expect(email?.subject).toBe('Contact form: message from Ada Lovelace');
    expect(email?.body).toContain(valid.message);
  });

  it('accepts an empty organization', async () => {
    const response = await send({ ...valid, email: 'no-org@example.test', organization: '' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['name', { name: '   ' }, 'VALID_NAME_IS_REQUIRED'],
    ['name', { name: 'n'.repeat(256) }, 'VALID_NAME_TOO_LONG'],
    ['email', { email: '' }, 'VALID_EMAIL_IS_REQUIRED'],
    ['email', { email: 'not-an-email' }, 'VALID_EMAIL_SHOULD_BE_VALID'],
    ['email', { email: `${'a'.repeat(250)}@example.test` }, 'VALID_EMAIL_SHOULD_BE_VALID'],
    ['organization', { organization: 'o'.repeat(256) }, 'VALID_ORGANIZATION_TOO_LONG'],
    ['message', { message: '' }, 'VALID_MESSAGE_IS_REQUIRED'],
    ['message', { message: 'm'.repeat(256) }, 'VALID_MESSAGE_TOO_LONG'],
    ['optin', { optin: false }, 'VALID_CONSENT_IS_REQUIRED'],
  ])('refuses a bad %s with 400 naming the field (%j)', async (field, change, reason) => {
    const response = await send({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    const body = apiErrorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION');
    expect(body.fields).toContainEqual({ path: field, message: reason });
  });

  it('refuses a missing field and a body that is not JSON with 400, never 500', async () => {
    const missing = await send({ ...valid, optin: undefined });
    expect(missing.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(missing.json()).fields?.map((field) => field.path)).toContain('optin');

    const garbage = await postRawJson(testApp.app, '/api/cgm/contact', '{"name":');
    expect(garbage.statusCode).toBe(400);
  });

  it('stores a message of exactly 255 characters', async () => {
    const response = await send({ ...valid, email: 'long@example.test', message: 'x'.repeat(255) });
    expect(response.statusCode).toBe(200);
  });

  it(`throttles one sender address after ${String(contactMessagesPerHour)} messages an hour`, async () => {
    const email = 'busy@example.test';
    for (let index = 0; index < contactMessagesPerHour; index += 1) {
      expect((await send({ ...valid, email })).statusCode).toBe(200);
    }
    const refused = await send({ ...valid, email: 'BUSY@example.test' });
    expect(refused.statusCode).toBe(429);
    expect(apiErrorBodySchema.parse(refused.json()).code).toBe('TOO_MANY_REQUESTS');
    expect((await send({ ...valid, email: 'other@example.test' })).statusCode).toBe(200);
  });
});
