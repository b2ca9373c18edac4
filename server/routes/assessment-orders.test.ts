// Over 300 lines because spec §5's single and mass orders and §7's order reads share one signed-in app and its
// patient helpers: each case is a rule of placing or reading an order, kept beside the others of its call.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  assessmentOrderListSchema,
  trackedAssessmentOrderSchema,
  massOrderResultSchema,
  outboxListSchema,
  type AssessmentOrderInput,
  type OutboxMessage,
} from '#common/contract';
import { hashToken } from '../testing/stored';
import { demoAccounts } from '../seed/seed';
import { callApi, createTestUser, loginAs, devCall } from '../testing/test-app';
import { useSignedInApp } from '../testing/signed-in-app';

const northside = 1;
const lakeside = 2;

const testApp = useSignedInApp();
const { tokens } = testApp;
const ids = { clinician: 0, technician: 0 };

async function userId(email: string): Promise<number> {
  const [row] = await testApp.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function patientIdByName(firstName: string, lastName: string): Promise<number> {
  const [row] = await testApp.db.query<{ id: number }>(
    'SELECT id FROM patients WHERE first_name = $1 AND last_name = $2',
    [firstName, lastName],
  );
  if (!row) throw new Error(`no patient ${firstName} ${lastName}`);
  return row.id;
}

let patientCounter = 0;
/** A patient of its own, so one test's orders never change what another test counts. */
async function newPatient(providerServiceId: number, email: string | null, isDisabled = false): Promise<number> {
  patientCounter += 1;
  const [row] = await testApp.db.query<{ id: number }>(
    `INSERT INTO patients (provider_service_id, first_name, last_name, date_of_birth, gender, email, is_disabled)
     VALUES ($1, 'Order', $2, '1950-01-02', 'F', $3, $4) RETURNING id`,
    [providerServiceId, `Test${String(patientCounter)}`, email, isDisabled],
  );
  if (!row) throw new Error('patient insert returned no row');
  return row.id;
}

async function orderCount(patientId: number): Promise<number> {
  const [row] = await testApp.db.query<{ count: number }>(
    'SELECT count(*) AS count FROM assessment_orders WHERE patient_id = $1',
    [patientId],
  );
  return row?.count ?? 0;
}

async function outbox(): Promise<OutboxMessage[]> {
  const response = await devCall(testApp.app, 'GET', '/api/dev/outbox');
  return outboxListSchema.parse(response.json()).dataList;
}

function order(patientId: number, overrides: Partial<AssessmentOrderInput> = {}): AssessmentOrderInput {
  return {
    patientId,
    assessmentOrderType: 'HOME',
    batteryTypeCode: 'FullCBB',
    assessmentOrderEmail: 'patient@example.test',
    confirmAssessmentOrderEmail: 'patient@example.test',
    updatePatientDefaultEmailToAssessmentOrderEmail: false,
    ...overrides,
  };
}

function post(token: string, body: unknown, path = '/api/cgm/assessmentorders') {
  return callApi(testApp.app, 'POST', path, token, body);
}

function errorOf(body: unknown) {
  return apiErrorBodySchema.parse(body);
}

beforeAll(async () => {
  ids.clinician = await userId(demoAccounts.clinician);
  ids.technician = await userId(demoAccounts.technician);
});

describe('POST /api/{product}/assessmentorders (spec §5 Single order)', () => {
  it('answers 401 without a session', async () => {
    const response = await callApi(testApp.app, 'POST', '/api/cgm/assessmentorders', null, order(1));
    expect(response.statusCode).toBe(401);
  });

  it('places a HOME order as SCHD with the clinician as prescriber and emails the patient order link', async () => {
    const patientId = await newPatient(northside, 'old@example.test');
    const response = await post(tokens.clinician, order(patientId, { batteryTypeCode: 'MemOnlyCBB' }));
    expect(response.statusCode).toBe(201);
    const created = trackedAssessmentOrderSchema.parse(response.json());
    expect(created).toMatchObject({
      patient: { id: patientId },
      assessmentOrderEmail: 'patient@example.test',
      assessmentOrderType: { id: 'HOME', name: 'Out-Of-Clinic' },
      batteryTypeCode: 'MemOnlyCBB',
      assessmentOrderStatus: { id: 'SCHD' },
      completedDateTime: null,
      prescriber: { id: ids.clinician },
      orderedBy: { id: ids.clinician },
      providerService: { id: northside },
    });

    const email = (await outbox()).find((message) => message.to === 'patient@example.test');
    expect(email?.link).toMatch(/^http:\/\/localhost(:\d+)?\/cgm\/patientlogin\?token=[\w-]{40,}$/);
    expect(email?.body).toContain(email?.link ?? 'no link');
    // The token in the link is the one whose hash the order keeps; the token itself is stored nowhere.
    const token = new URL(email?.link ?? 'http://x').searchParams.get('token') ?? '';
    const [stored] = await testApp.db.query<{ hash: string | null; hint: string | null }>(
      'SELECT patient_login_token_hash AS hash, patient_login_token_hint AS hint FROM assessment_orders WHERE id = $1',
      [created.id],
    );
    expect(stored?.hash).toBe(hashToken(token));
    expect(stored?.hint).toBe(`…${token.slice(-4)}`);
    // The patient's default email stays unless the order asks to change it.
    const [patient] = await testApp.db.query<{ email: string }>('SELECT email FROM patients WHERE id = $1', [
      patientId,
    ]);
    expect(patient?.email).toBe('old@example.test');
  });

  it('places an in-clinic order by a technician with no prescriber, no token and no email', async () => {
    const patientId = await newPatient(northside, 'site@example.test');
    const before = (await outbox()).length;
    const response = await post(
      tokens.technician,
      order(patientId, { assessmentOrderType: 'SITE', assessmentOrderEmail: '', confirmAssessmentOrderEmail: '' }),
    );
    expect(response.statusCode).toBe(201);
    const created = trackedAssessmentOrderSchema.parse(response.json());
    expect(created).toMatchObject({
      assessmentOrderType: { id: 'SITE', name: 'In-Clinic' },
      assessmentOrderEmail: '',
      prescriber: null,
      orderedBy: { id: ids.technician },
      assessmentOrderStatus: { id: 'SCHD' },
    });
    expect(await outbox()).toHaveLength(before);
    const [stored] = await testApp.db.query<{ hash: string | null }>(
      'SELECT patient_login_token_hash AS hash FROM assessment_orders WHERE id = $1',
      [created.id],
    );
    expect(stored?.hash).toBeNull();
  });

  it('makes the order email the patient default when asked', async () => {
    const patientId = await newPatient(northside, null);
    const response = await post(
      tokens.clinician,
      order(patientId, {
        assessmentOrderEmail: 'new.default@example.test',
        confirmAssessmentOrderEmail: 'new.default@example.test',
        updatePatientDefaultEmailToAssessmentOrderEmail: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    const [patient] = await testApp.db.query<{ email: string }>('SELECT email FROM patients WHERE id = $1', [
      patientId,
    ]);
    expect(patient?.email).toBe('new.default@example.test');
  });

  it('answers 403 to a provider-service administrator and writes nothing', async () => {
    const patientId = await newPatient(northside, 'cops@example.test');
    const response = await post(tokens.admin, order(patientId));
    expect(response.statusCode).toBe(403);
    expect(await orderCount(patientId)).toBe(0);
  });

  it.each([
    ['no type', { assessmentOrderType: undefined }, 'assessmentOrderType', 'VALID_ASSESSMENT_TYPE_REQUIRED'],
    ['an unknown type', { assessmentOrderType: 'MOON' }, 'assessmentOrderType', 'VALID_ASSESSMENT_TYPE_REQUIRED'],
    ['an unknown battery', { batteryTypeCode: 'Nope' }, 'batteryTypeCode', 'VALID_BATTERY_TYPE_REQUIRED'],
    ['no battery where several exist', { batteryTypeCode: null }, 'batteryTypeCode', 'VALID_BATTERY_TYPE_REQUIRED'],
    [
      'a HOME order without email',
      { assessmentOrderEmail: '', confirmAssessmentOrderEmail: '' },
      'assessmentOrderEmail',
      'VALID_EMAIL_IS_REQUIRED',
    ],
    [
      'an invalid email',
      { assessmentOrderEmail: 'not-an-email', confirmAssessmentOrderEmail: 'not-an-email' },
      'assessmentOrderEmail',
      'VALID_EMAIL_SHOULD_BE_VALID',
    ],
    [
      'a repeat that differs',
      { confirmAssessmentOrderEmail: 'other@example.test' },
      'confirmAssessmentOrderEmail',
      'VALID_EMAIL_SHOULD_MATCH',
    ],
  ])('answers 400 with the reason for %s', async (_name, overrides, path, message) => {
    const patientId = await newPatient(northside, 'bad@example.test');
    const response = await post(tokens.clinician, { ...order(patientId), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).fields).toContainEqual({ path, message });
    expect(await orderCount(patientId)).toBe(0);
  });

  it("answers 400 for a type or battery the patient's provider service does not offer", async () => {
    const patientId = await newPatient(lakeside, 'lake@example.test');
    const site = await post(
      tokens.clinician2,
      order(patientId, { assessmentOrderType: 'SITE', assessmentOrderEmail: '', confirmAssessmentOrderEmail: '' }),
    );
    expect(site.statusCode).toBe(400);
    expect(errorOf(site.json()).fields).toContainEqual({
      path: 'assessmentOrderType',
      message: 'VALID_FIELD_SHOULD_BE_VALID',
    });
    const battery = await post(tokens.clinician2, order(patientId, { batteryTypeCode: 'MemOnlyCBB' }));
    expect(battery.statusCode).toBe(400);
    expect(errorOf(battery.json()).fields).toContainEqual({
      path: 'batteryTypeCode',
      message: 'VALID_FIELD_SHOULD_BE_VALID',
    });
    expect(await orderCount(patientId)).toBe(0);
  });

  it('uses the only battery of a provider service when none is chosen', async () => {
    const patientId = await newPatient(lakeside, 'lake.one@example.test');
    const response = await post(tokens.clinician2, order(patientId, { batteryTypeCode: null }));
    expect(response.statusCode).toBe(201);
    expect(trackedAssessmentOrderSchema.parse(response.json()).batteryTypeCode).toBe('FullCBB');
  });

  it('answers 400 NO_SUPPORTED_BATTERY when the provider service offers no battery', async () => {
    const [service] = await testApp.db.query<{ id: number }>(
      `INSERT INTO provider_services (provider_id, service_id, report_type_id, delivery_method)
       VALUES (1, (SELECT id FROM services WHERE name = 'Geriatrics'), 1, 'SITE') RETURNING id`,
    );
    if (!service) throw new Error('no provider service');
    await testApp.db.query(
      "INSERT INTO provider_service_order_types (provider_service_id, order_type, is_default) VALUES ($1, 'SITE', true)",
      [service.id],
    );
    await createTestUser(testApp.db, { email: 'no.battery@demo.test', providerServiceIds: [service.id] });
    const token = await loginAs(testApp.app, 'no.battery@demo.test');
    const patientId = await newPatient(service.id, null);
    const response = await post(
      token,
      order(patientId, {
        assessmentOrderType: 'SITE',
        batteryTypeCode: null,
        assessmentOrderEmail: '',
        confirmAssessmentOrderEmail: '',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).code).toBe('NO_SUPPORTED_BATTERY');
  });

  it('answers 400 PATIENT_DEACTIVATED for a deactivated patient', async () => {
    const gordon = await patientIdByName('Gordon', 'Whitaker');
    const before = await orderCount(gordon);
    const response = await post(tokens.clinician, order(gordon));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).code).toBe('PATIENT_DEACTIVATED');
    expect(await orderCount(gordon)).toBe(before);
  });

  it('answers 404 for a patient of another provider service and for one that does not exist', async () => {
    const rosa = await patientIdByName('Rosa', 'Alvarez');
    expect((await post(tokens.clinician2, order(rosa))).statusCode).toBe(404);
    expect((await post(tokens.clinician, order(987_654))).statusCode).toBe(404);
  });
});

describe('GET /api/{product}/assessmentorders/{id} and the patient order list', () => {
  it('answers the order to staff of its provider service only, and 403 to cops', async () => {
    const patientId = await newPatient(northside, 'get@example.test');
    const created = trackedAssessmentOrderSchema.parse((await post(tokens.clinician, order(patientId))).json());
    const url = `/api/cgm/assessmentorders/${String(created.id)}`;

    const byTechnician = await callApi(testApp.app, 'GET', url, tokens.technician);
    expect(byTechnician.statusCode).toBe(200);
    expect(trackedAssessmentOrderSchema.parse(byTechnician.json())).toEqual(created);
    expect((await callApi(testApp.app, 'GET', url, tokens.clinician2)).statusCode).toBe(404);
    expect((await callApi(testApp.app, 'GET', url, tokens.admin)).statusCode).toBe(403);
    expect((await callApi(testApp.app, 'GET', '/api/cgm/assessmentorders/0', tokens.clinician)).statusCode).toBe(400);
  });

  it("lists a patient's orders newest first for staff and cops, never across provider services", async () => {
    const patientId = await newPatient(northside, 'list@example.test');
    const first = trackedAssessmentOrderSchema.parse((await post(tokens.clinician, order(patientId))).json());
    const second = trackedAssessmentOrderSchema.parse(
      (
        await post(
          tokens.technician,
          order(patientId, { assessmentOrderType: 'SITE', assessmentOrderEmail: '', confirmAssessmentOrderEmail: '' }),
        )
      ).json(),
    );
    const url = `/api/profile/patients/${String(patientId)}/assessmentorders`;
    for (const token of [tokens.clinician, tokens.admin]) {
      const response = await callApi(testApp.app, 'GET', url, token);
      expect(response.statusCode).toBe(200);
      const list = assessmentOrderListSchema.parse(response.json());
      expect(list.count).toBe(2);
      expect(list.dataList.map((item) => item.id)).toEqual([second.id, first.id]);
    }
    expect((await callApi(testApp.app, 'GET', url, tokens.clinician2)).statusCode).toBe(404);
    expect((await callApi(testApp.app, 'GET', url, null)).statusCode).toBe(401);
  });
});

describe('POST /api/{product}/assessmentorders/bulk (spec §5 Mass order)', () => {
  const bulk = '/api/cgm/assessmentorders/bulk';

  it('orders HOME for patients with an email and reports the others, each email with its own link', async () => {
    const withEmail = [
      await newPatient(northside, 'mass.one@example.test'),
      await newPatient(northside, 'mass.two@example.test'),
    ];
    const withoutEmail = await newPatient(northside, null);
    const deactivated = await newPatient(northside, 'mass.off@example.test', true);
    const response = await post(
      tokens.clinician,
      {
        assessmentOrderType: 'HOME',
        batteryTypeCode: 'FullCBB',
        patientIds: [...withEmail, withoutEmail, deactivated, withEmail[0]],
      },
      bulk,
    );
    expect(response.statusCode).toBe(200);
    const result = massOrderResultSchema.parse(response.json());
    expect(result.ordered.map((item) => item.patientId)).toEqual(withEmail);
    expect(result.skipped).toEqual([
      { patientId: withoutEmail, reason: 'noEmail' },
      { patientId: deactivated, reason: 'deactivated' },
    ]);
    expect(await orderCount(withEmail[0] ?? 0)).toBe(1);
    expect(await orderCount(withoutEmail)).toBe(0);

    const messages = await outbox();
    const links = ['mass.one@example.test', 'mass.two@example.test'].map(
      (to) => messages.find((message) => message.to === to)?.link,
    );
    expect(links.every((link) => link?.includes('/cgm/patientlogin?token='))).toBe(true);
    expect(new Set(links).size).toBe(2);
    for (const item of result.ordered) {
      const created = await callApi(
        testApp.app,
        'GET',
        `/api/cgm/assessmentorders/${String(item.assessmentOrderId)}`,
        tokens.clinician,
      );
      expect(trackedAssessmentOrderSchema.parse(created.json())).toMatchObject({
        assessmentOrderStatus: { id: 'SCHD' },
        prescriber: { id: ids.clinician },
      });
    }
  });

  it('orders in clinic for every active patient, with or without email', async () => {
    const patients = [await newPatient(northside, null), await newPatient(northside, 'site.mass@example.test')];
    const before = (await outbox()).length;
    const response = await post(
      tokens.clinician,
      { assessmentOrderType: 'SITE', batteryTypeCode: 'MemOnlyCBB', patientIds: patients },
      bulk,
    );
    expect(response.statusCode).toBe(200);
    const result = massOrderResultSchema.parse(response.json());
    expect(result.ordered.map((item) => item.patientId)).toEqual(patients);
    expect(result.skipped).toEqual([]);
    expect(await outbox()).toHaveLength(before);
  });

  /** A mass order refused as a whole (400), with `path` named as not valid. */
  async function expectMassOrderRefused(token: string, body: unknown, path: string) {
    const response = await post(token, body, bulk);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).fields).toContainEqual({ path, message: 'VALID_FIELD_SHOULD_BE_VALID' });
  }

  it('orders nothing at all when one patient id is unknown or of another provider service', async () => {
    const good = await newPatient(northside, 'atomic@example.test');
    const lake = await newPatient(lakeside, 'atomic.lake@example.test');
    const before = (await outbox()).length;
    for (const bad of [987_654, lake]) {
      await expectMassOrderRefused(
        tokens.clinician,
        { assessmentOrderType: 'HOME', batteryTypeCode: 'FullCBB', patientIds: [good, bad] },
        'patientIds.1',
      );
    }
    expect(await orderCount(good)).toBe(0);
    expect(await outbox()).toHaveLength(before);
  });

  it('orders nothing when the type is not offered to one of the patients', async () => {
    const good = await newPatient(northside, 'atomic.type@example.test');
    await testApp.db.query('INSERT INTO user_provider_services (user_id, provider_service_id) VALUES ($1, $2)', [
      ids.clinician,
      lakeside,
    ]);
    try {
      const lake = await newPatient(lakeside, 'atomic.type.lake@example.test');
      const token = await loginAs(testApp.app, demoAccounts.clinician);
      await expectMassOrderRefused(
        token,
        { assessmentOrderType: 'SITE', batteryTypeCode: 'FullCBB', patientIds: [good, lake] },
        'assessmentOrderType',
      );
      expect(await orderCount(good)).toBe(0);
    } finally {
      await testApp.db.query('DELETE FROM user_provider_services WHERE user_id = $1 AND provider_service_id = $2', [
        ids.clinician,
        lakeside,
      ]);
    }
  });

  it.each([
    ['no type', { assessmentOrderType: undefined }, 'assessmentOrderType', 'ERROR_ASSESSMENT_TYPE_IS_REQUIRED'],
    ['no battery', { batteryTypeCode: undefined }, 'batteryTypeCode', 'ERROR_BATTERY_TYPE_IS_REQUIRED'],
  ])('answers 400 with the reason for %s', async (_name, overrides, path, message) => {
    const patientId = await newPatient(northside, 'mass.bad@example.test');
    const response = await post(
      tokens.clinician,
      { assessmentOrderType: 'HOME', batteryTypeCode: 'FullCBB', patientIds: [patientId], ...overrides },
      bulk,
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).fields).toContainEqual({ path, message });
  });

  it('answers 400 for an empty patient list', async () => {
    const response = await post(
      tokens.clinician,
      { assessmentOrderType: 'SITE', batteryTypeCode: 'FullCBB', patientIds: [] },
      bulk,
    );
    expect(response.statusCode).toBe(400);
  });

  it('answers 403 to technicians and cops: only clinicians mass-order', async () => {
    const patientId = await newPatient(northside, 'mass.forbidden@example.test');
    for (const token of [tokens.technician, tokens.admin]) {
      const response = await post(
        token,
        { assessmentOrderType: 'SITE', batteryTypeCode: 'FullCBB', patientIds: [patientId] },
        bulk,
      );
      expect(response.statusCode).toBe(403);
    }
    expect(await orderCount(patientId)).toBe(0);
  });
});
