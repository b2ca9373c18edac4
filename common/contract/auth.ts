import { z } from 'zod/mini';
import { maxPasswordLength } from '../validation/password';
import { idNameSchema } from './ids';

export { maxPasswordLength };

/**
 * The login role exactly as the server stores and answers it (spec §3 Auth result user.role);
 * mapLoginRole turns it into a Role.
 */
export const loginRoleSchema = z.enum([
  'Healthcare Clinician',
  'Healthcare Technician',
  'Provider Service Administrator',
]);
export type LoginRole = z.infer<typeof loginRoleSchema>;

/** Roles the client knows (spec §3 Auth status, §6). */
export const roleSchema = z.enum(['patient', 'clinician', 'technician', 'cops']);
export type Role = z.infer<typeof roleSchema>;

/** Entitlements named by spec §6; the server decides which a role holds. */
export const entitlementSchema = z.enum([
  'listPatients',
  'listTechnicians',
  'listClinicians',
  'addPatient',
  'editPatient',
  'addTechnician',
  'editTechnician',
  'addClinician',
  'editClinician',
  'editProviderService',
  'addAssessmentOrder',
  'viewAssessmentOrder',
  'viewReport',
  'beginSupervisedAssessment',
  'sendResetPasswordLink',
  'reSendClinicianSetupAccountLink',
  'reSendTechnicianSetupAccountLink',
  'deActivateClinician',
  'reActivateClinician',
  'deActivateTechnician',
  'reActivateTechnician',
  'deActivatePatient',
  'reActivatePatient',
]);
export type Entitlement = z.infer<typeof entitlementSchema>;

export const maxFieldLength = 255;

/** POST /api/{product}/login */
export const loginRequestSchema = z.object({
  userName: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxFieldLength)),
  password: z.string().check(z.minLength(1), z.maxLength(maxPasswordLength)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/{product}/login/validate and /login/refreshauthtoken */
export const tokenRequestSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(512)),
});

export const providerServiceRefSchema = z.object({
  id: z.int(),
  provider: idNameSchema,
  service: idNameSchema,
});
export type ProviderServiceRef = z.infer<typeof providerServiceRefSchema>;

export const authUserSchema = z.object({
  /** The login role as the server names it, e.g. 'Healthcare Clinician'. */
  role: z.string(),
  healthcareProfileId: z.nullable(z.int()),
  userId: z.int(),
  userName: z.string(),
  acceptedPrivacyPolicy: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * A staff session handed to a patient (issue 31): its token serves only this order's test until a staff member
 * unlocks it. `endedAt` is when the patient's test ended; `idleEndsAt` when, left unattended, the session ends.
 */
export const handoverStateSchema = z.object({
  assessmentOrderId: z.int(),
  patientId: z.int(),
  endedAt: z.nullable(z.iso.datetime({ offset: true })),
  idleEndsAt: z.nullable(z.iso.datetime({ offset: true })),
});
export type HandoverState = z.infer<typeof handoverStateSchema>;

/**
 * POST /api/{product}/handover/unlock: the same staff member's password, or another staff member of the same
 * provider service signing in (userName and password), which ends the handed-over session.
 */
export const handoverUnlockRequestSchema = z.object({
  userName: z.optional(loginRequestSchema.shape.userName),
  password: loginRequestSchema.shape.password,
});
export type HandoverUnlockRequest = z.infer<typeof handoverUnlockRequestSchema>;

/** The code of the 423 a handed-over session's token gets for any call the patient's test does not need. */
export const handoverLockedCode = 'SESSION_HANDED_TO_PATIENT';

/** Spec §3 Auth result (login, validate and refresh answer this shape). */
export const authResultSchema = z.object({
  success: z.boolean(),
  authToken: z.nullable(z.string()),
  /** ISO date-time at which the token stops being accepted. */
  expiresOn: z.nullable(z.iso.datetime({ offset: true })),
  entitlements: z.array(entitlementSchema),
  providerServices: z.array(providerServiceRefSchema),
  passwordExpiredChangePasswordRequired: z.boolean(),
  accountLockedFailedAuthAttemptsExceeded: z.boolean(),
  failedMessage: z.nullable(z.string()),
  user: z.nullable(authUserSchema),
  /** A patient's session belongs to one order (spec §3 Auth status patientAssessmentId); absent for staff. */
  patientAssessmentId: z.optional(z.nullable(z.int())),
  /**
   * Beyond the spec (issue 31): a staff session whose tablet was handed to a patient for one order's test; null or
   * absent when it was not (and from an API that has no hand-over).
   */
  handover: z.optional(z.nullable(handoverStateSchema)),
});
export type AuthResult = z.infer<typeof authResultSchema>;

/** POST /api/{product}/login/logout answers this once the token is revoked. */
export const logoutResultSchema = z.object({ success: z.literal(true) });
export type LogoutResult = z.infer<typeof logoutResultSchema>;

/** GET /api/{product}/devops */
export const devopsSchema = z.object({ serverUtcTime: z.string() });
export type Devops = z.infer<typeof devopsSchema>;

/**
 * Spec §3: the role is the login role lowercased with the prefix 'healthcare ' removed;
 * anything else is the provider-service administrator (cops).
 */
export function mapLoginRole(loginRole: string): Role {
  const name = loginRole
    .trim()
    .toLowerCase()
    .replace(/^healthcare /, '');
  const parsed = roleSchema.safeParse(name);
  return parsed.success ? parsed.data : 'cops';
}
