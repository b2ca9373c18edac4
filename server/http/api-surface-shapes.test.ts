import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  assessmentOrderDetailSchema,
  assessmentOrderListSchema,
  assessmentOrderSchema,
  authResultSchema,
  batteryListSchema,
  clinicianListSchema,
  devopsSchema,
  localityListSchema,
  patientListSchema,
  patientProfileSchema,
  providerServiceListSchema,
  providerServiceRefListSchema,
  providerServiceSchema,
  reportTypeListSchema,
  rulesSchema,
  technicianListSchema,
  type AssessmentOrderList,
  type PatientList,
} from '#common/contract';
import { demoAccounts } from '../seed/seed';
import { callApi, createTestApp, loginAs, type TestApp } from '../testing/test-app';

/** Spec §3 Assessment order's fields, as far as the reference server has them. */
const specOrderKeys = [
  'assessmentOrderEmail',
  'assessmentOrderLastStartedUsingLanguage',
  'assessmentOrderStatus',
  'assessmentOrderType',
  'batteryType',
  'batteryTypeCode',
  'completedDateTime',
  'id',
  'orderDate',
  'patient',
  'prescriber',
  'providerService',
  'scheduleDateTime',
];
const extraOrderKeys = ['lastErrorCode', 'linkExpiresOn', 'orderedBy', 'progress'];

interface Surface {
  testApp: TestApp;
  clinician: string;
  admin: string;
}

let full: Surface;
let spec: Surface;

async function started(apiSurface: 'full' | 'spec', sharedDb?: TestApp['db']): Promise<Surface> {
  const testApp = await createTestApp({ apiSurface }, sharedDb);
  await testApp.app.ready();
  return {
    testApp,
    clinician: await loginAs(testApp.app, demoAccounts.clinician),
    admin: await loginAs(testApp.app, demoAccounts.admin),
  };
}

// Both surfaces answer from one database: two demos seeded a minute apart would date their orders differently.
beforeAll(async () => {
  full = await started('full');
  spec = await started('spec', full.testApp.db);
}, 60_000);

afterAll(async () => {
  await spec.testApp.close();
  await full.testApp.close();
});

async function read(surface: Surface, url: string, token = surface.clinician): Promise<unknown> {
  const answer = await callApi(surface.testApp.app, 'GET', url, token);
  expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
  return answer.json();
}

/** The first order of the first patient with an outstanding order, as the patient's order list gives it. */
async function someOrder(surface: Surface): Promise<{ patientId: number; orderId: number }> {
  const patients = (await read(surface, '/api/profile/patients/outstandingorders?take=1')) as PatientList;
  const patientId = patients.dataList[0]?.id ?? 0;
  const orders = (await read(surface, `/api/profile/patients/${String(patientId)}/assessmentorders`)) as
    AssessmentOrderList | undefined;
  return { patientId, orderId: orders?.dataList[0]?.id ?? 0 };
}

describe('API_SURFACE=spec: answers of spec §3 shape (issue 37)', () => {
  it('answers an order with exactly spec §3 keys; the full surface adds its extras', async () => {
    const { orderId } = await someOrder(spec);
    const specOrder = (await read(spec, `/api/cgm/assessmentorders/${String(orderId)}`)) as object;
    expect(Object.keys(specOrder).sort()).toEqual(specOrderKeys);
    const fullOrder = (await read(full, `/api/cgm/assessmentorders/${String(orderId)}`)) as object;
    expect(Object.keys(fullOrder).sort()).toEqual([...specOrderKeys, ...extraOrderKeys].sort());
    // Only fields are taken out: what is left is the same.
    expect(fullOrder).toMatchObject(specOrder);
  });

  it('takes the extras out of nested objects and list rows too, and leaves refusals as they are', async () => {
    const { patientId } = await someOrder(spec);
    const patient = (await read(full, `/api/profile/patients/${String(patientId)}`)) as z.infer<
      typeof patientProfileSchema
    >;
    expect(patient.providerServices[0]?.supportedAssessmentLanguages[0]).toHaveProperty('name');
    const shaped = (await read(spec, `/api/profile/patients/${String(patientId)}`)) as typeof patient;
    expect(Object.keys(shaped.providerServices[0]?.supportedAssessmentLanguages[0] ?? {}).sort()).toEqual([
      'id',
      'isDefault',
      'localityId',
    ]);
    const services = (await read(spec, '/api/cgm/providerservices', spec.admin)) as z.infer<
      typeof providerServiceListSchema
    >;
    for (const service of services.dataList) {
      expect(service).not.toHaveProperty('linkExpiryDays');
      expect(service).not.toHaveProperty('contactPhone');
      expect(service.supportedBatteryTypes.every((battery) => Object.keys(battery).join() === 'code')).toBe(true);
    }
    const refused = await callApi(spec.testApp.app, 'GET', '/api/cgm/assessmentorders/999999', spec.clinician);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toHaveProperty('code');
  });

  it("leaves every spec answer readable by the client's own schemas", async () => {
    const { patientId, orderId } = await someOrder(spec);
    const patientPath = `/api/profile/patients/${String(patientId)}`;
    const reads: [string, z.ZodMiniType, 'clinician' | 'admin'][] = [
      ['/api/profile/patients?take=5', patientListSchema, 'clinician'],
      ['/api/profile/patients/withresults?take=5', patientListSchema, 'clinician'],
      [patientPath, patientProfileSchema, 'clinician'],
      [`${patientPath}/assessmentorders`, assessmentOrderListSchema, 'clinician'],
      [`/api/cgm/assessmentorders/${String(orderId)}`, assessmentOrderSchema, 'clinician'],
      [`${patientPath}/assessmentorders/${String(orderId)}`, assessmentOrderDetailSchema, 'clinician'],
      ['/api/profile/clinicians', clinicianListSchema, 'admin'],
      ['/api/profile/technicians', technicianListSchema, 'admin'],
      ['/api/cgm/providerservices', providerServiceListSchema, 'admin'],
      ['/api/cgm/providerservices/1', providerServiceSchema, 'admin'],
      ['/api/cgm/providerservices/batteries?providerServiceId=1', batteryListSchema, 'admin'],
      ['/api/cgm/providerservices/updatedproviderservices', providerServiceRefListSchema, 'admin'],
      ['/api/references/localities', localityListSchema, 'admin'],
      ['/api/references/batteries', batteryListSchema, 'admin'],
      ['/api/references/reporttypes', reportTypeListSchema, 'admin'],
      ['/api/rules', rulesSchema, 'clinician'],
      ['/api/cgm/devops', devopsSchema, 'clinician'],
    ];
    for (const [url, schema, who] of reads) {
      const answer = await read(spec, url, spec[who]);
      expect({ url, parsed: schema.safeParse(answer).success }).toEqual({ url, parsed: true });
    }
    const login = await callApi(spec.testApp.app, 'POST', '/api/cgm/login', null, {
      userName: demoAccounts.clinician,
      password: 'Demo-Passw0rd!',
    });
    expect(authResultSchema.parse(login.json())).not.toHaveProperty('handover');
  });
});
