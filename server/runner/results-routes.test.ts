import { beforeAll, describe, expect, it } from 'vitest';
import { patientResultsSchema } from '#common/contract';
import { demoAccounts } from '../seed/seed';
import { callApi, loginAs } from '../testing/test-app';
import { statusesForOthers } from '../testing/patient-access';
import { useTestApp } from '../testing/signed-in-app';

const testApp = useTestApp();
let rosaPath: string;

beforeAll(async () => {
  const [rosa] = await testApp.db.query<{ id: number }>(
    `SELECT id FROM patients WHERE first_name = 'Rosa' AND last_name = 'Alvarez'`,
  );
  rosaPath = `/api/profile/patients/${String(rosa?.id)}/results`;
});

/** The scored tests of a patient, as `token`'s holder reads them. */
async function resultsOf(patientId: number | undefined, token: string) {
  const response = await callApi(testApp.app, 'GET', `/api/profile/patients/${String(patientId)}/results`, token);
  return patientResultsSchema.parse(response.json()).tests;
}

describe('GET /api/profile/patients/{id}/results', () => {
  it("gives a clinician the demo patient's scored tests over two years: a decline at home on a phone, then a test not valid", async () => {
    const clinician = await loginAs(testApp.app, demoAccounts.clinician);
    const response = await callApi(testApp.app, 'GET', rosaPath, clinician);
    expect(response.statusCode).toBe(200);
    const { tests } = patientResultsSchema.parse(response.json());
    expect(tests).toHaveLength(4);
    const first = new Date(tests[0]?.completedDateTime ?? '').getTime();
    const last = new Date(tests[3]?.completedDateTime ?? '').getTime();
    expect((last - first) / 86_400_000).toBeGreaterThan(365);
    const [baseline, followUp, atHome, latest] = tests;
    // The baseline and a comparable follow-up in the clinic on a tablet.
    expect(tests.map((test) => test.isBaseline)).toEqual([true, false, false, false]);
    expect([baseline?.score, followUp?.score].map((score) => [score?.setting, score?.deviceClass])).toEqual([
      ['clinic', 'tablet'],
      ['clinic', 'tablet'],
    ]);
    expect(followUp?.comparison?.caveats).toEqual([]);
    expect(followUp?.change?.map((change) => change.reliableChange)).toEqual(['none', 'none']);
    // At home on a phone: a reliable decline that carries both caveats.
    expect([atHome?.score.setting, atHome?.score.deviceClass, atHome?.score.valid]).toEqual(['home', 'phone', true]);
    expect(atHome?.change?.find((change) => change.composite === 'psychomotorAttention')?.reliableChange).toBe(
      'decline',
    );
    expect(atHome?.comparison).toMatchObject({
      baselineAssessmentId: baseline?.assessmentId,
      baselineSetting: 'clinic',
      baselineDeviceClass: 'tablet',
      caveats: ['settingDiffers', 'deviceDiffers'],
    });
    // Her latest test is not valid: it has a psychomotor score, yet no change and no flag.
    expect(latest?.score.valid).toBe(false);
    expect(latest?.score.composites.find((entry) => entry.composite === 'psychomotorAttention')?.score).not.toBeNull();
    expect([latest?.change, latest?.comparison]).toEqual([null, null]);
  });

  it('has a demo patient who declines reliably against a comparable baseline', async () => {
    const clinician = await loginAs(testApp.app, demoAccounts.clinician);
    const [patient] = await testApp.db.query<{ id: number }>(
      `SELECT id FROM patients WHERE first_name = 'Samuel' AND last_name = 'Ashdown'`,
    );
    const tests = await resultsOf(patient?.id, clinician);
    const latest = tests[tests.length - 1];
    expect(tests[0]?.isBaseline).toBe(true);
    expect(latest?.score.valid).toBe(true);
    expect(latest?.comparison?.baselineAssessmentId).toBe(tests[0]?.assessmentId);
    expect(latest?.comparison?.caveats).toEqual([]);
    expect(latest?.change?.map((change) => change.reliableChange)).toContain('decline');
  });

  it('has a stable demo patient with an invalid test among valid ones', async () => {
    const clinician = await loginAs(testApp.app, demoAccounts.clinician);
    const [patient] = await testApp.db.query<{ id: number }>(
      `SELECT o.patient_id AS id FROM assessment_orders o JOIN assessment_attempts a ON a.assessment_order_id = o.id
       WHERE a.results::text LIKE '%"anticipation": true%' OR a.results::text LIKE '%"anticipation":true%' LIMIT 1`,
    );
    const tests = await resultsOf(patient?.id, clinician);
    expect(tests.map((test) => test.score.valid).slice(0, 5)).toEqual([true, false, true, true, true]);
    expect(tests[1]?.score.tasks.some((task) => task.flags.includes('manyAnticipations'))).toBe(true);
  });

  it('is refused to technicians and cops (no results for them), and 404 outside the provider service', async () => {
    expect(await statusesForOthers(testApp.app, rosaPath)).toEqual({
      technician: 403,
      cops: 403,
      otherClinician: 404,
      signedOut: 401,
    });
    const clinician = await loginAs(testApp.app, demoAccounts.clinician);
    expect((await callApi(testApp.app, 'GET', '/api/profile/patients/abc/results', clinician)).statusCode).toBe(400);
  });
});
