import type { FastifyInstance } from 'fastify';
import { demoAccounts } from '../seed/seed';
import { callApi, loginAs } from './test-app';

/**
 * The statuses a GET of `path` (a demo patient of Northside's) answers to everyone but that patient's clinicians: a
 * technician, the administrator, a clinician of another provider service, and no one signed in.
 */
export async function statusesForOthers(
  app: FastifyInstance,
  path: string,
): Promise<{ technician: number; cops: number; otherClinician: number; signedOut: number }> {
  const statusFor = async (token: string | null) => (await callApi(app, 'GET', path, token)).statusCode;
  return {
    technician: await statusFor(await loginAs(app, demoAccounts.technician)),
    cops: await statusFor(await loginAs(app, demoAccounts.admin)),
    otherClinician: await statusFor(await loginAs(app, demoAccounts.clinician2)),
    signedOut: await statusFor(null),
  };
}
