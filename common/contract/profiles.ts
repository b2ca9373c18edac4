import { z } from 'zod/mini';
import { idNameSchema, recordIdSchema } from './ids';
import { dateSchema, type DateBounds } from '../validation/dates';
import { emailSchema, optionalEmailSchema } from '../validation/email';
import { validationMessages } from '../validation/messages';
import { optionalUsPhoneSchema } from '../validation/phone';
import { optionalText, requiredText } from '../validation/text';
import { postalCodeError } from '../validation/zip';
import { providerServiceRefSchema } from './auth';
import { listQuerySchema, listResponseSchema } from './lists';
import { assessmentOrderTypeSchema, supportedAssessmentLanguageSchema } from './provider-services';

/** Spec §3/§6: the three kinds of profile; add and edit entitlements are named after them (addPatient, editClinician). */
export const profileTypeSchema = z.enum(['patient', 'clinician', 'technician']);
export type ProfileType = z.infer<typeof profileTypeSchema>;
export const staffProfileTypeSchema = z.enum(['clinician', 'technician']);
export type StaffProfileType = z.infer<typeof staffProfileTypeSchema>;

export const codeNameSchema = z.object({ code: z.string(), name: z.string() });
export type CodeName = z.infer<typeof codeNameSchema>;

export const genderIdSchema = z.enum(['M', 'F']);
export type GenderId = z.infer<typeof genderIdSchema>;

/** Spec §3 Profile address; optional text is '' when empty, unselected state or country null. */
export const addressSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.nullable(codeNameSchema),
  postalCode: z.string(),
  country: z.nullable(codeNameSchema),
});
export type Address = z.infer<typeof addressSchema>;

/** Spec §3: a profile's provider services carry the order types and languages they support. */
export const profileProviderServiceSchema = z.extend(providerServiceRefSchema, {
  supportedAssessmentOrderTypes: z.array(assessmentOrderTypeSchema),
  supportedAssessmentLanguages: z.array(supportedAssessmentLanguageSchema),
});
export type ProfileProviderService = z.infer<typeof profileProviderServiceSchema>;

const profileBaseShape = {
  id: z.int(),
  firstName: z.string(),
  middleInitial: z.string(),
  lastName: z.string(),
  /** First and last name, for tight places (cards, titles). */
  shortName: z.string(),
  /** First name, middle initial and last name. */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  isDisabled: z.boolean(),
  address: addressSchema,
  providerServices: z.array(profileProviderServiceSchema),
};

/** Spec §3 Profile plus the patient additions. Dates are ISO; age is computed by the server from the birth date. */
export const patientProfileSchema = z.object({
  ...profileBaseShape,
  dateOfBirth: z.string(),
  age: z.int(),
  /** Spec §3: id M or F, its name, and genderCode (the same code, under the name the spec also uses). */
  gender: z.object({ id: genderIdSchema, name: z.string(), genderCode: genderIdSchema }),
  defaultLanguage: z.string(),
  openOrdersCount: z.int(),
  /** ISO date-time of the latest outstanding order, if any. */
  lastAssessmentOpenOrderDate: z.nullable(z.string()),
  /** ISO date-time of the latest finished order, if any. */
  lastAssessmentOrderCompletionDate: z.nullable(z.string()),
});
export type PatientProfile = z.infer<typeof patientProfileSchema>;

export const clinicianProfileSchema = z.object({
  ...profileBaseShape,
  specialty: z.nullable(idNameSchema),
  medicalLicenseNumber: z.string(),
  firstTimeAccountSetupComplete: z.boolean(),
});
export type ClinicianProfile = z.infer<typeof clinicianProfileSchema>;

export const technicianProfileSchema = z.object({
  ...profileBaseShape,
  firstTimeAccountSetupComplete: z.boolean(),
});
export type TechnicianProfile = z.infer<typeof technicianProfileSchema>;

export const patientListSchema = listResponseSchema(patientProfileSchema);
export type PatientList = z.infer<typeof patientListSchema>;
export const clinicianListSchema = listResponseSchema(clinicianProfileSchema);
export const technicianListSchema = listResponseSchema(technicianProfileSchema);

/** Sort keys of the profile lists (spec §7: patients order by name unless asked). */
export const patientOrderByValues = [
  'name',
  'dateOfBirth',
  'gender',
  'email',
  'openOrdersCount',
  'lastAssessmentOrderCompletionDate',
] as const;
export type PatientOrderBy = (typeof patientOrderByValues)[number];
export const patientListQuerySchema = listQuerySchema(patientOrderByValues, 'name');

export const staffOrderByValues = ['name', 'email', 'phone', 'specialty'] as const;
export type StaffOrderBy = (typeof staffOrderByValues)[number];
export const staffListQuerySchema = listQuerySchema(staffOrderByValues, 'name');

/** Spec §5: unselected provider service, specialty, state and country (code -1 in the form) are sent as null. */
const codeRefSchema = z.object({ code: z.string().check(z.trim(), z.minLength(1), z.maxLength(16)) });
const idRefSchema = z.object({ id: recordIdSchema });
type IdRef = z.output<typeof idRefSchema>;

/** Spec §5 Profile edit: country is required; the US zip rule applies to US addresses. */
export const addressWriteSchema = z
  .object({
    line1: optionalText(),
    line2: optionalText(),
    city: optionalText(),
    state: z.nullable(codeRefSchema),
    postalCode: optionalText(),
    country: z.nullable(codeRefSchema),
  })
  .check(
    z.superRefine((address, ctx) => {
      if (address.country === null) {
        ctx.addIssue({ code: 'custom', path: ['country'], message: validationMessages.required });
      }
      const zipError = postalCodeError(address.postalCode, address.country?.code ?? null);
      if (zipError) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: zipError });
    }),
  );
export type AddressWrite = z.output<typeof addressWriteSchema>;

const personWriteShape = {
  firstName: requiredText(),
  middleInitial: optionalText(1),
  lastName: requiredText(),
  phone: optionalUsPhoneSchema(),
  address: addressWriteSchema,
  /** Cops choose it when adding; for everyone else the server uses their own (spec §6). */
  providerService: z.nullable(idRefSchema),
};

/**
 * Spec §5 patient save: birth date as a date only within the bounds of the rules call (add) or from 31 Dec 1492
 * (edit); gender and default language required; email optional ('' when none).
 */
export function patientWriteSchema(birthDate: DateBounds) {
  return z.object({
    ...personWriteShape,
    dateOfBirth: dateSchema(birthDate),
    // Null is refused with the key, and the output type is the gender alone. abort: false, as a refinement has:
    // the other checks still run when the gender is missing.
    gender: z.pipe(
      z.nullable(genderIdSchema),
      z.custom<GenderId>((value: GenderId | null) => value !== null, {
        error: validationMessages.genderRequired,
        abort: false,
      }),
    ),
    defaultLanguage: requiredText(16),
    email: optionalEmailSchema(validationMessages.emailInvalid),
  });
}
/** What a client sends (before the rules trim, format and check it). */
export type PatientWrite = z.input<ReturnType<typeof patientWriteSchema>>;
export function patientUpdateSchema(birthDate: DateBounds) {
  return z.extend(patientWriteSchema(birthDate), { id: recordIdSchema });
}
export type PatientUpdate = z.input<ReturnType<typeof patientUpdateSchema>>;

const staffWriteShape = {
  ...personWriteShape,
  email: emailSchema({ required: validationMessages.emailRequired, invalid: validationMessages.emailInvalid }),
};

/** Spec §5 Clinician: specialty and license number required (the license can only be changed by cops, §6). */
export const clinicianWriteSchema = z.object({
  ...staffWriteShape,
  specialty: z.pipe(
    z.nullable(idRefSchema),
    z.custom<IdRef>((value: IdRef | null) => value !== null, { error: validationMessages.required, abort: false }),
  ),
  medicalLicenseNumber: requiredText(),
});
export type ClinicianWrite = z.input<typeof clinicianWriteSchema>;
export const clinicianUpdateSchema = z.extend(clinicianWriteSchema, { id: recordIdSchema });
export type ClinicianUpdate = z.input<typeof clinicianUpdateSchema>;

export const technicianWriteSchema = z.object(staffWriteShape);
export type TechnicianWrite = z.input<typeof technicianWriteSchema>;
export const technicianUpdateSchema = z.extend(technicianWriteSchema, { id: recordIdSchema });
export type TechnicianUpdate = z.input<typeof technicianUpdateSchema>;

/** Spec §7 /api/profiles/deactivateaccount and /reactivateaccount. */
export const accountStateRequestSchema = z.object({
  userId: recordIdSchema,
  profileType: profileTypeSchema,
});
export type AccountStateRequest = z.infer<typeof accountStateRequestSchema>;

/** Spec §7 /api/profiles/resendsetupaccountlink. */
export const resendSetupLinkRequestSchema = z.object({
  userEmail: emailSchema({ required: validationMessages.emailRequired, invalid: validationMessages.emailInvalid }),
  healthcareProfileId: recordIdSchema,
  profileType: staffProfileTypeSchema,
});
export type ResendSetupLinkRequest = z.infer<typeof resendSetupLinkRequestSchema>;

/** Spec §7 /api/profiles/sendresetpasswordlink (an administrator sends a user a reset link). */
export const sendResetPasswordLinkRequestSchema = z.object({
  userEmail: emailSchema({ required: validationMessages.emailRequired, invalid: validationMessages.emailInvalid }),
});
export type SendResetPasswordLinkRequest = z.infer<typeof sendResetPasswordLinkRequestSchema>;

export const accountActionResultSchema = z.object({ success: z.literal(true) });
export type AccountActionResult = z.infer<typeof accountActionResultSchema>;

/** The text of spec §7 that the client looks for to flag the email field. */
export const emailInUseServerMessage = 'This email address already in use';
export const emailInUseCode = 'EMAIL_IN_USE';

/** Spec §3 Rules (GET /api/rules): the birth-date bounds of a new patient, ISO dates. */
export const rulesSchema = z.object({ patientMaxBirthday: z.string(), patientMinBirthday: z.string() });
export type Rules = z.infer<typeof rulesSchema>;

/** GET /api/references/profile: what the profile forms choose from, scoped to the caller's provider services. */
export const profileReferencesSchema = z.object({
  specialties: z.array(idNameSchema),
  states: z.array(codeNameSchema),
  countries: z.array(codeNameSchema),
  providerServices: z.array(profileProviderServiceSchema),
});
export type ProfileReferences = z.infer<typeof profileReferencesSchema>;
