import { z } from 'zod/mini';
import { listResponseSchema } from './lists';

/**
 * Demo-only routes of the reference server (DESIGN §4): emails cannot leave a demo machine,
 * so they are written to an outbox that end-to-end tests and people read here.
 */

/** One message of GET /api/dev/outbox. */
export const outboxMessageSchema = z.object({
  id: z.int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The link the email carries (order, setup or reset link), if any. */
  link: z.nullable(z.string()),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /api/dev/outbox: newest first. */
export const outboxListSchema = listResponseSchema(outboxMessageSchema);
export type OutboxList = z.infer<typeof outboxListSchema>;

/** The body of a dev call about one account, named by its user name. */
const accountRequestSchema = z.object({ userName: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)) });

/** POST /api/dev/expire-sessions: lets end-to-end tests simulate a session that expired on the server. */
export const expireSessionsRequestSchema = accountRequestSchema;

export const expireSessionsResultSchema = z.object({ expired: z.int() });
export type ExpireSessionsResult = z.infer<typeof expireSessionsResultSchema>;

/**
 * POST /api/dev/bench-patients: fills a provider service of its own with generated patients (last names
 * 'Benchmark00001'…), so a 10,000-patient list can be measured without touching the demo provider services.
 */
export const benchPatientsRequestSchema = z.object({ count: z.int().check(z.gte(1), z.lte(100_000)) });

export const benchPatientsResultSchema = z.object({
  providerServiceId: z.int(),
  /** A clinician of that provider service (demo password). */
  userName: z.string(),
  count: z.int(),
});
export type BenchPatientsResult = z.infer<typeof benchPatientsResultSchema>;

/**
 * POST /api/dev/expire-password: makes an account's password expired now, so that end-to-end tests (and people
 * trying the product) reach the expired-password flow of spec §4 at the next sign-in.
 */
export const expirePasswordRequestSchema = accountRequestSchema;

export const expirePasswordResultSchema = z.object({ expired: z.boolean() });
export type ExpirePasswordResult = z.infer<typeof expirePasswordResultSchema>;

/** POST /api/dev/expire-order-link: lets end-to-end tests see an order whose link has expired (issue 18). */
export const expireOrderLinkRequestSchema = z.object({
  assessmentOrderId: z.int().check(z.gte(1), z.lte(2_147_483_647)),
});
export const expireOrderLinkResultSchema = z.object({ expired: z.boolean() });
export type ExpireOrderLinkResult = z.infer<typeof expireOrderLinkResultSchema>;
