import { z } from 'zod/mini';
import { textArea } from '../validation/text';
import { idNameSchema } from './ids';

/**
 * Where an order stands, derived from its status and its events (the spec's status, SCHD or FINI, is untouched):
 * ordered, emailed, opened by the patient, begun, finished, or stopped (locked, expired, cancelled).
 */
export const orderProgressIdSchema = z.enum([
  'SCHEDULED',
  'SENT',
  'OPENED',
  'IN_PROGRESS',
  'FINISHED',
  'LOCKED',
  'EXPIRED',
  'CANCELLED',
]);
export type OrderProgressId = z.infer<typeof orderProgressIdSchema>;

export const orderProgressSchema = z.object({
  id: orderProgressIdSchema,
  /** The time of the order's last event (ISO date-time), null for an order older than the event log. */
  at: z.nullable(z.string()),
});
export type OrderProgress = z.infer<typeof orderProgressSchema>;

/** What happened to an order, in the order it happened; the log is append-only. */
export const orderEventKindSchema = z.enum([
  'ORDERED',
  'EMAIL_SENT',
  'LINK_OPENED',
  'IDENTITY_CONFIRMED',
  'IDENTITY_REFUSED',
  'LOCKED',
  'TEST_STARTED',
  'COMPLETED',
  'RUNNER_ERROR',
  'LINK_RESENT',
  'REMINDER_SENT',
  'CANCELLED',
  'EXPIRED',
  'QR_SHOWN',
  'LETTER_PRINTED',
  /** Issue 32: the person could not take the test (detail: reason, and details in their own words). */
  'UNABLE_TO_TAKE',
]);
export type OrderEventKind = z.infer<typeof orderEventKindSchema>;

/** The class of device a test ran on (spec-less: the runner's record and the order's timeline). */
export const deviceClassSchema = z.enum(['phone', 'tablet', 'desktop']);
export type DeviceClass = z.infer<typeof deviceClassSchema>;

/** Facts an event carries; which ones depends on its kind. No patient data beyond the order's own email. */
export const orderEventDetailSchema = z.object({
  orderType: z.optional(z.string()),
  batteryCode: z.optional(z.string()),
  email: z.optional(z.string()),
  /** IDENTITY_REFUSED: attempt n of `of`. */
  attempt: z.optional(z.int()),
  of: z.optional(z.int()),
  language: z.optional(z.string()),
  deviceClass: z.optional(deviceClassSchema),
  errorCode: z.optional(z.string()),
  reason: z.optional(z.string()),
  /** UNABLE_TO_TAKE: what the person wrote, possibly empty. */
  details: z.optional(z.string()),
  /** REMINDER_SENT: the first or second reminder. */
  reminder: z.optional(z.int()),
});
export type OrderEventDetail = z.infer<typeof orderEventDetailSchema>;

export const orderEventSchema = z.object({
  id: z.int(),
  kind: orderEventKindSchema,
  at: z.string(),
  /** The staff member who did it; null for the patient, the runner or the server itself. */
  actor: z.nullable(idNameSchema),
  detail: orderEventDetailSchema,
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** GET /api/{product}/assessmentorders/{id}/timeline. */
export const orderTimelineSchema = z.object({
  orderId: z.int(),
  progress: orderProgressSchema,
  /** When a home order's link stops working (ISO date-time); null for an in-clinic order. */
  linkExpiresOn: z.nullable(z.string()),
  events: z.array(orderEventSchema),
});
export type OrderTimeline = z.infer<typeof orderTimelineSchema>;

/** POST /api/{product}/assessmentorders/{id}/cancel: why, in a text area of spec §9 (2048 characters, line breaks allowed). */
export const cancelOrderRequestSchema = z.object({
  reason: textArea({ required: true }),
});
export type CancelOrderRequest = z.infer<typeof cancelOrderRequestSchema>;

/** POST /api/{product}/assessmentorders/{id}/handoff: a link for the patient's own phone, as a QR code or a letter. */
export const handoffRequestSchema = z.object({ kind: z.enum(['QR', 'LETTER']) });
export const handoffResultSchema = z.object({
  link: z.string(),
  linkExpiresOn: z.string(),
  /** About how long the test takes, in minutes, as the runner plays it (issue 32: the letter says it). */
  estimatedMinutes: z.int().check(z.gte(1)),
});
export type HandoffResult = z.infer<typeof handoffResultSchema>;

/**
 * POST /api/{product}/login/patient/link {patientLoginToken}: the patient link page asks, as it opens, whether its
 * link still works (issue 18), and which clinic sent it and in which language to greet the patient (issue 32), so
 * the page does not look anonymous and says an ended link has ended before anything is typed. Nothing about the
 * patient is told (no name, no date); an unknown link answers 'open' with no clinic, so a guessed token learns
 * nothing (the details check then fails).
 */
export const patientLinkRequestSchema = z.object({
  patientLoginToken: z.string().check(z.trim(), z.minLength(1), z.maxLength(512)),
});
export const patientLinkStateSchema = z.object({
  /** 'locked': too many wrong details twice over; only staff resending the link opens it again (issue 35 F14). */
  state: z.enum(['open', 'expired', 'cancelled', 'finished', 'locked']),
  /** The order's provider and service, as the clinic's own staff name them. */
  clinic: z.optional(z.nullable(z.object({ provider: z.string(), service: z.string() }))),
  /** The patient's default language (else the order's last one), as a locality id ('es-US'). */
  language: z.optional(z.nullable(z.string())),
});
export type PatientLinkAnswer = z.infer<typeof patientLinkStateSchema>;
export type PatientLinkState = PatientLinkAnswer['state'];

/** Spec-less limits of the follow-up, set per provider service by cops. */
export const defaultLinkExpiryDays = 14;
export const defaultReminderAfterDays = 3;
export const maxReminders = 2;
