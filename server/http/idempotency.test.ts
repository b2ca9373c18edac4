import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  apiErrorCodes,
  trackedAssessmentOrderSchema,
  outboxListSchema,
  type AssessmentOrderInput,
  type ProviderServiceInput,
  type TechnicianWrite,
} from '#common/contract';
import { loginAs } from '../testing/test-app';
import { useTestApp } from '../testing/signed-in-app';
import { testPatientWrite } from '../testing/test-patients';

const testApp = useTestApp();
const tokens = { admin: '', clinician: '' };

beforeAll(async () => {
  tokens.admin = await loginAs(testApp.app, 'admin@demo.test');
  tokens.clinician = await loginAs(testApp.app, 'clinician@demo.test');
});

let patientCounter = 0;
async function newPatient(): Promise<number> {
  patientCounter += 1;
  const [row] = await testApp.db.query<{ id: number }>(
    `INSERT INTO patients (provider_service_id, first_name, last_name, date_of_birth, gender, email)
     VALUES (1, 'Repeat', $1, '1950-01-02', 'F', 'repeat@example.test') RETURNING id`,
    [`Tapper${String(patientCounter)}`],
  );
  if (!row) throw new Error('patient insert returned no row');
  return row.id;
}

function homeOrder(patientId: number, email = 'double.tap@example.test'): AssessmentOrderInput {
  return {
    patientId,
    assessmentOrderType: 'HOME',
    batteryTypeCode: 'FullCBB',
    assessmentOrderEmail: email,
    confirmAssessmentOrderEmail: email,
    updatePatientDefaultEmailToAssessmentOrderEmail: false,
  };
}

function post(url: string, token: string, body: unknown, key?: string): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: {
      authToken: token,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'Idempotency-Key': key }),
    },
    payload: JSON.stringify(body),
  });
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const [row] = await testApp.db.query<{ count: number }>(sql, params);
  return row?.count ?? 0;
}

async function outboxTo(address: string): Promise<number> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/dev/outbox',
    headers: { authToken: tokens.admin },
  });
  return outboxListSchema.parse(response.json()).dataList.filter((message) => message.to === address).length;
}

describe('Idempotency-Key on orders and creates (issue 15)', () => {
  it('turns 20 parallel identical orders with one key into one order and one email, all answered alike', async () => {
    const patientId = await newPatient();
    const key = randomUUID();
    const email = 'twenty.taps@example.test';
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/cgm/assessmentorders', tokens.clinician, homeOrder(patientId, email), key),
      ),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const orderIds = new Set(responses.map((response) => trackedAssessmentOrderSchema.parse(response.json()).id));
    expect(orderIds.size).toBe(1);
    expect(await count('SELECT count(*) AS count FROM assessment_orders WHERE patient_id = $1', [patientId])).toBe(1);
    expect(await outboxTo(email)).toBe(1);
  });

  it('answers a later repeat with the first status and body, and a new key places a new order', async () => {
    const patientId = await newPatient();
    const key = randomUUID();
    const first = await post('/api/cgm/assessmentorders', tokens.clinician, homeOrder(patientId), key);
    const again = await post('/api/cgm/assessmentorders', tokens.clinician, homeOrder(patientId), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await count('SELECT count(*) AS count FROM assessment_orders WHERE patient_id = $1', [patientId])).toBe(1);

    const second = await post('/api/cgm/assessmentorders', tokens.clinician, homeOrder(patientId), randomUUID());
    expect(second.statusCode).toBe(201);
    expect(await count('SELECT count(*) AS count FROM assessment_orders WHERE patient_id = $1', [patientId])).toBe(2);
  });

  it('refuses the same key with a different body (422, with a reason) and creates nothing more', async () => {
    const patientId = await newPatient();
    const key = randomUUID();
    expect((await post('/api/cgm/assessmentorders', tokens.clinician, homeOrder(patientId), key)).statusCode).toBe(201);
    const changed = await post(
      '/api/cgm/assessmentorders',
      tokens.clinician,
      homeOrder(patientId, 'someone.else@example.test'),
      key,
    );
    expect(changed.statusCode).toBe(422);
    expect(apiErrorBodySchema.parse(changed.json()).code).toBe(apiErrorCodes.idempotencyKeyReused);
    expect(await count('SELECT count(*) AS count FROM assessment_orders WHERE patient_id = $1', [patientId])).toBe(1);
  });

  it('keeps keys per user: another user with the same key gets an answer of their own', async () => {
    const key = randomUUID();
    const patient = {
      ...testPatientWrite({ firstName: 'Keyed', lastName: 'Twice', dateOfBirth: '1951-02-03' }),
      providerService: { id: 1 },
    };
    const byClinician = await post('/api/profile/patients', tokens.clinician, patient, key);
    const byAdmin = await post('/api/profile/patients', tokens.admin, patient, key);
    expect(byClinician.statusCode).toBe(201);
    expect(byAdmin.statusCode).toBe(201);
    expect(await count("SELECT count(*) AS count FROM patients WHERE last_name = 'Twice'", [])).toBe(2);
  });

  it('guards every create: parallel repeats of a patient, a technician and a provider service create one each', async () => {
    const technician: TechnicianWrite = {
      ...testPatientWrite({ firstName: 'Keyed', lastName: 'Technician', dateOfBirth: '1951-02-03' }),
      email: 'parallel.technician@example.test',
      providerService: { id: 1 },
    };
    const providerService: ProviderServiceInput = {
      providerName: 'Parallel Provider',
      serviceName: 'Repeats',
      reportTypeId: 1,
      deliveryMethod: 'BOTH',
      batteryCodes: ['FullCBB'],
      localities: [{ localityId: 'en-US', isDefault: true }],
    };
    const cases = [
      {
        url: '/api/profile/patients',
        token: tokens.clinician,
        body: testPatientWrite({ firstName: 'Keyed', lastName: 'Parallel', dateOfBirth: '1951-02-03' }),
        rows: () => count("SELECT count(*) AS count FROM patients WHERE last_name = 'Parallel'", []),
      },
      {
        url: '/api/profile/technicians',
        token: tokens.admin,
        body: technician,
        rows: () => count("SELECT count(*) AS count FROM users WHERE email = 'parallel.technician@example.test'", []),
      },
      {
        url: '/api/cgm/providerservices',
        token: tokens.admin,
        body: providerService,
        rows: () =>
          count(
            `SELECT count(*) AS count FROM provider_services ps JOIN providers p ON p.id = ps.provider_id
             WHERE p.name = 'Parallel Provider'`,
            [],
          ),
      },
    ];
    for (const { url, token, body, rows } of cases) {
      const key = randomUUID();
      const responses = await Promise.all(Array.from({ length: 5 }, () => post(url, token, body, key)));
      const statuses = new Set(responses.map((response) => response.statusCode));
      expect(statuses.size, `${url}: ${responses[0]?.body ?? ''}`).toBe(1);
      expect([...statuses][0], `${url}: ${responses[0]?.body ?? ''}`).toBeLessThan(300);
      expect(await rows(), url).toBe(1);
    }
  });

  it('refuses a malformed key with 400 and leaves requests without a key as they were', async () => {
    const patientId = await newPatient();
    const malformed = await post('/api/cgm/assessmentorders', tokens.clinician, homeOrder(patientId), 'no spaces!');
    expect(malformed.statusCode).toBe(400);
    expect(await count('SELECT count(*) AS count FROM assessment_orders WHERE patient_id = $1', [patientId])).toBe(0);
    expect((await post('/api/cgm/assessmentorders', tokens.clinician, homeOrder(patientId))).statusCode).toBe(201);
  });
});
