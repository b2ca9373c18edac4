import { z } from 'zod/mini';
import { idNameSchema, recordIdParamSchema, recordIdSchema } from './ids';
import { refineConfirmation } from '../validation/confirm';
import { isValidEmail, maxEmailLength } from '../validation/email';
import { validationMessages } from '../validation/messages';
import { providerServiceRefSchema } from './auth';
import { assessmentOrderTypeIdSchema } from './provider-services';
import { listResponseSchema } from './lists';
import { orderProgressSchema } from './order-events';

/** Spec §3 Order status: SCHD scheduled, FINI finished. Other values are never shown (spec §4). */
export const orderStatusIdSchema = z.enum(['SCHD', 'FINI']);
export type OrderStatusId = z.infer<typeof orderStatusIdSchema>;

/** Spec §9 Battery ids. */
export const batteryCodeSchema = z.enum(['FullCBB', 'MemOnlyCBB']);

/** Spec §4 On-site test flow: the error codes a workflow runner returns with. */
export const runnerErrorCodeSchema = z.enum([
  'cbbversionfailure',
  'agefailure',
  'cbbbrowsercheckfailure',
  'workflowerror',
]);
export type RunnerErrorCode = z.infer<typeof runnerErrorCodeSchema>;

/**
 * Spec §3 Assessment order, as every order call answers it. Dates are ISO date-times. `prescriber` is set only when a
 * clinician ordered (§6). The fields after it are the reference server's extras (issue 37): a production API of the
 * spec's shape sends none of them, so each is optional here and every screen copes without it.
 */
export const assessmentOrderSchema = z.object({
  id: z.int(),
  patient: idNameSchema,
  assessmentOrderEmail: z.string(),
  assessmentOrderType: z.object({ id: assessmentOrderTypeIdSchema, name: z.string() }),
  batteryTypeCode: z.string(),
  batteryType: z.object({ code: z.string(), name: z.string(), description: z.string() }),
  scheduleDateTime: z.string(),
  orderDate: z.string(),
  completedDateTime: z.nullable(z.string()),
  prescriber: z.nullable(idNameSchema),
  assessmentOrderStatus: z.object({ id: orderStatusIdSchema, name: z.string() }),
  providerService: providerServiceRefSchema,
  /** Locality id (e.g. 'es-US') of the last time the test was begun, null when never begun. */
  assessmentOrderLastStartedUsingLanguage: z.nullable(z.string()),
  /** Beyond the spec: whoever placed the order (the 'ordered by' column of spec §2 shows the prescriber without it). */
  orderedBy: z.optional(z.nullable(idNameSchema)),
  /** Beyond the spec: the runner error code of the last failed attempt, null when none. */
  lastErrorCode: z.optional(z.nullable(z.string())),
  /** Beyond the spec: where the order stands, from its event log (without it, from its status). */
  progress: z.optional(orderProgressSchema),
  /** Beyond the spec: when a home order's link stops working; null for an in-clinic order. */
  linkExpiresOn: z.optional(z.nullable(z.string())),
});
export type AssessmentOrder = z.infer<typeof assessmentOrderSchema>;

/** The reference server's order: spec §3's with every extra, as it keeps and (on the full surface) answers it. */
export const trackedAssessmentOrderSchema = z.extend(assessmentOrderSchema, {
  orderedBy: z.nullable(idNameSchema),
  lastErrorCode: z.nullable(z.string()),
  progress: orderProgressSchema,
  linkExpiresOn: z.nullable(z.string()),
});
export type TrackedAssessmentOrder = z.infer<typeof trackedAssessmentOrderSchema>;

export const assessmentOrderListSchema = listResponseSchema(assessmentOrderSchema);
export type AssessmentOrderList = z.infer<typeof assessmentOrderListSchema>;

/** Translation keys of the order rules (spec §5 Single order, Mass order; §8). */
export const orderMessages = {
  typeRequired: 'VALID_ASSESSMENT_TYPE_REQUIRED',
  batteryRequired: 'VALID_BATTERY_TYPE_REQUIRED',
  massTypeRequired: 'ERROR_ASSESSMENT_TYPE_IS_REQUIRED',
  massBatteryRequired: 'ERROR_BATTERY_TYPE_IS_REQUIRED',
} as const;

/**
 * POST /api/{product}/assessmentorders (spec §5 Single order). HOME needs an email and its matching repeat; SITE
 * ignores both. Whether the battery is required depends on the provider service, so the server checks that rule.
 */
export const assessmentOrderInputSchema = z
  .object({
    patientId: recordIdSchema,
    assessmentOrderType: z.enum(assessmentOrderTypeIdSchema.options, { error: orderMessages.typeRequired }),
    batteryTypeCode: z.nullable(z.enum(batteryCodeSchema.options, { error: orderMessages.batteryRequired })),
    assessmentOrderEmail: z._default(
      z.string().check(z.trim(), z.maxLength(maxEmailLength, validationMessages.emailInvalid)),
      '',
    ),
    confirmAssessmentOrderEmail: z._default(
      z.string().check(z.trim(), z.maxLength(maxEmailLength, validationMessages.emailInvalid)),
      '',
    ),
    updatePatientDefaultEmailToAssessmentOrderEmail: z._default(z.boolean(), false),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.assessmentOrderType !== 'HOME') return;
      if (value.assessmentOrderEmail === '') {
        ctx.addIssue({ code: 'custom', path: ['assessmentOrderEmail'], message: validationMessages.emailRequired });
      } else if (!isValidEmail(value.assessmentOrderEmail)) {
        ctx.addIssue({ code: 'custom', path: ['assessmentOrderEmail'], message: validationMessages.emailInvalid });
      } else {
        refineConfirmation(
          'assessmentOrderEmail',
          'confirmAssessmentOrderEmail',
          validationMessages.emailMismatch,
        )(value, ctx);
      }
    }),
  );
export type AssessmentOrderInput = z.input<typeof assessmentOrderInputSchema>;

/** Spec §3 Mass order payload (POST /api/{product}/assessmentorders/bulk). */
export const massOrderInputSchema = z.object({
  assessmentOrderType: z.enum(assessmentOrderTypeIdSchema.options, { error: orderMessages.massTypeRequired }),
  batteryTypeCode: z.enum(batteryCodeSchema.options, { error: orderMessages.massBatteryRequired }),
  patientIds: z.array(recordIdSchema).check(z.minLength(1), z.maxLength(10_000)),
});
export type MassOrderInput = z.infer<typeof massOrderInputSchema>;

/** Why a patient of a mass order got no order. */
export const massOrderSkipReasonSchema = z.enum(['noEmail', 'deactivated']);

/** The outcome per patient of a mass order, all written in one transaction. */
export const massOrderResultSchema = z.object({
  ordered: z.array(z.object({ patientId: z.int(), assessmentOrderId: z.int() })),
  skipped: z.array(z.object({ patientId: z.int(), reason: massOrderSkipReasonSchema })),
});
export type MassOrderResult = z.infer<typeof massOrderResultSchema>;

export const assessmentOrderIdParamsSchema = z.object({ id: recordIdParamSchema });
export const patientAssessmentParamsSchema = z.object({
  id: recordIdParamSchema,
  assessmentId: recordIdParamSchema,
});
