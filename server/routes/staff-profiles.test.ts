import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  clinicianListSchema,
  clinicianProfileSchema,
  outboxListSchema,
  technicianListSchema,
  technicianProfileSchema,
  type ClinicianWrite,
} from '#common/contract';
import { hashToken } from '../testing/stored';
import { demoAccounts } from '../seed/seed';
import { callApi, devCall } from '../testing/test-app';
import { useSignedInApp } from '../testing/signed-in-app';

const northside = 1;
const lakeside = 2;
const demoIds = { clinician: 2, technician: 3, clinician2: 4 };

const testApp = useSignedInApp();
const { tokens } = testApp;

let counter = 0;
function newClinician(overrides: Partial<ClinicianWrite> = {}): ClinicianWrite {
  counter += 1;
  return {
    firstName: 'Nadia',
    middleInitial: 'K',
    lastName: `Clinician${String(counter)}`,
    email: `new.clinician${String(counter)}@example.test`,
    phone: '(312) 555-0147',
    address: {
      line1: '1 Main St',
      line2: '',
      city: 'Chicago',
      state: { code: 'IL' },
      postalCode: '60601-1234',
      country: { code: 'US' },
    },
    providerService: { id: lakeside },
    specialty: { id: 2 },
    medicalLicenseNumber: 'IL-000-1',
    ...overrides,
  };
}

function fieldsOf(body: unknown) {
  return apiErrorBodySchema.parse(body).fields ?? [];
}

async function outbox() {
  return outboxListSchema.parse((await devCall(testApp.app, 'GET', '/api/dev/outbox')).json()).dataList;
}

describe('clinician and technician lists', () => {
  it('shows a clinician the clinicians and technicians of their own provider service only', async () => {
    const clinicians = clinicianListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/profile/clinicians', tokens.clinician)).json(),
    );
    expect(clinicians.dataList.map((profile) => profile.email)).toContain(demoAccounts.clinician);
    expect(clinicians.dataList.map((profile) => profile.email)).not.toContain(demoAccounts.clinician2);
    const technicians = technicianListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/profile/technicians', tokens.clinician)).json(),
    );
    expect(technicians.dataList.map((profile) => profile.email)).toContain(demoAccounts.technician);
    const other = await callApi(
      testApp.app,
      'GET',
      `/api/profile/clinicians/${String(demoIds.clinician)}`,
      tokens.clinician2,
    );
    expect(other.statusCode).toBe(404);
  });

  it('lets cops filter by provider service and sort by email', async () => {
    const lakesideOnly = clinicianListSchema.parse(
      (
        await callApi(testApp.app, 'GET', `/api/profile/clinicians?providerServiceId=${String(lakeside)}`, tokens.admin)
      ).json(),
    );
    expect(lakesideOnly.dataList.every((profile) => profile.providerServices.some((ps) => ps.id === lakeside))).toBe(
      true,
    );
    const sorted = clinicianListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/profile/clinicians?orderBy=email&ascending=false', tokens.admin)).json(),
    );
    const emails = sorted.dataList.map((profile) => profile.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('lets a technician read their own profile', async () => {
    const response = await callApi(
      testApp.app,
      'GET',
      `/api/profile/technicians/${String(demoIds.technician)}`,
      tokens.technician,
    );
    expect(technicianProfileSchema.parse(response.json()).email).toBe(demoAccounts.technician);
  });
});

describe('adding staff', () => {
  it('lets cops add a clinician at a chosen provider service, with a hashed setup link in the outbox', async () => {
    const body = newClinician();
    const response = await callApi(testApp.app, 'POST', '/api/profile/clinicians', tokens.admin, body);
    expect(response.statusCode).toBe(201);
    const profile = clinicianProfileSchema.parse(response.json());
    expect(profile).toMatchObject({
      firstTimeAccountSetupComplete: false,
      phone: '(312) 555-0147',
      specialty: { id: 2, name: 'Geriatrics' },
      medicalLicenseNumber: 'IL-000-1',
      address: { state: { code: 'IL', name: 'Illinois' }, postalCode: '60601-1234' },
    });
    expect(profile.providerServices.map((ps) => ps.id)).toEqual([lakeside]);

    const message = (await outbox()).find((entry) => entry.to === body.email);
    expect(message?.link).toMatch(/^http:\/\/localhost:8080\/cgm\/setupaccount\?token=[\w-]+$/);
    const token = decodeURIComponent(message!.link!.split('token=')[1]!);
    const stored = await testApp.db.query<{ tokenHash: string; purpose: string; expiresAt: Date }>(
      `SELECT token_hash AS "tokenHash", purpose, expires_at AS "expiresAt" FROM account_tokens WHERE user_id = $1`,
      [profile.id],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ tokenHash: hashToken(token), purpose: 'SETUP' });
    expect(stored[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const clear = await testApp.db.query('SELECT id FROM account_tokens WHERE token_hash = $1', [token]);
    expect(clear).toHaveLength(0);
  });

  it('answers "This email address already in use" on the email field, whatever the case', async () => {
    const response = await callApi(testApp.app, 'POST', '/api/profile/technicians', tokens.admin, {
      ...newClinician({ email: 'CLINICIAN@demo.test', providerService: { id: northside } }),
    });
    expect(response.statusCode).toBe(400);
    const body = apiErrorBodySchema.parse(response.json());
    expect(body.message).toContain('This email address already in use');
    expect(body.fields).toEqual([{ path: 'email', message: 'VALID_EMAIL_ALREADY_IN_USE' }]);
  });

  it('requires specialty and license for a clinician, and a valid email', async () => {
    const response = await callApi(
      testApp.app,
      'POST',
      '/api/profile/clinicians',
      tokens.admin,
      newClinician({ specialty: null, medicalLicenseNumber: '', email: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(
      expect.arrayContaining([
        { path: 'specialty', message: 'VALID_FIELD_IS_REQUIRED' },
        { path: 'medicalLicenseNumber', message: 'VALID_FIELD_IS_REQUIRED' },
        { path: 'email', message: 'VALID_EMAIL_IS_REQUIRED' },
      ]),
    );
    const unknownSpecialty = await callApi(
      testApp.app,
      'POST',
      '/api/profile/clinicians',
      tokens.admin,
      newClinician({ specialty: { id: 99 } }),
    );
    expect(fieldsOf(unknownSpecialty.json())).toContainEqual({
      path: 'specialty',
      message: 'VALID_FIELD_SHOULD_BE_VALID',
    });
  });

  it('refuses clinicians and technicians adding staff (403)', async () => {
    for (const token of [tokens.clinician, tokens.technician]) {
      expect((await callApi(testApp.app, 'POST', '/api/profile/clinicians', token, newClinician())).statusCode).toBe(
        403,
      );
      expect((await callApi(testApp.app, 'POST', '/api/profile/technicians', token, newClinician())).statusCode).toBe(
        403,
      );
    }
  });
});

describe('editing staff', () => {
  async function current(id: number, token: string) {
    return clinicianProfileSchema.parse(
      (await callApi(testApp.app, 'GET', `/api/profile/clinicians/${String(id)}`, token)).json(),
    );
  }
  function asWrite(profile: Awaited<ReturnType<typeof current>>) {
    return {
      id: profile.id,
      firstName: profile.firstName,
      middleInitial: profile.middleInitial,
      lastName: profile.lastName,
      email: profile.email,
      phone: profile.phone,
      address: {
        line1: profile.address.line1,
        line2: profile.address.line2,
        city: profile.address.city,
        state: profile.address.state ? { code: profile.address.state.code } : null,
        postalCode: profile.address.postalCode,
        country: profile.address.country ? { code: profile.address.country.code } : null,
      },
      providerService: null,
      specialty: profile.specialty ? { id: profile.specialty.id } : null,
      medicalLicenseNumber: profile.medicalLicenseNumber,
    };
  }

  it('lets a clinician edit their own profile but keeps the license number, which only cops change', async () => {
    const mine = await current(demoIds.clinician2, tokens.clinician2);
    const response = await callApi(testApp.app, 'PUT', '/api/profile/clinicians', tokens.clinician2, {
      ...asWrite(mine),
      phone: '2625550121',
      medicalLicenseNumber: 'FORGED-1',
    });
    expect(response.statusCode).toBe(200);
    expect(clinicianProfileSchema.parse(response.json())).toMatchObject({
      phone: '262-555-0121',
      medicalLicenseNumber: mine.medicalLicenseNumber,
    });

    const byCops = await callApi(testApp.app, 'PUT', '/api/profile/clinicians', tokens.admin, {
      ...asWrite(mine),
      medicalLicenseNumber: 'WI-99999-01',
    });
    expect(clinicianProfileSchema.parse(byCops.json()).medicalLicenseNumber).toBe('WI-99999-01');
  });

  it('refuses a clinician editing another clinician (403) and a taken email', async () => {
    const other = await current(demoIds.clinician, tokens.admin);
    const response = await callApi(testApp.app, 'PUT', '/api/profile/clinicians', tokens.clinician2, asWrite(other));
    expect(response.statusCode).toBe(403);
    const taken = await callApi(testApp.app, 'PUT', '/api/profile/clinicians', tokens.admin, {
      ...asWrite(other),
      email: demoAccounts.technician,
    });
    expect(apiErrorBodySchema.parse(taken.json()).message).toBe('This email address already in use');
  });
});
