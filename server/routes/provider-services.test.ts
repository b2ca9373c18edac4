import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// Over 300 lines: every provider-service route (list, create, update, read, references) against one seeded app, so
// the rules of spec §4 and §7 for the aggregate are read in one place.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  authResultSchema,
  batteryListSchema,
  localityListSchema,
  providerServiceListSchema,
  providerServiceRefListSchema,
  providerServiceSchema,
  reportTypeListSchema,
  type ProviderServiceInput,
} from '#common/contract';
import { startSession } from '../auth/session-service';
import { demoAccounts, demoPassword } from '../seed/seed';
import { createTestApp, postJson, type TestApp } from '../testing/test-app';
import { testProviderServiceInput } from '../testing/test-provider-services';

let testApp: TestApp;
const tokens = { admin: '', clinician: '', technician: '', clinician2: '', patient: '' };

async function loginToken(userName: string): Promise<string> {
  const response = await postJson(testApp.app, '/api/cgm/login', { userName, password: demoPassword });
  const result = authResultSchema.parse(response.json());
  if (!result.authToken) throw new Error(`no token for ${userName}`);
  return result.authToken;
}

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
  tokens.admin = await loginToken(demoAccounts.admin);
  tokens.clinician = await loginToken(demoAccounts.clinician);
  tokens.technician = await loginToken(demoAccounts.technician);
  tokens.clinician2 = await loginToken(demoAccounts.clinician2);
  const [patient] = await testApp.db.query<{ id: number }>('SELECT id FROM patients ORDER BY id LIMIT 1');
  if (!patient) throw new Error('demo seed has no patient');
  tokens.patient = (await startSession(testApp.db, { patientId: patient.id, assessmentOrderId: null }, 30)).token;
});

afterAll(async () => {
  await testApp.close();
});

type Who = keyof typeof tokens;

function get(url: string, who: Who): Promise<LightMyRequestResponse> {
  return testApp.app.inject({ method: 'GET', url, headers: { authToken: tokens[who] } });
}

function send(method: 'POST' | 'PUT', url: string, body: unknown, who: Who = 'admin') {
  return testApp.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', authToken: tokens[who] },
    payload: JSON.stringify(body),
  });
}

const newInput = (overrides: Partial<ProviderServiceInput> = {}) =>
  testProviderServiceInput('Test Provider', overrides);

async function create(input: ProviderServiceInput) {
  const response = await send('POST', '/api/cgm/providerservices', input);
  expect(response.statusCode, response.body).toBe(201);
  return providerServiceSchema.parse(response.json());
}

function fieldsOf(response: LightMyRequestResponse): string[] {
  return (apiErrorBodySchema.parse(response.json()).fields ?? []).map((field) => field.path);
}

describe('GET /api/cgm/providerservices', () => {
  it('lists provider services ordered by provider name by default, with the total count', async () => {
    const response = await get('/api/cgm/providerservices', 'admin');
    expect(response.statusCode).toBe(200);
    const list = providerServiceListSchema.parse(response.json());
    expect(list.count).toBe(list.dataList.length);
    const names = list.dataList.map((row) => row.provider.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const northside = list.dataList.find((row) => row.provider.name === 'Northside Memory Clinic');
    expect(northside).toMatchObject({
      service: { name: 'Neurology' },
      deliveryMethod: 'BOTH',
      defaultAssessmentLanguage: 'en-US',
      reportType: { id: 1 },
      configurationsToggledBatteryTypes: { 'Full assessment': true, 'Memory assessment': true },
      // Spec §3: the runner's workflow and the default battery.
      workflowDef: 'cgm-cbb',
      battery: 'FullCBB',
    });
    expect(northside?.supportedAssessmentOrderTypes.map((type) => [type.id, type.name, type.isDefault])).toEqual([
      ['HOME', 'Out-Of-Clinic', true],
      ['SITE', 'In-Clinic', false],
    ]);
    expect(northside?.supportedAssessmentLanguages.map((language) => language.name)).toEqual([
      'United States - English',
      'United States - Spanish',
    ]);
  });

  it('searches the merged name without case and treats % literally', async () => {
    const response = await get('/api/cgm/providerservices?searchText=lakeSIDE%20primary', 'admin');
    const list = providerServiceListSchema.parse(response.json());
    expect(list.dataList.map((row) => row.provider.name)).toEqual(['Lakeside Primary Care']);
    expect(list.count).toBe(1);
    const merged = providerServiceListSchema.parse(
      (await get('/api/cgm/providerservices?searchText=clinic%20--%20neuro', 'admin')).json(),
    );
    expect(merged.dataList.map((row) => row.service.name)).toEqual(['Neurology']);
    const percent = providerServiceListSchema.parse(
      (await get('/api/cgm/providerservices?searchText=%25', 'admin')).json(),
    );
    expect(percent.count).toBe(0);
  });

  it('pages with skip and take while count stays the total, and sorts descending on request', async () => {
    for (let index = 0; index < 3; index += 1)
      await create(newInput({ providerName: `Paging Clinic ${String(index)}` }));
    const all = providerServiceListSchema.parse(
      (await get('/api/cgm/providerservices?searchText=paging', 'admin')).json(),
    );
    expect(all.count).toBe(3);
    const page = providerServiceListSchema.parse(
      (await get('/api/cgm/providerservices?searchText=paging&skip=1&take=1&ascending=false', 'admin')).json(),
    );
    expect(page.count).toBe(3);
    expect(page.dataList.map((row) => row.provider.name)).toEqual(['Paging Clinic 1']);
    const beyond = providerServiceListSchema.parse(
      (await get('/api/cgm/providerservices?searchText=paging&skip=50&take=25', 'admin')).json(),
    );
    expect(beyond).toEqual({ dataList: [], count: 3 });
  });

  it('sorts by default language and report type', async () => {
    const byLanguage = providerServiceListSchema.parse(
      (await get('/api/cgm/providerservices?orderBy=DefaultLanguage.Name&ascending=true', 'admin')).json(),
    );
    expect(byLanguage.dataList.length).toBeGreaterThan(1);
    const byReport = await get('/api/cgm/providerservices?orderBy=ReportType.Name', 'admin');
    expect(byReport.statusCode).toBe(200);
  });

  it('answers 400 with the field for a bad sort column or page size, never 500', async () => {
    const badOrder = await get('/api/cgm/providerservices?orderBy=Provider.Name;DROP', 'admin');
    expect(badOrder.statusCode).toBe(400);
    expect(fieldsOf(badOrder)).toEqual(['query.orderBy']);
    const badTake = await get('/api/cgm/providerservices?take=0', 'admin');
    expect(badTake.statusCode).toBe(400);
    expect(fieldsOf(badTake)).toEqual(['query.take']);
  });

  it.each(['clinician', 'technician', 'patient'] as const)('refuses the list to a %s with 403', async (who) => {
    expect((await get('/api/cgm/providerservices', who)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/cgm/providerservices' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/cgm/providerservices', () => {
  it('creates a provider service with its order types, languages and batteries', async () => {
    const created = await create(
      newInput({
        providerName: '  Harbor View Clinic ',
        serviceName: 'Cardiology',
        deliveryMethod: 'SITE',
        batteryCodes: ['MemOnlyCBB', 'FullCBB'],
        localities: [
          { localityId: 'en-US', isDefault: false },
          { localityId: 'es-US', isDefault: true },
        ],
      }),
    );
    expect(created.provider.name).toBe('Harbor View Clinic');
    expect(created.supportedAssessmentOrderTypes.map((type) => type.id)).toEqual(['SITE']);
    expect(created.defaultAssessmentLanguage).toBe('es-US');
    // The product default battery (first in display order) becomes this provider service's default.
    expect(created.supportedBatteryTypes).toEqual([
      { code: 'FullCBB', name: 'Full assessment', isDefault: true },
      { code: 'MemOnlyCBB', name: 'Memory assessment', isDefault: false },
    ]);
    const fetched = await get(`/api/cgm/providerservices/${String(created.id)}`, 'admin');
    expect(providerServiceSchema.parse(fetched.json())).toEqual(created);
  });

  it.each([
    [null, ['HOME', 'SITE']],
    ['', ['HOME', 'SITE']],
    ['HOME', ['HOME']],
  ] as const)('turns delivery method %j into order types %j', async (deliveryMethod, orderTypes) => {
    const created = await create(newInput({ deliveryMethod }));
    expect(created.supportedAssessmentOrderTypes.map((type) => type.id)).toEqual(orderTypes);
    expect(created.supportedAssessmentOrderTypes.filter((type) => type.isDefault)).toHaveLength(1);
  });

  it('reuses an existing provider, matched without case, for a new service', async () => {
    const created = await create(newInput({ providerName: 'northside memory clinic', serviceName: 'Psychiatry' }));
    const [northside] = await testApp.db.query<{ id: number }>(
      "SELECT id FROM providers WHERE name = 'Northside Memory Clinic'",
    );
    expect(created.provider.id).toBe(northside?.id);
  });

  it('refuses a second provider service for the same provider and service with a clear 409', async () => {
    const response = await send(
      'POST',
      '/api/cgm/providerservices',
      newInput({ providerName: 'NORTHSIDE Memory Clinic', serviceName: 'neurology' }),
    );
    expect(response.statusCode).toBe(409);
    const body = apiErrorBodySchema.parse(response.json());
    expect(body.code).toBe('DUPLICATE_PROVIDER_SERVICE');
    expect(body.message).toBe('The provider service "NORTHSIDE Memory Clinic -- neurology" already exists.');
    expect(fieldsOf(response)).toEqual(['providerName', 'serviceName']);
  });

  it.each([
    ['providerName', { providerName: '   ' }],
    ['serviceName', { serviceName: 'x'.repeat(256) }],
    ['reportTypeId', { reportTypeId: 0 }],
    ['deliveryMethod', { deliveryMethod: 'MAIL' as never }],
    ['batteryCodes', { batteryCodes: [] }],
    ['localities', { localities: [] }],
    ['localities', { localities: [{ localityId: 'en-US', isDefault: false }] }],
    [
      'localities',
      {
        localities: [
          { localityId: 'en-US', isDefault: true },
          { localityId: 'es-US', isDefault: true },
        ],
      },
    ],
  ])('answers 400 naming %s for bad input', async (field, overrides) => {
    const response = await send('POST', '/api/cgm/providerservices', newInput(overrides));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toContain(field);
  });

  it('answers 400 naming the field for unknown reference ids', async () => {
    const response = await send(
      'POST',
      '/api/cgm/providerservices',
      newInput({
        reportTypeId: 99,
        batteryCodes: ['FullCBB', 'NoSuchCBB'],
        localities: [{ localityId: 'xx-XX', isDefault: true }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['reportTypeId', 'batteryCodes.1', 'localities.0.localityId']);
  });

  // Issue 37: the rules answer translation keys, so a French administrator reads them in French, not in English.
  it('answers the rules of the form as translation keys the client has, whatever language was asked', async () => {
    const english = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../locales/en-US/provider-services.json'), 'utf8'),
    ) as Record<string, unknown>;
    const refused = [
      newInput({ providerName: ' ', serviceName: 'x'.repeat(256) }),
      newInput({ batteryCodes: [] }),
      newInput({ batteryCodes: ['FullCBB', 'FullCBB'] }),
      newInput({ localities: [] }),
      newInput({ localities: [{ localityId: 'en-US', isDefault: false }] }),
      newInput({
        localities: [
          { localityId: 'en-US', isDefault: true },
          { localityId: 'fr-FR', isDefault: true },
        ],
      }),
    ];
    const messages: string[] = [];
    for (const body of refused) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/cgm/providerservices',
        headers: { 'content-type': 'application/json', 'accept-language': 'fr-FR', authToken: tokens.admin },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode).toBe(400);
      messages.push(...(apiErrorBodySchema.parse(response.json()).fields ?? []).map((field) => field.message));
    }
    expect(messages).toEqual([
      'VALID_PROVIDER_NAME_IS_REQUIRED',
      'VALID_SERVICE_NAME_TOO_LONG',
      'VALID_BATTERY_TYPE_REQUIRED',
      'VALID_BATTERY_LISTED_TWICE',
      'VALID_LANGUAGE_IS_REQUIRED',
      'VALID_ONE_DEFAULT_LANGUAGE',
      'VALID_ONE_DEFAULT_LANGUAGE',
      'VALID_ONE_DEFAULT_LANGUAGE',
    ]);
    for (const message of messages) expect(english, message).toHaveProperty(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/cgm/providerservices',
      headers: { 'content-type': 'application/json', authToken: tokens.admin },
      payload: '{"providerName":',
    });
    expect(response.statusCode).toBe(400);
  });

  it.each(['clinician', 'technician', 'patient'] as const)('refuses a create by a %s with 403', async (who) => {
    const response = await send('POST', '/api/cgm/providerservices', newInput(), who);
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/cgm/providerservices/{id}', () => {
  it('keeps the days a link works and the days before a reminder (issue 18), within their limits', async () => {
    const created = await create(newInput());
    expect(created).toMatchObject({ linkExpiryDays: 14, reminderAfterDays: 3 });
    const url = `/api/cgm/providerservices/${String(created.id)}`;
    const body = { ...newInput({ providerName: created.provider.name }), linkExpiryDays: 7, reminderAfterDays: 2 };
    const response = await send('PUT', url, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(providerServiceSchema.parse(response.json())).toMatchObject({ linkExpiryDays: 7, reminderAfterDays: 2 });
    for (const wrong of [{ linkExpiryDays: 0 }, { linkExpiryDays: 366 }, { reminderAfterDays: 61 }]) {
      const refused = await send('PUT', url, { ...body, ...wrong });
      expect(refused.statusCode).toBe(400);
      expect(fieldsOf(refused)).toEqual(Object.keys(wrong));
    }
  });

  it('updates names, delivery method and batteries, adds a language and moves the default', async () => {
    const created = await create(newInput({ serviceName: 'Before' }));
    const response = await send('PUT', `/api/cgm/providerservices/${String(created.id)}`, {
      ...newInput({ providerName: created.provider.name, serviceName: 'After' }),
      deliveryMethod: 'HOME',
      batteryCodes: ['MemOnlyCBB'],
      localities: [
        { localityId: 'en-US', isDefault: false },
        { localityId: 'fr-FR', isDefault: false },
        { localityId: 'es-US', isDefault: true },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = providerServiceSchema.parse(response.json());
    expect(updated.id).toBe(created.id);
    expect(updated.service.name).toBe('After');
    // A service used by nobody else is renamed in place, so no orphan row is left behind.
    expect(updated.service.id).toBe(created.service.id);
    expect(updated.supportedAssessmentOrderTypes.map((type) => type.id)).toEqual(['HOME']);
    expect(updated.supportedBatteryTypes).toEqual([{ code: 'MemOnlyCBB', name: 'Memory assessment', isDefault: true }]);
    expect(updated.defaultAssessmentLanguage).toBe('es-US');
    expect(updated.supportedAssessmentLanguages.map((language) => language.localityId).sort()).toEqual([
      'en-US',
      'es-US',
      'fr-FR',
    ]);
  });

  it('refuses to remove a language that was added before (400 naming localities)', async () => {
    const created = await create(newInput());
    const response = await send('PUT', `/api/cgm/providerservices/${String(created.id)}`, {
      ...newInput({ providerName: created.provider.name }),
      localities: [{ localityId: 'en-US', isDefault: true }],
    });
    expect(response.statusCode).toBe(400);
    const body = apiErrorBodySchema.parse(response.json());
    expect(body.fields).toEqual([{ path: 'localities', message: 'VALID_LANGUAGE_CANNOT_BE_REMOVED' }]);
  });

  it('refuses to rename into an existing provider and service pair with 409', async () => {
    const created = await create(newInput());
    const response = await send('PUT', `/api/cgm/providerservices/${String(created.id)}`, {
      ...newInput({ providerName: 'Lakeside Primary Care', serviceName: 'Geriatrics' }),
    });
    expect(response.statusCode).toBe(409);
    // Nothing changed.
    const fetched = providerServiceSchema.parse(
      (await get(`/api/cgm/providerservices/${String(created.id)}`, 'admin')).json(),
    );
    expect(fetched.provider.name).toBe(created.provider.name);
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    expect((await send('PUT', '/api/cgm/providerservices/999999', newInput())).statusCode).toBe(404);
    expect((await send('PUT', '/api/cgm/providerservices/abc', newInput())).statusCode).toBe(400);
  });

  it('refuses an update by a clinician with 403', async () => {
    const response = await send('PUT', '/api/cgm/providerservices/1', newInput(), 'clinician');
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/cgm/providerservices/{id}, /batteries, /updatedproviderservices', () => {
  it('lets staff read their own provider service but not another one', async () => {
    const own = await get('/api/cgm/providerservices/1', 'clinician');
    expect(own.statusCode).toBe(200);
    expect(providerServiceSchema.parse(own.json()).provider.name).toBe('Northside Memory Clinic');
    expect((await get('/api/cgm/providerservices/2', 'clinician')).statusCode).toBe(403);
    expect((await get('/api/cgm/providerservices/1', 'patient')).statusCode).toBe(403);
  });

  it('answers every battery with those of the caller’s own provider service selected, by default', async () => {
    const response = await get('/api/cgm/providerservices/batteries', 'clinician2');
    expect(response.statusCode).toBe(200);
    const list = batteryListSchema.parse(response.json());
    expect(list.dataList.map((battery) => [battery.code, battery.selected, battery.isDefault])).toEqual([
      ['FullCBB', true, true],
      ['MemOnlyCBB', false, false],
    ]);
    expect((await get('/api/cgm/providerservices/batteries?providerServiceId=1', 'clinician2')).statusCode).toBe(403);
    const forCops = await get('/api/cgm/providerservices/batteries?providerServiceId=1', 'admin');
    expect(batteryListSchema.parse(forCops.json()).dataList.every((battery) => battery.selected)).toBe(true);
    expect((await get('/api/cgm/providerservices/batteries', 'admin')).statusCode).toBe(400);
  });

  it('names each battery in the language the caller asked for (localizedText)', async () => {
    const inSpanish = await testApp.app.inject({
      method: 'GET',
      url: '/api/cgm/providerservices/batteries?providerServiceId=1',
      headers: { authToken: tokens.admin, 'accept-language': 'es-US' },
    });
    const spanish = batteryListSchema.parse(inSpanish.json()).dataList;
    expect(spanish.map((battery) => battery.localizedText)).toEqual([
      'Evaluación completa',
      'Evaluación de la memoria',
    ]);
    const references = batteryListSchema.parse((await get('/api/references/batteries', 'admin')).json()).dataList;
    expect(references.map((battery) => [battery.localizedText, battery.selected])).toEqual([
      ['Full assessment', false],
      ['Memory assessment', false],
    ]);
  });

  it('answers the provider services the caller may choose: all for cops, own for staff', async () => {
    const created = await create(newInput({ providerName: 'Zephyr Added Later' }));
    const forCops = providerServiceRefListSchema.parse(
      (await get('/api/cgm/providerservices/updatedproviderservices', 'admin')).json(),
    );
    expect(forCops.dataList.map((ref) => ref.id)).toContain(created.id);
    const forStaff = providerServiceRefListSchema.parse(
      (await get('/api/cgm/providerservices/updatedproviderservices', 'technician')).json(),
    );
    expect(forStaff.dataList.map((ref) => `${ref.provider.name} -- ${ref.service.name}`)).toEqual([
      'Northside Memory Clinic -- Neurology',
    ]);
    expect((await get('/api/cgm/providerservices/updatedproviderservices', 'patient')).statusCode).toBe(403);
  });
});

describe('GET /api/references/*', () => {
  it('answers localities as "location - language", including the added ones', async () => {
    const list = localityListSchema.parse((await get('/api/references/localities', 'clinician')).json());
    expect(list.dataList.map((locality) => [locality.id, locality.name]).slice(0, 3)).toEqual([
      ['en-US', 'United States - English'],
      ['es-US', 'United States - Spanish'],
      ['fr-FR', 'France - French'],
    ]);
    expect(list.count).toBe(list.dataList.length);
  });

  it('answers report types and batteries to any signed-in caller, and 401 without a token', async () => {
    expect(reportTypeListSchema.parse((await get('/api/references/reporttypes', 'technician')).json()).count).toBe(2);
    const batteries = batteryListSchema.parse((await get('/api/references/batteries', 'admin')).json());
    expect(batteries.dataList.map((battery) => [battery.id, battery.isDefault])).toEqual([
      ['FullCBB', true],
      ['MemOnlyCBB', false],
    ]);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/references/localities' })).statusCode).toBe(401);
  });
});
