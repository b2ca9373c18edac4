import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, patientListSchema, patientProfileSchema, rulesSchema } from '#common/contract';
import { todayIso } from '#common/validation/dates';
import { callApi } from '../testing/test-app';
import { useSignedInApp } from '../testing/signed-in-app';
import { addTestPatient, testPatientWrite } from '../testing/test-patients';

const northside = 1;
const lakeside = 2;

const testApp = useSignedInApp();
const { tokens } = testApp;

async function list(token: string, query = '', path = '/api/profile/patients') {
  const response = await callApi(testApp.app, 'GET', `${path}?${query}`, token);
  expect(response.statusCode).toBe(200);
  return patientListSchema.parse(response.json());
}

function fieldsOf(body: unknown) {
  return apiErrorBodySchema.parse(body).fields ?? [];
}

describe('patient lists (spec §7 GET /api/profile/patients)', () => {
  it('answers 401 without a session', async () => {
    const response = await callApi(testApp.app, 'GET', '/api/profile/patients', null);
    expect(response.statusCode).toBe(401);
  });

  it('shows a clinician only the active patients of their provider service, with the total count', async () => {
    const page = await list(tokens.clinician, 'take=10');
    expect(page.dataList).toHaveLength(10);
    expect(page.count).toBeGreaterThanOrEqual(60);
    const all = await list(tokens.clinician);
    expect(all.dataList).toHaveLength(all.count);
    expect(all.dataList.every((patient) => patient.providerServices[0]?.id === northside)).toBe(true);
    expect(all.dataList.some((patient) => patient.isDisabled)).toBe(false);
    expect(all.dataList.map((patient) => patient.shortName)).not.toContain('Gordon Whitaker');
  });

  it('never shows a Northside patient to a Lakeside clinician, not even by id', async () => {
    const rosa = (await list(tokens.clinician, 'searchText=Rosa%20Alvarez')).dataList[0];
    expect(rosa?.name).toBe('Rosa M. Alvarez');
    const lakesideList = await list(tokens.clinician2);
    expect(lakesideList.dataList.map((patient) => patient.id)).not.toContain(rosa?.id);
    expect(lakesideList.dataList.every((patient) => patient.providerServices[0]?.id === lakeside)).toBe(true);
    const byId = await callApi(testApp.app, 'GET', `/api/profile/patients/${String(rosa?.id)}`, tokens.clinician2);
    expect(byId.statusCode).toBe(404);
    const search = await list(tokens.clinician2, 'searchText=Alvarez');
    expect(search.count).toBe(0);
    const asked = await callApi(
      testApp.app,
      'GET',
      `/api/profile/patients?providerServiceId=${String(northside)}`,
      tokens.clinician2,
    );
    expect(asked.statusCode).toBe(403);
  });

  it('shows cops every provider service and the deactivated patients, filtered by providerServiceId', async () => {
    const all = await list(tokens.admin);
    expect(new Set(all.dataList.map((patient) => patient.providerServices[0]?.id))).toEqual(
      new Set([northside, lakeside]),
    );
    expect(all.dataList.find((patient) => patient.shortName === 'Gordon Whitaker')?.isDisabled).toBe(true);
    const onlyLakeside = await list(tokens.admin, `providerServiceId=${String(lakeside)}`);
    expect(onlyLakeside.count).toBeGreaterThanOrEqual(10);
    expect(onlyLakeside.dataList.every((patient) => patient.providerServices[0]?.id === lakeside)).toBe(true);
  });

  it('pages with skip and take without overlap, and sorts by the requested column both ways', async () => {
    const first = await list(tokens.clinician, 'take=25&skip=0');
    const second = await list(tokens.clinician, 'take=25&skip=25');
    expect(second.count).toBe(first.count);
    const firstIds = new Set(first.dataList.map((patient) => patient.id));
    expect(second.dataList.some((patient) => firstIds.has(patient.id))).toBe(false);
    const names = first.dataList.map((patient) => patient.lastName.toLowerCase());
    expect(names).toEqual([...names].sort());

    const oldest = await list(tokens.clinician, 'orderBy=dateOfBirth&ascending=true&take=5');
    const youngest = await list(tokens.clinician, 'orderBy=dateOfBirth&ascending=false&take=5');
    const births = oldest.dataList.map((patient) => patient.dateOfBirth);
    expect(births).toEqual([...births].sort());
    expect(youngest.dataList[0]!.dateOfBirth > oldest.dataList[0]!.dateOfBirth).toBe(true);
  });

  it('searches names, emails and phones, treating % and _ literally', async () => {
    const byEmail = await list(tokens.clinician, 'searchText=rosa.alvarez@example');
    expect(byEmail.dataList.map((patient) => patient.shortName)).toEqual(['Rosa Alvarez']);
    const byLastFirst = await list(tokens.clinician, 'searchText=alvarez,%20rosa');
    expect(byLastFirst.count).toBe(1);
    const wildcard = await list(tokens.clinician, 'searchText=%25');
    expect(wildcard.count).toBe(0);
  });

  it('lists patients with results and patients with outstanding orders', async () => {
    const results = await list(tokens.clinician, '', '/api/profile/patients/withresults');
    expect(results.count).toBeGreaterThan(0);
    expect(results.dataList.every((patient) => patient.lastAssessmentOrderCompletionDate !== null)).toBe(true);
    const outstanding = await list(tokens.clinician, '', '/api/profile/patients/outstandingorders');
    expect(outstanding.count).toBeGreaterThan(0);
    expect(outstanding.dataList.every((patient) => patient.openOrdersCount > 0)).toBe(true);
    expect(outstanding.dataList.map((patient) => patient.shortName)).toContain('Rosa Alvarez');
  });

  it('refuses technicians the list of patients with results (spec §6: no Results tab), not their other lists', async () => {
    const refused = await callApi(testApp.app, 'GET', '/api/profile/patients/withresults', tokens.technician);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Alvarez');
    const outstanding = await callApi(testApp.app, 'GET', '/api/profile/patients/outstandingorders', tokens.technician);
    expect(outstanding.statusCode).toBe(200);
    const asAdmin = await callApi(testApp.app, 'GET', '/api/profile/patients/withresults', tokens.admin);
    expect(asAdmin.statusCode).toBe(200);
  });

  it('answers 400 with the field for a bad query, never 500', async () => {
    for (const [query, field] of [
      ['take=0', 'query.take'],
      ['skip=-1', 'query.skip'],
      ['orderBy=password', 'query.orderBy'],
      ['ascending=maybe', 'query.ascending'],
      ['providerServiceId=abc', 'query.providerServiceId'],
    ] as const) {
      const response = await callApi(testApp.app, 'GET', `/api/profile/patients?${query}`, tokens.clinician);
      expect(response.statusCode, query).toBe(400);
      expect(fieldsOf(response.json()).map((entry) => entry.path)).toContain(field);
    }
    const badId = await callApi(testApp.app, 'GET', '/api/profile/patients/abc', tokens.clinician);
    expect(badId.statusCode).toBe(400);
  });
});

describe('adding and editing patients', () => {
  it('adds a patient without email at the clinician’s own provider service', async () => {
    const response = await addTestPatient(testApp.app, tokens.clinician);
    expect(response.statusCode).toBe(201);
    const patient = patientProfileSchema.parse(response.json());
    expect(patient.email).toBe('');
    expect(patient.providerServices.map((service) => service.id)).toEqual([northside]);
    const read = await callApi(testApp.app, 'GET', `/api/profile/patients/${String(patient.id)}`, tokens.technician);
    expect(patientProfileSchema.parse(read.json()).lastName).toBe(patient.lastName);
    // Spec §3: the gender carries its code under both names.
    expect([patient.gender.id, patient.gender.genderCode]).toEqual([
      testPatientWrite().gender,
      testPatientWrite().gender,
    ]);
  });

  it('formats a 10-digit phone and keeps an email', async () => {
    const response = await addTestPatient(testApp.app, tokens.technician, {
      phone: '8475550199',
      email: 'new.patient@example.test',
    });
    expect(response.statusCode).toBe(201);
    const patient = patientProfileSchema.parse(response.json());
    expect(patient.phone).toBe('847-555-0199');
    expect(patient.email).toBe('new.patient@example.test');
  });

  it.each([
    [{ firstName: '  ' }, 'firstName', 'VALID_FIELD_IS_REQUIRED'],
    [{ lastName: 'x'.repeat(256) }, 'lastName', 'VALID_FIELD_TOO_LONG'],
    [{ email: 'not-an-email' }, 'email', 'VALID_EMAIL_SHOULD_BE_VALID'],
    [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth', 'VALID_FIELD_SHOULD_BE_VALID_DATE'],
    [{ dateOfBirth: '2023-02-29' }, 'dateOfBirth', 'VALID_FIELD_SHOULD_BE_VALID_DATE'],
    [{ dateOfBirth: '' }, 'dateOfBirth', 'VALID_FIELD_IS_REQUIRED'],
    [{ gender: null }, 'gender', 'VALID_GENDER_IS_REQUIRED'],
    [{ phone: '123-456-7890' }, 'phone', 'VALID_FIELD_SHOULD_BE_VALID_FORMAT'],
    [{ defaultLanguage: 'fr-FR' }, 'defaultLanguage', 'VALID_FIELD_SHOULD_BE_VALID'],
  ] as const)('refuses %j with 400 on %s', async (overrides, field, message) => {
    const response = await addTestPatient(testApp.app, tokens.clinician, overrides);
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toContainEqual({ path: field, message });
  });

  it('refuses a birth date after today (the rules’ upper bound) and a bad zip or a missing country', async () => {
    const future = await addTestPatient(testApp.app, tokens.clinician, {
      dateOfBirth: `${String(new Date().getFullYear() + 1)}-01-01`,
    });
    expect(fieldsOf(future.json()).map((entry) => entry.path)).toContain('dateOfBirth');
    const zip = await addTestPatient(testApp.app, tokens.clinician, {
      address: { line1: '', line2: '', city: '', state: null, postalCode: '1234', country: { code: 'US' } },
    });
    expect(fieldsOf(zip.json())).toContainEqual({
      path: 'address.postalCode',
      message: 'VALID_FIELD_SHOULD_BE_VALID_FORMAT',
    });
    const country = await addTestPatient(testApp.app, tokens.clinician, {
      address: { line1: '', line2: '', city: '', state: null, postalCode: '', country: null },
    });
    expect(fieldsOf(country.json())).toContainEqual({ path: 'address.country', message: 'VALID_FIELD_IS_REQUIRED' });
    const state = await addTestPatient(testApp.app, tokens.clinician, {
      address: { line1: '', line2: '', city: '', state: { code: 'ZZ' }, postalCode: '', country: { code: 'US' } },
    });
    expect(fieldsOf(state.json())).toContainEqual({ path: 'address.state', message: 'VALID_FIELD_SHOULD_BE_VALID' });
  });

  it('refuses a Spanish default language at Lakeside, which offers only English', async () => {
    const response = await addTestPatient(testApp.app, tokens.clinician2, { defaultLanguage: 'es-US' });
    expect(fieldsOf(response.json())).toContainEqual({
      path: 'defaultLanguage',
      message: 'VALID_FIELD_SHOULD_BE_VALID',
    });
  });

  it('makes cops choose the provider service, and refuses a clinician another service (403)', async () => {
    const unchosen = await addTestPatient(testApp.app, tokens.admin);
    expect(fieldsOf(unchosen.json())).toContainEqual({ path: 'providerService', message: 'VALID_FIELD_IS_REQUIRED' });
    const unknown = await addTestPatient(testApp.app, tokens.admin, { providerService: { id: 999 } });
    expect(unknown.statusCode).toBe(400);
    const chosen = await addTestPatient(testApp.app, tokens.admin, { providerService: { id: lakeside } });
    expect(chosen.statusCode).toBe(201);
    expect(patientProfileSchema.parse(chosen.json()).providerServices[0]?.id).toBe(lakeside);
    const elsewhere = await addTestPatient(testApp.app, tokens.clinician, { providerService: { id: lakeside } });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('edits with birth dates back to 31 Dec 1492, but not before, and only in scope', async () => {
    const created = patientProfileSchema.parse((await addTestPatient(testApp.app, tokens.clinician)).json());
    const edit = (token: string, dateOfBirth: string) =>
      callApi(testApp.app, 'PUT', '/api/profile/patients', token, {
        ...testPatientWrite({ lastName: 'Edited', dateOfBirth }),
        id: created.id,
      });
    const early = await edit(tokens.clinician, '1492-12-31');
    expect(early.statusCode).toBe(200);
    expect(patientProfileSchema.parse(early.json())).toMatchObject({ lastName: 'Edited', dateOfBirth: '1492-12-31' });
    const tooEarly = await edit(tokens.clinician, '1492-12-30');
    expect(fieldsOf(tooEarly.json())).toContainEqual({
      path: 'dateOfBirth',
      message: 'VALID_FIELD_SHOULD_BE_VALID_DATE',
    });
    const otherService = await edit(tokens.clinician2, '1950-01-01');
    expect(otherService.statusCode).toBe(404);
  });

  it('does not let anyone edit a deactivated patient until it is reactivated', async () => {
    const gordon = (await list(tokens.admin, 'searchText=Gordon%20Whitaker')).dataList[0]!;
    const response = await callApi(testApp.app, 'PUT', '/api/profile/patients', tokens.admin, {
      ...testPatientWrite(),
      id: gordon.id,
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(response.json()).code).toBe('PROFILE_DISABLED');
  });
});

describe('GET /api/rules', () => {
  it('gives the birth-date bounds of a new patient to a signed-in user only', async () => {
    expect((await callApi(testApp.app, 'GET', '/api/rules', null)).statusCode).toBe(401);
    const rules = rulesSchema.parse((await callApi(testApp.app, 'GET', '/api/rules', tokens.clinician)).json());
    expect(rules.patientMinBirthday).toBe('1900-01-01');
    expect(rules.patientMaxBirthday).toBe(todayIso());
  });
});
