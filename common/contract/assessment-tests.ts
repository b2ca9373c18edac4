import { z } from 'zod/mini';
import { recordIdSchema } from './ids';
import { isoDatePattern, isWithin, parseDateInput, patientLoginMinDate } from '../validation/dates';
import { validationMessages } from '../validation/messages';
import { textArea } from '../validation/text';
import { authResultSchema, maxFieldLength } from './auth';
import { assessmentOrderSchema, orderStatusIdSchema, runnerErrorCodeSchema } from './orders';
import { supportedAssessmentLanguageSchema } from './provider-services';

/**
 * Taking the test (spec §3 Begin-test and Patient login confirm responses, §4 On-site test flow and Patient
 * self-assessment, §7 login/patient, begintest, beginsupervisedtest, testerror, testcompleted and the runner).
 */

/** An ISO date-time with a time-zone offset or Z, as the privacy acceptance records it (spec §7). */
const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A locality id such as 'en-US' (the assessment language). */
export const localityIdSchema = z.string().check(z.trim(), z.minLength(2), z.maxLength(16));

/**
 * Spec §5 Patient login date of birth: a real ISO date from 1000-01-01 on. "Not after today" depends on the
 * person's time zone, so the form checks it with its own today and the server allows for any zone.
 */
export const patientLoginDateOfBirthSchema = z.string().check(
  z.trim(),
  z.regex(isoDatePattern, validationMessages.invalidDate),
  z.refine((value) => {
    const date = parseDateInput(value);
    return date !== null && isWithin(date, { min: patientLoginMinDate, max: '9999-12-31' });
  }, validationMessages.invalidDate),
);

/** A name the patient types to confirm the order is theirs, first and last alike, in the form and in the request. */
export const patientNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, validationMessages.required),
    z.maxLength(maxFieldLength, validationMessages.tooLong),
  );

/** POST /api/{product}/login/patient (spec §7). */
export const patientLoginRequestSchema = z.object({
  patientLoginToken: z.string().check(z.trim(), z.minLength(1), z.maxLength(512)),
  firstName: patientNameSchema,
  lastName: patientNameSchema,
  dateOfBirth: patientLoginDateOfBirthSchema,
  acceptPrivacyPolicyClientBrowserTimestamp: isoDateTimeSchema,
  acceptPrivacyPolicyServerTimestamp: isoDateTimeSchema,
});
export type PatientLoginRequest = z.infer<typeof patientLoginRequestSchema>;

/**
 * Spec §3 Patient login confirm response, plus the patient's session when the details matched (`auth`, the same
 * Auth result a staff login answers, with role 'Patient'). `success` false with:
 * - assessmentOrderStatusId 'FINI': the order is finished (orderalreadycompleted);
 * - orderLockedFailedAuthAttemptsExceeded: too many mismatches, the link is locked for a while (templock);
 * - otherwise the details did not match: messageTitle and failedMessage say so.
 */
export const patientLoginResultSchema = z.object({
  success: z.boolean(),
  assessmentOrderStatusId: z.nullable(orderStatusIdSchema),
  patientAssessmentId: z.nullable(z.int()),
  patientId: z.nullable(z.int()),
  orderLockedFailedAuthAttemptsExceeded: z.boolean(),
  messageTitle: z.nullable(z.string()),
  failedMessage: z.nullable(z.string()),
  auth: z.nullable(authResultSchema),
  /** Issue 18: the link no longer works (its order was cancelled, or it expired); nothing else is said. */
  /** 'locked': the details were refused so often that the link stays locked until the clinic sends it again. */
  linkEnded: z._default(z.nullable(z.enum(['expired', 'cancelled', 'locked'])), null),
});
export type PatientLoginResult = z.infer<typeof patientLoginResultSchema>;

/** A patient login answer built from the fields given; the rest let nobody in and tell nothing. */
export const patientLoginAnswer = (fields: Partial<PatientLoginResult> = {}): PatientLoginResult => ({
  success: false,
  assessmentOrderStatusId: null,
  patientAssessmentId: null,
  patientId: null,
  orderLockedFailedAuthAttemptsExceeded: false,
  messageTitle: null,
  failedMessage: null,
  auth: null,
  linkEnded: null,
  ...fields,
});

/** Spec §2 /{product}/patientloginerror/{errorCode}. */
export const patientLoginErrorCodeSchema = z.enum([
  'orderalreadycompleted',
  'templock',
  'unknownerror',
  'linkexpired',
  'ordercancelled',
  'linklocked',
]);

/** POST /api/{product}/assessmentorders/{id}/begintest: the patient's own, unsupervised test (spec §7). */
export const beginTestRequestSchema = z.object({ language: localityIdSchema });

/** POST /api/{product}/assessmentorders/{id}/beginsupervisedtest: on site, staff present (spec §7). */
export const beginSupervisedTestRequestSchema = z.object({
  AcceptPrivacyPolicyClientBrowserTimestamp: isoDateTimeSchema,
  AcceptPrivacyPolicyServerTimestamp: isoDateTimeSchema,
  AssessmentOrderTestWillUseLanguage: localityIdSchema,
});
export type BeginSupervisedTestRequest = z.infer<typeof beginSupervisedTestRequestSchema>;

/** Spec §3 Begin-test response: the runner's token (valid for this order only, for a limited time). */
export const beginTestResultSchema = z.object({
  authTokenToUseForTest: z.string(),
  workflowInstanceId: z.string(),
});
export type BeginTestResult = z.infer<typeof beginTestResultSchema>;

/** A workflow instance id as the server makes them (a UUID). */
export const workflowInstanceIdSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

/** POST .../{id}/testcompleted: the runner came back with completed=true (the attempt is optional: latest). */
export const testCompletedRequestSchema = z.object({ workflowInstanceId: z.optional(workflowInstanceIdSchema) });

/**
 * POST .../{id}/testerror: the runner came back with error=true and a code. Codes beyond the four known ones are
 * recorded too (the patient then sees the unknown-error page), but only as a short plain word.
 */
export const testErrorRequestSchema = z.object({
  errorCode: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, validationMessages.invalidFormat)),
  workflowInstanceId: z.optional(workflowInstanceIdSchema),
});

/**
 * Issue 32: why the person cannot take the test, as they choose it before or instead of the test: they cannot see
 * the cards well enough, cannot answer within a few seconds, cannot use the screen, or another reason.
 */
export const unableToTakeReasonSchema = z.enum(['cannotSee', 'cannotAnswerInTime', 'cannotUseScreen', 'other']);
export type UnableToTakeReason = z.infer<typeof unableToTakeReasonSchema>;

/** What the person wrote in their own words: optional, a text area of spec §9 (line breaks allowed). */
export const unableToTakeDetailsSchema = textArea({ required: false });

/** POST /api/{product}/assessmentorders/{id}/unabletotake: ends the attempt without a result and tells the clinic. */
export const unableToTakeRequestSchema = z.object({
  reason: unableToTakeReasonSchema,
  details: z._default(unableToTakeDetailsSchema, ''),
  workflowInstanceId: z.optional(workflowInstanceIdSchema),
});
export type UnableToTakeRequest = z.input<typeof unableToTakeRequestSchema>;

/** The code an order so ended keeps as its last error: the clinic's follow-up shows it as needing attention. */
export const unableToTakeErrorCode = 'unabletotake';

/** Why a begin or a callback was refused (409 codes): never a 500, always a reason the page can show. */
export const assessmentTestRefusalCodes = {
  orderAlreadyCompleted: 'ORDER_ALREADY_COMPLETED',
  patientDeactivated: 'PATIENT_DEACTIVATED',
  testNotCompleted: 'TEST_NOT_COMPLETED',
  /** Issue 18: a cancelled order cannot be begun; a home order's link that has expired no longer begins it. */
  orderCancelled: 'ORDER_CANCELLED',
  linkExpired: 'ORDER_LINK_EXPIRED',
} as const;

/**
 * GET /api/profile/patients/{id}/assessmentorders/{assessmentId}: the order with what its begin page needs (the
 * languages the provider service offers, the patient's default language, whether the patient is deactivated).
 */
export const assessmentOrderDetailSchema = z.extend(assessmentOrderSchema, {
  patientIsDisabled: z.boolean(),
  patientDefaultLanguage: z.string(),
  supportedAssessmentLanguages: z.array(supportedAssessmentLanguageSchema),
  /**
   * Issue 32: about how many minutes the test takes, worked out from the form the runner plays; and how many parts
   * it has. Null when the server does not say (a service with the spec's calls only).
   */
  estimatedMinutes: z._default(z.nullable(z.int()), null),
  testParts: z._default(z.nullable(z.int()), null),
});
export type AssessmentOrderDetail = z.infer<typeof assessmentOrderDetailSchema>;

/** The four card tasks of the test (spec §1: about 15 minutes, 4 components). */
export const cardTaskSchema = z.enum(['detection', 'identification', 'oneCardLearning', 'oneBack']);
export type CardTask = z.infer<typeof cardTaskSchema>;

/** The tasks of each battery: the memory assessment keeps the learning and working-memory tasks. */
export const batteryTasks: Readonly<Record<string, readonly CardTask[]>> = {
  FullCBB: ['detection', 'identification', 'oneCardLearning', 'oneBack'],
  MemOnlyCBB: ['oneCardLearning', 'oneBack'],
};

/** GET /api/{product}/workflow/{workflowInstanceId} with the test token: what the runner runs. */
export const workflowInstanceSchema = z.object({
  workflowInstanceId: z.string(),
  batteryTypeCode: z.string(),
  localityCode: z.string(),
  tasks: z.array(cardTaskSchema),
  state: z.enum(['open', 'completed', 'error']),
});
export type WorkflowInstance = z.infer<typeof workflowInstanceSchema>;

/** POST /api/{product}/workflow/{workflowInstanceId}/error with the test token (spec §4 runner error codes). */
export const workflowErrorRequestSchema = z.object({ errorCode: runnerErrorCodeSchema });

export const workflowOutcomeSchema = z.object({ state: z.enum(['completed', 'error']) });
export type WorkflowOutcome = z.infer<typeof workflowOutcomeSchema>;

/**
 * POST /api/{product}/cbbreport/access: a short-lived token that lets the embedded report page (spec §2 Report
 * dialog) read one patient's results; the page cannot send the session header itself.
 */
export const reportAccessRequestSchema = z.object({ patientId: recordIdSchema });

export const reportAccessSchema = z.object({
  token: z.string(),
  expiresOn: z.string(),
  /** The first finished assessment, the baseline the report compares with; null when none is finished. */
  baselineId: z.nullable(z.int()),
});
export type ReportAccess = z.infer<typeof reportAccessSchema>;
