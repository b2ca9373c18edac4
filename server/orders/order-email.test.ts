import { describe, expect, it } from 'vitest';
import { trackedAssessmentOrderSchema, providerServiceSchema, type ProviderService } from '#common/contract';
import { useSignedInApp } from '../testing/signed-in-app';
import { callApi } from '../testing/test-app';
import { providerServiceIdOf } from '../testing/test-orders';
import { runFollowUpSweep } from './follow-up';
import { testLengthOf } from '../runner/test-duration';
import { orderEmailLanguage } from './order-email';

/** Issue 32: the order emails a patient reads on their phone, in their language, from their clinic. */

const testApp = useSignedInApp();
const dayMs = 86_400_000;
let patientNumber = 0;

interface Sent {
  subject: string;
  body: string;
  link: string;
}

async function emailsTo(email: string): Promise<Sent[]> {
  return testApp.db.query<Sent>('SELECT subject, body, link FROM outbox WHERE to_address = $1 ORDER BY id', [email]);
}

/** A Northside patient of their own, with the given default language, and a home order placed through the API. */
async function homeOrder(language: string): Promise<{ orderId: number; email: string }> {
  patientNumber += 1;
  const email = `letters.${String(patientNumber)}@example.test`;
  const [patient] = await testApp.db.query<{ id: number }>(
    `INSERT INTO patients (provider_service_id, first_name, last_name, date_of_birth, gender, email, default_language)
     VALUES ($1, 'Marta', 'Quiroga', '1949-02-03', 'F', $2, $3) RETURNING id`,
    [await providerServiceIdOf(testApp.db, 'Northside Memory Clinic'), email, language],
  );
  const response = await callApi(testApp.app, 'POST', '/api/cgm/assessmentorders', testApp.tokens.clinician, {
    patientId: patient?.id,
    assessmentOrderType: 'HOME',
    batteryTypeCode: 'FullCBB',
    assessmentOrderEmail: email,
    confirmAssessmentOrderEmail: email,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { orderId: trackedAssessmentOrderSchema.parse(response.json()).id, email };
}

async function setNorthsidePhone(contactPhone: string): Promise<void> {
  const id = await providerServiceIdOf(testApp.db, 'Northside Memory Clinic');
  const url = `/api/cgm/providerservices/${String(id)}`;
  const current: ProviderService = providerServiceSchema.parse(
    (await callApi(testApp.app, 'GET', url, testApp.tokens.admin)).json(),
  );
  const response = await callApi(testApp.app, 'PUT', url, testApp.tokens.admin, {
    providerName: current.provider.name,
    serviceName: current.service.name,
    reportTypeId: current.reportType.id,
    deliveryMethod: current.deliveryMethod,
    batteryCodes: current.supportedBatteryTypes.map((battery) => battery.code),
    localities: current.supportedAssessmentLanguages.map(({ localityId, isDefault }) => ({ localityId, isDefault })),
    contactPhone,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the order email', () => {
  it('is in English for an English-speaking patient, names the clinic and says any device will do', async () => {
    await setNorthsidePhone('');
    const { email } = await homeOrder('en-US');
    const [sent] = await emailsTo(email);
    expect(sent?.subject).toBe('Your memory and thinking test from Northside Memory Clinic');
    expect(sent?.body).toContain(
      'The Neurology team at Northside Memory Clinic asks you to take a short test of memory and thinking.',
    );
    // As long as this server's runner takes for the battery, not a fixed 15 minutes.
    const { estimatedMinutes } = testLengthOf('FullCBB');
    expect(sent?.body).toContain(`It takes about ${String(estimatedMinutes)} minutes.`);
    expect(sent?.body).toContain('Open the link below on your phone, tablet or computer.');
    expect(sent?.body).not.toMatch(/computer or tablet/);
    expect(sent?.body).toContain(`\n\n${sent?.link ?? 'no link'}\n\n`);
    expect(sent?.body).toContain('please contact your clinic.');
    // No patient data beyond the address: the patient confirms their details on the page.
    expect(sent?.body).not.toContain('Quiroga');
  });

  it('is in the patient’s own language, Spanish or French, with the clinic’s phone number', async () => {
    await setNorthsidePhone('3125550147');
    const spanish = await homeOrder('es-US');
    const [toSpanish] = await emailsTo(spanish.email);
    expect(toSpanish?.subject).toBe('Su prueba de memoria y razonamiento de Northside Memory Clinic');
    expect(toSpanish?.body).toContain('El equipo de Neurology de Northside Memory Clinic le pide');
    expect(toSpanish?.body).toContain('en su teléfono, tableta o computadora');
    expect(toSpanish?.body).toContain('llame a su clínica al 312-555-0147.');

    // fr-CA is read as the French the product speaks.
    const french = await homeOrder('fr-CA');
    const [toFrench] = await emailsTo(french.email);
    expect(toFrench?.subject).toBe('Votre test de mémoire et de réflexion de la part de Northside Memory Clinic');
    expect(toFrench?.body).toContain('sur votre téléphone, votre tablette ou votre ordinateur');
    expect(toFrench?.body).toContain('appeler votre clinique au 312-555-0147.');
  });

  it('is resent and reminded in the patient’s language too', async () => {
    await setNorthsidePhone('');
    const { orderId, email } = await homeOrder('es-US');
    const resent = await callApi(
      testApp.app,
      'POST',
      `/api/cgm/assessmentorders/${String(orderId)}/resendlink`,
      testApp.tokens.clinician,
      {},
    );
    expect(resent.statusCode, resent.body).toBe(200);
    await runFollowUpSweep({
      db: testApp.db,
      origin: 'https://clinic.example',
      product: 'cgm',
      now: new Date(Date.now() + 4 * dayMs),
    });
    const [, again, reminder] = await emailsTo(email);
    expect(again?.subject).toBe('Su prueba de memoria y razonamiento de Northside Memory Clinic');
    expect(again?.body).toContain('en su teléfono, tableta o computadora');
    expect(reminder?.subject).toBe('Recordatorio: su prueba de memoria y razonamiento de Northside Memory Clinic');
    expect(reminder?.body).toContain('Este es un recordatorio.');
    expect(reminder?.body).toContain('comuníquese con su clínica.');
  });
});

describe('orderEmailLanguage', () => {
  it('takes the patient’s language, else the provider service’s, else English', () => {
    expect(orderEmailLanguage(['es-US', 'fr-FR'])).toBe('es-US');
    expect(orderEmailLanguage(['xx-XX', 'fr-FR'])).toBe('fr-FR');
    expect(orderEmailLanguage([null, null])).toBe('en-US');
  });
});
