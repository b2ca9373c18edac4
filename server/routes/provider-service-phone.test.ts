import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  providerServiceListSchema,
  providerServiceSchema,
  type ProviderServiceInput,
} from '#common/contract';
import { useSignedInApp } from '../testing/signed-in-app';
import { callApi } from '../testing/test-app';
import { testProviderServiceInput } from '../testing/test-provider-services';

/** Issue 32: a provider service's contact phone, set by an administrator, printed on the patient's letter. */

const testApp = useSignedInApp();
const input = (overrides: Partial<ProviderServiceInput> = {}) => testProviderServiceInput('Phone Clinic', overrides);

const send = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  callApi(testApp.app, method, url, testApp.tokens.admin, body);

async function read(id: number) {
  const response = await callApi(testApp.app, 'GET', `/api/cgm/providerservices/${String(id)}`, testApp.tokens.admin);
  return providerServiceSchema.parse(response.json());
}

describe('a provider service’s contact phone', () => {
  it('is stored formatted (10 digits as NNN-NNN-NNNN) and returned by every provider-service call', async () => {
    const body = input({ contactPhone: '3125550147' });
    const created = await send('POST', '/api/cgm/providerservices', body);
    expect(created.statusCode, created.body).toBe(201);
    const { id, contactPhone } = providerServiceSchema.parse(created.json());
    expect(contactPhone).toBe('312-555-0147');
    expect((await read(id)).contactPhone).toBe('312-555-0147');
    const [stored] = await testApp.db.query<{ phone: string }>(
      'SELECT contact_phone AS phone FROM provider_services WHERE id = $1',
      [id],
    );
    expect(stored?.phone).toBe('312-555-0147');
    const list = await callApi(
      testApp.app,
      'GET',
      `/api/cgm/providerservices?searchText=${encodeURIComponent(body.providerName)}`,
      testApp.tokens.admin,
    );
    expect(providerServiceListSchema.parse(list.json()).dataList.map((service) => service.contactPhone)).toEqual([
      '312-555-0147',
    ]);
    // Staff read their own provider service with it too (the letter they print shows it).
    const own = await callApi(testApp.app, 'GET', '/api/cgm/providerservices/1', testApp.tokens.clinician);
    expect(providerServiceSchema.parse(own.json()).contactPhone).toBe('');
  });

  it('is optional: none is stored as empty, and an edit that leaves it out keeps it', async () => {
    const without = await send('POST', '/api/cgm/providerservices', input());
    expect(providerServiceSchema.parse(without.json()).contactPhone).toBe('');

    const body = input({ contactPhone: '(847) 555-0110' });
    const { id } = providerServiceSchema.parse((await send('POST', '/api/cgm/providerservices', body)).json());
    // A client that does not know the field sends the spec's body.
    const oldClient: ProviderServiceInput = { ...body };
    delete oldClient.contactPhone;
    expect((await send('PUT', `/api/cgm/providerservices/${String(id)}`, oldClient)).statusCode).toBe(200);
    expect((await read(id)).contactPhone).toBe('(847) 555-0110');
    const cleared = await send('PUT', `/api/cgm/providerservices/${String(id)}`, { ...body, contactPhone: ' ' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await read(id)).contactPhone).toBe('');
  });

  it.each([
    ['123-555-0147', 'an area code starting with 1'],
    ['555-0147', 'too few digits'],
    ['312-555-0147 ext 22', 'more than 16 characters'],
    ['call the desk', 'no digits'],
  ])('refuses %j (%s) with 400 naming the field and the reason, and stores nothing', async (contactPhone) => {
    const body = input({ contactPhone });
    for (const [method, url] of [
      ['POST', '/api/cgm/providerservices'],
      ['PUT', '/api/cgm/providerservices/1'],
    ] as const) {
      const response = await send(method, url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(apiErrorBodySchema.parse(response.json()).fields).toEqual([
        { path: 'contactPhone', message: 'VALID_FIELD_SHOULD_BE_VALID_FORMAT' },
      ]);
    }
    const [found] = await testApp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM providers WHERE name = $1', [
      body.providerName,
    ]);
    expect(found?.n).toBe(0);
  });
});
