import { z } from 'zod/mini';
import { optionalUsPhoneSchema } from '../validation/phone';
import { requiredTextSaying } from '../validation/text';
import { idNameSchema, maxRecordId, recordIdParamSchema } from './ids';
import { defaultListTake, listResponseSchema } from './lists';
import { maxFieldLength, providerServiceRefSchema } from './auth';
import { defaultLinkExpiryDays, defaultReminderAfterDays } from './order-events';

/** Spec §3/§9: HOME is out of clinic ('Out-Of-Clinic'), SITE in clinic ('In-Clinic'). */
export const assessmentOrderTypeIdSchema = z.enum(['HOME', 'SITE']);
export type AssessmentOrderTypeId = z.infer<typeof assessmentOrderTypeIdSchema>;

/** Spec §3 form field deliveryMethod: SITE in clinic, HOME out of clinic, BOTH. */
export const deliveryMethodSchema = z.enum(['HOME', 'SITE', 'BOTH']);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

/** Spec §5: an empty delivery method gives both order types. */
export function orderTypesFor(deliveryMethod: DeliveryMethod): AssessmentOrderTypeId[] {
  switch (deliveryMethod) {
    case 'HOME':
      return ['HOME'];
    case 'SITE':
      return ['SITE'];
    case 'BOTH':
      return ['HOME', 'SITE'];
  }
}

/** Reference locality (spec §3 Locality): its name reads 'location - language', e.g. 'United States - English'. */
export const localitySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Beyond spec §3's locality (issue 37: optional); the reference list is already in this order. */
  displayOrder: z.optional(z.int()),
});
export type Locality = z.infer<typeof localitySchema>;

/** Spec §3 Report type. */
export const reportTypeSchema = idNameSchema;
export type ReportType = z.infer<typeof reportTypeSchema>;

/** Spec §3 Battery; id and code are both the battery code (MemOnlyCBB, FullCBB). */
export const batterySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  displayOrder: z.int(),
  isDefault: z.boolean(),
  /** The battery's name in the language the caller asked for (Accept-Language), else its name. */
  localizedText: z.string(),
  /** On /providerservices/batteries: offered by that provider service. On the reference list: false. */
  selected: z.boolean(),
});
export type Battery = z.infer<typeof batterySchema>;

export const assessmentOrderTypeSchema = z.object({
  id: assessmentOrderTypeIdSchema,
  name: z.string(),
  isDefault: z.boolean(),
  displayOrder: z.int(),
});
export type AssessmentOrderType = z.infer<typeof assessmentOrderTypeSchema>;

/**
 * One language a provider service offers; id and localityId are both the locality id (e.g. 'en-US'). `name` is the
 * reference server's extra (spec §3 has id, localityId, isDefault): without it the client names the language itself.
 */
export const supportedAssessmentLanguageSchema = z.object({
  id: z.string(),
  localityId: z.string(),
  name: z.optional(z.string()),
  isDefault: z.boolean(),
});

/** Spec §3 supportedBatteryTypes [{code}]; the name and the default flag are the reference server's extras. */
export const supportedBatteryTypeSchema = z.object({
  code: z.string(),
  name: z.optional(z.string()),
  isDefault: z.optional(z.boolean()),
});

/** Spec §3 Provider service, as GET /api/{product}/providerservices and /{id} answer it. */
export const providerServiceSchema = z.extend(providerServiceRefSchema, {
  reportType: reportTypeSchema,
  deliveryMethod: deliveryMethodSchema,
  supportedAssessmentOrderTypes: z.array(assessmentOrderTypeSchema),
  supportedAssessmentLanguages: z.array(supportedAssessmentLanguageSchema),
  /** Locality id of the default language, null only if the data were broken. */
  defaultAssessmentLanguage: z.nullable(z.string()),
  supportedBatteryTypes: z.array(supportedBatteryTypeSchema),
  /** Every known battery name mapped to whether this provider service offers it. */
  configurationsToggledBatteryTypes: z.record(z.string(), z.boolean()),
  /** Spec §3: the workflow definition the runner follows for this provider service's tests. */
  workflowDef: z.string(),
  /** Spec §3: the battery an order gets when none is chosen (the default one), null only if none is offered. */
  battery: z.nullable(z.string()),
  /** Issue 18: days a home order's link works, counted from when it was (last) sent. Beyond spec §3: optional. */
  linkExpiryDays: z.optional(z.int()),
  /** Issue 18: days without the link opened before the patient is reminded (twice at most). Beyond spec §3. */
  reminderAfterDays: z.optional(z.int()),
  /**
   * Issue 32: the number a patient calls with questions ('' when none), on their letter and in their emails. Optional:
   * an API of the spec's shape does not send it.
   */
  contactPhone: z.optional(z.string()),
});
export type ProviderService = z.infer<typeof providerServiceSchema>;

/** Issue 18: the limits of a provider service's follow-up, as the database allows them. */
export const linkExpiryDaysRange = { min: 1, max: 365 } as const;
export const reminderAfterDaysRange = { min: 1, max: 60 } as const;

/** A whole number of days within its range, `fallback` when the body leaves it out. */
const daysWithin = (range: { min: number; max: number }, fallback: number) =>
  z._default(
    z.int().check(z.gte(range.min, 'VALID_FIELD_SHOULD_BE_VALID'), z.lte(range.max, 'VALID_FIELD_SHOULD_BE_VALID')),
    fallback,
  );

/** GET /api/{product}/providerservices: one page of rows and the count of all rows that match (spec §7). */
export const providerServiceListSchema = listResponseSchema(providerServiceSchema);
export type ProviderServiceList = z.infer<typeof providerServiceListSchema>;

/** Columns the provider-service grid may sort by (spec §7: default Provider.Name). */
export const providerServiceOrderBySchema = z.enum([
  'Provider.Name',
  'Service.Name',
  'ReportType.Name',
  'DeliveryMethod',
  'DefaultLanguage.Name',
]);
export type ProviderServiceOrderBy = z.infer<typeof providerServiceOrderBySchema>;

const booleanQuery = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);

/** GET /api/{product}/providerservices query string (values arrive as text). */
export const providerServiceListQuerySchema = z.object({
  searchText: z._default(z.string().check(z.trim(), z.maxLength(maxFieldLength)), ''),
  orderBy: z._default(providerServiceOrderBySchema, 'Provider.Name'),
  ascending: z._default(booleanQuery, true),
  skip: z._default(z.coerce.number<number | string>().check(z.int(), z.gte(0)), 0),
  take: z._default(
    z.coerce.number<number | string>().check(z.int(), z.gte(1), z.lte(defaultListTake)),
    defaultListTake,
  ),
});

export const providerServiceIdParamsSchema = z.object({ id: recordIdParamSchema });

/** The two names a cops user types, with their own messages: one rule for the form and for the body it sends. */
export const providerServiceNameFields = {
  providerName: requiredTextSaying(
    { required: 'VALID_PROVIDER_NAME_IS_REQUIRED', tooLong: 'VALID_PROVIDER_NAME_TOO_LONG' },
    maxFieldLength,
  ),
  serviceName: requiredTextSaying(
    { required: 'VALID_SERVICE_NAME_IS_REQUIRED', tooLong: 'VALID_SERVICE_NAME_TOO_LONG' },
    maxFieldLength,
  ),
};

/**
 * POST and PUT body: what a cops user chose on the add or edit form (spec §5 Provider service). Its messages are
 * translation keys of the 'provider-services' namespace, so a refused save reads in the user's language.
 */
export const providerServiceInputSchema = z.object({
  ...providerServiceNameFields,
  reportTypeId: z
    .int('VALID_REPORT_TYPE_IS_REQUIRED')
    .check(z.positive('VALID_REPORT_TYPE_IS_REQUIRED'), z.lte(maxRecordId, 'VALID_UNKNOWN_REPORT_TYPE')),
  // Spec §5: an empty delivery method gives both order types.
  deliveryMethod: z.pipe(
    z.nullish(z.union([deliveryMethodSchema, z.literal('')])),
    z.transform((value): DeliveryMethod => (value === '' ? 'BOTH' : (value ?? 'BOTH'))),
  ),
  batteryCodes: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(
    z.minLength(1, 'VALID_BATTERY_TYPE_REQUIRED'),
    z.refine((codes) => new Set(codes).size === codes.length, 'VALID_BATTERY_LISTED_TWICE'),
  ),
  localities: z
    .array(z.object({ localityId: z.string().check(z.minLength(1), z.maxLength(32)), isDefault: z.boolean() }))
    .check(
      z.minLength(1, 'VALID_LANGUAGE_IS_REQUIRED'),
      z.refine(
        (list) => new Set(list.map((item) => item.localityId)).size === list.length,
        'VALID_LANGUAGE_LISTED_TWICE',
      ),
      z.refine((list) => list.filter((item) => item.isDefault).length === 1, 'VALID_ONE_DEFAULT_LANGUAGE'),
    ),
  linkExpiryDays: daysWithin(linkExpiryDaysRange, defaultLinkExpiryDays),
  reminderAfterDays: daysWithin(reminderAfterDaysRange, defaultReminderAfterDays),
  /** Issue 32: spec §5 US phone, '' for none; left out, the stored one stays (a client that does not know it). */
  contactPhone: z.optional(optionalUsPhoneSchema()),
});
export type ProviderServiceInput = z.input<typeof providerServiceInputSchema>;

/** GET /api/references/localities */
export const localityListSchema = listResponseSchema(localitySchema);
/** GET /api/references/reporttypes */
export const reportTypeListSchema = listResponseSchema(reportTypeSchema);
/** GET /api/references/batteries and /api/{product}/providerservices/batteries */
export const batteryListSchema = listResponseSchema(batterySchema);
/** GET /api/{product}/providerservices/updatedproviderservices: the provider services the caller may see now. */
export const providerServiceRefListSchema = listResponseSchema(providerServiceRefSchema);

/**
 * GET /api/{product}/providerservices/batteries query: every battery, `selected` for those this provider service
 * offers (default: the caller's own).
 */
export const providerServiceBatteriesQuerySchema = z.object({
  providerServiceId: z.optional(recordIdParamSchema),
});
