import type { FastifyInstance } from 'fastify';
import { patientLoginResultSchema, type PatientLoginResult } from '#common/contract';
import type { Db } from '../db/db';
import { postJson } from './test-app';
import { createTestPatientOrder, type TestOrderOptions } from './test-orders';

const linkNumbers = new Map<string, number>();

/** A patient of its own with one order and its link's token, unique within the test file (`prefix`). */
export async function patientWithOrderLink(db: Db, prefix: string, options: TestOrderOptions = {}) {
  const number = (linkNumbers.get(prefix) ?? 0) + 1;
  linkNumbers.set(prefix, number);
  const loginToken = `${prefix}-${String(number)}`;
  const order = await createTestPatientOrder(db, { patientLoginToken: loginToken, ...options });
  return { ...order, loginToken };
}

/**
 * The details typed on the patient's link, the notice accepted now: the test patient's own unless `typed` says
 * otherwise. The server's answer, parsed (a refusal of the details is an answer too).
 */
export async function patientLogin(
  app: FastifyInstance,
  loginToken: string,
  typed: { firstName?: string; lastName?: string } = {},
): Promise<PatientLoginResult> {
  const now = new Date().toISOString();
  const response = await postJson(app, '/api/cgm/login/patient', {
    patientLoginToken: loginToken,
    firstName: typed.firstName ?? 'Tess',
    lastName: typed.lastName ?? 'Tester',
    dateOfBirth: '1950-03-04',
    acceptPrivacyPolicyClientBrowserTimestamp: now,
    acceptPrivacyPolicyServerTimestamp: now,
  });
  return patientLoginResultSchema.parse(response.json());
}

/** The patient's own session: the link opened and the test patient's details confirmed, the notice accepted. */
export async function openPatientSession(app: FastifyInstance, loginToken: string): Promise<string> {
  const result = await patientLogin(app, loginToken);
  if (!result.auth?.authToken) throw new Error('patient login failed');
  return result.auth.authToken;
}
