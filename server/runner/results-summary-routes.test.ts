import { beforeAll, describe, expect, it } from 'vitest';
import { patientResultsSchema, resultsSummarySchema } from '#common/contract';
import { demoAccounts } from '../seed/seed';
import { callApi, loginAs } from '../testing/test-app';
import { statusesForOthers } from '../testing/patient-access';
import { useTestApp } from '../testing/signed-in-app';

const testApp = useTestApp();
const summaryPath = (ids: string) => `/api/profile/patients/results/summary?ids=${ids}`;
let rosaId: number;
let withoutResultsId: number;

beforeAll(async () => {
  const [rosa] = await testApp.db.query<{ id: number }>(
    `SELECT id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez'`,
  );
  const [without] = await testApp.db.query<{ id: number }>(
    `SELECT p.id FROM patients p JOIN provider_services s ON s.id = p.provider_service_id
     WHERE NOT EXISTS (SELECT 1 FROM assessment_orders o WHERE o.patient_id = p.id AND o.status = 'FINI')
       AND p.provider_service_id = (SELECT provider_service_id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez')
       AND p.is_disabled = false
     ORDER BY p.id LIMIT 1`,
  );
  rosaId = rosa?.id ?? 0;
  withoutResultsId = without?.id ?? 0;
});

describe('GET /api/profile/patients/results/summary', () => {
  it("gives a clinician each patient's last test and last valid test, in the order asked", async () => {
    const clinician = await loginAs(testApp.app, demoAccounts.clinician);
    const response = await callApi(
      testApp.app,
      'GET',
      summaryPath(`${String(withoutResultsId)},${String(rosaId)}`),
      clinician,
    );
    expect(response.statusCode).toBe(200);
    const { patients } = resultsSummarySchema.parse(response.json());
    expect(patients.map((patient) => patient.patientId)).toEqual([withoutResultsId, rosaId]);
    expect(patients[0]).toMatchObject({ testCount: 0, latest: null, latestValid: null });
    const rosa = patients[1];
    expect(rosa?.testCount).toBeGreaterThan(1);
    // Her last test (Oct 26) is not valid: it is never compared; the last valid one is, with its caveats.
    expect(rosa?.latest?.score.valid).toBe(false);
    expect(rosa?.latest?.comparison).toBeNull();
    // The same scored tests as her own results: the summary is read by the same rule.
    const own = patientResultsSchema.parse(
      (await callApi(testApp.app, 'GET', `/api/profile/patients/${String(rosaId)}/results`, clinician)).json(),
    ).tests;
    expect(rosa?.testCount).toBe(own.length);
    expect(rosa?.latest).toEqual(own.at(-1));
    expect(rosa?.latestValid).toEqual(own.filter((test) => test.score.valid).at(-1));
    expect(rosa?.latestValid?.comparison).not.toBeNull();
  });

  it('is refused to technicians and cops, 404 for a patient of another provider service, 401 signed out', async () => {
    const path = summaryPath(String(rosaId));
    expect(await statusesForOthers(testApp.app, path)).toEqual({
      technician: 403,
      cops: 403,
      otherClinician: 404,
      signedOut: 401,
    });
  });

  it('answers 404 for the whole call when one of the patients is hidden or missing', async () => {
    const clinician = await loginAs(testApp.app, demoAccounts.clinician);
    const response = await callApi(testApp.app, 'GET', summaryPath(`${String(rosaId)},2147483647`), clinician);
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['no ids', '/api/profile/patients/results/summary'],
    ['an empty list', summaryPath('')],
    ['a word', summaryPath('rosa')],
    ['a zero', summaryPath('0')],
    ['a negative id', summaryPath('-3')],
    ['an id too large', summaryPath('99999999999')],
    ['a patient twice', summaryPath('5,5')],
    ['more than 100 patients', summaryPath(Array.from({ length: 101 }, (_, index) => String(index + 1)).join(','))],
  ])('answers 400 with a reason for %s', async (_case, path) => {
    const clinician = await loginAs(testApp.app, demoAccounts.clinician);
    const response = await callApi(testApp.app, 'GET', path, clinician);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(/ids/);
  });
});
