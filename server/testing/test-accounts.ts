import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { outboxListSchema, technicianProfileSchema, type TechnicianWrite } from '#common/contract';
import { callApi, devCall } from './test-app';

let added = 0;

/**
 * A technician added by the administrator, as the add page does: no password yet, a setup link in the outbox. Each
 * call makes a new name and address, so a file's tests never share one.
 */
export async function addTestTechnician(
  app: FastifyInstance,
  adminToken: string,
  firstName: string,
): Promise<{ id: number; email: string }> {
  added += 1;
  const body: TechnicianWrite = {
    firstName,
    middleInitial: '',
    lastName: `Technician${String(added)}`,
    email: `${firstName.toLowerCase()}.${String(added)}@example.test`,
    phone: '',
    address: { line1: '', line2: '', city: '', state: null, postalCode: '', country: { code: 'US' } },
    providerService: { id: 1 },
  };
  const response = await callApi(app, 'POST', '/api/profile/technicians', adminToken, body);
  expect(response.statusCode).toBe(201);
  return technicianProfileSchema.parse(response.json());
}

/** The links of the demo outbox's emails to `email`, oldest first as the outbox lists them. */
export async function outboxLinksTo(app: FastifyInstance, email: string): Promise<string[]> {
  const list = outboxListSchema.parse((await devCall(app, 'GET', '/api/dev/outbox')).json());
  return list.dataList.filter((message) => message.to === email).flatMap((message) => message.link ?? []);
}

/** The account token a setup or reset link carries. */
export const linkToken = (link: string) => decodeURIComponent(link.split('token=')[1] ?? '');
