import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PatientWrite } from '#common/contract';
import { callApi } from './test-app';

/**
 * A new patient as the patient form sends it (no email, no address but the country, the caller's provider service):
 * the body of `POST /api/profile/patients` in server tests, changed where a test needs it.
 */
export function testPatientWrite(overrides: Partial<PatientWrite> = {}): PatientWrite {
  return {
    firstName: 'Test',
    middleInitial: '',
    lastName: `Patient${String(Math.random()).slice(2, 8)}`,
    dateOfBirth: '1950-03-04',
    gender: 'F',
    defaultLanguage: 'en-US',
    email: '',
    phone: '',
    address: { line1: '', line2: '', city: '', state: null, postalCode: '', country: { code: 'US' } },
    providerService: null,
    ...overrides,
  };
}

/** `POST /api/profile/patients` with `testPatientWrite(overrides)`, as the signed-in `token`. */
export function addTestPatient(
  app: FastifyInstance,
  token: string,
  overrides: Partial<PatientWrite> = {},
): Promise<LightMyRequestResponse> {
  return callApi(app, 'POST', '/api/profile/patients', token, testPatientWrite(overrides));
}
