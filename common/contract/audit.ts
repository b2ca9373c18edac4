import { z } from 'zod/mini';
import { roleSchema } from './auth';
import { recordIdParamSchema } from './ids';
import { listPageSize, listResponseSchema } from './lists';

/**
 * The audit trail (issue 35, HIPAA 164.312(b)): who read or changed which patient's data, and every security event.
 * Actions are `entity.verb` codes; the screen translates each through `audit.actions.<code>`.
 */
export const auditActions = [
  // Reads of patient data.
  'patient.read',
  'patient.list',
  'patient.search',
  'order.list',
  'order.read',
  'order.timeline',
  'result.read',
  'report.access',
  'report.read',
  'export.read',
  'fhir.read',
  // Changes of patients, staff and provider services.
  'patient.create',
  'patient.update',
  'patient.deactivate',
  'patient.reactivate',
  'staff.create',
  'staff.update',
  'staff.deactivate',
  'staff.reactivate',
  'providerService.create',
  'providerService.update',
  'providerService.deactivate',
  'providerService.reactivate',
  // Order actions.
  'order.create',
  'order.resend',
  'order.cancel',
  'order.handoff',
  'order.begin',
  'order.complete',
  'order.unableToTake',
  // Security events.
  'auth.signIn',
  'auth.signInFailed',
  'auth.locked',
  'auth.logout',
  'auth.sessionEnded',
  'auth.passwordChanged',
  'auth.passwordReset',
  'auth.setupLinkSent',
  'auth.resetLinkSent',
  'auth.refused',
  'patientLink.identityChecked',
  'patientLink.identityFailed',
  'patientLink.locked',
  // Issue 38: FHIR backend clients (SMART Backend Services) and bulk exports.
  'fhirClient.create',
  'fhirClient.revoke',
  'fhirClient.token',
  'fhirExport.start',
  'fhirExport.read',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditOutcomeSchema = z.enum(['success', 'failure', 'refused']);
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>;

/** One entry, as `GET /api/{product}/audit` answers it. */
export const auditEntrySchema = z.object({
  /** The entry's place in the one total order of the chain (1, 2, 3 …). */
  sequence: z.int(),
  /** Server time, UTC, ISO 8601. */
  at: z.string(),
  /** The signed-in staff member, or null for a patient session or an anonymous request. */
  actorUserId: z.nullable(z.int()),
  actorRole: z.nullable(roleSchema),
  actorProviderServiceId: z.nullable(z.int()),
  /** The order whose link opened the patient session that acted, or null for staff and anonymous requests. */
  patientSessionOrderId: z.nullable(z.int()),
  action: auditActionSchema,
  /** The patients the entry concerns (a list page names every patient it returned). */
  patientIds: z.array(z.int()),
  /** The record acted on, e.g. `patient`, `order`, `staff`, `providerService`, `report`, `session`. */
  entity: z.nullable(z.string()),
  entityId: z.nullable(z.string()),
  outcome: auditOutcomeSchema,
  clientAddress: z.string(),
  requestId: z.string(),
  /** SHA-256, hex, of this entry's content and the previous entry's hash. */
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditOrderBy = ['at', 'action', 'actorUserId', 'outcome'] as const;
export type AuditOrderBy = (typeof auditOrderBy)[number];

const isoDateTime = z.iso.datetime({ offset: true });

/** GET /api/{product}/audit?patientId&userId&action&from&to&orderBy&ascending&skip&take (administrators only). */
export const auditListQuerySchema = z.object({
  patientId: z.optional(recordIdParamSchema),
  userId: z.optional(recordIdParamSchema),
  action: z.optional(auditActionSchema),
  /** Inclusive lower bound on `at`. */
  from: z.optional(isoDateTime),
  /** Exclusive upper bound on `at`. */
  to: z.optional(isoDateTime),
  orderBy: z._default(z.enum(auditOrderBy), 'at'),
  ascending: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((value) => value === 'true'),
  ),
  skip: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
  take: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), listPageSize),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditListSchema = listResponseSchema(auditEntrySchema);
export type AuditList = z.infer<typeof auditListSchema>;

/**
 * GET /api/{product}/audit/staff (administrators only): every staff account an entry may name as its actor,
 * administrators and deactivated accounts too, so the screen can name them and filter by any of them.
 */
export const auditStaffMemberSchema = z.object({
  /** The user id entries carry as `actorUserId`. */
  id: z.int(),
  name: z.string(),
  role: roleSchema,
});
export type AuditStaffMember = z.infer<typeof auditStaffMemberSchema>;

export const auditStaffListSchema = z.object({ dataList: z.array(auditStaffMemberSchema) });
export type AuditStaffList = z.infer<typeof auditStaffListSchema>;

/** What a client asks the audit list for; `auditQueryString` writes it as the query above. */
export interface AuditListParams {
  patientId: number | null;
  userId: number | null;
  action: AuditAction | null;
  from: string | null;
  to: string | null;
  orderBy: AuditOrderBy;
  ascending: boolean;
  skip: number;
  take: number;
}

export function auditQueryString(params: AuditListParams): string {
  const query = new URLSearchParams({
    orderBy: params.orderBy,
    ascending: String(params.ascending),
    skip: String(params.skip),
    take: String(params.take),
  });
  if (params.patientId !== null) query.set('patientId', String(params.patientId));
  if (params.userId !== null) query.set('userId', String(params.userId));
  if (params.action !== null) query.set('action', params.action);
  if (params.from !== null) query.set('from', params.from);
  if (params.to !== null) query.set('to', params.to);
  return query.toString();
}
