import { z } from 'zod';
import { maxRecordId, recordIdParamSchema } from './ids';
import { defaultListTake } from './lists';
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
  displayOrder: z.number().int(),
});
export type Locality = z.infer<typeof localitySchema>;

export const reportTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type ReportType = z.infer<typeof reportTypeSchema>;

/** Spec §3 Battery; id and code are both the battery code (MemOnlyCBB, FullCBB). */
export const batterySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  displayOrder: z.number().int(),
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
  displayOrder: z.number().int(),
});
export type AssessmentOrderType = z.infer<typeof assessmentOrderTypeSchema>;

/** One language a provider service offers; id and localityId are both the locality id (e.g. 'en-US'). */
export const supportedAssessmentLanguageSchema = z.object({
  id: z.string(),
  localityId: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
});

export const supportedBatteryTypeSchema = z.object({
  code: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
});

/** Spec §3 Provider service, as GET /api/{product}/providerservices and /{id} answer it. */
export const providerServiceSchema = providerServiceRefSchema.extend({
  reportType: reportTypeSchema,
  deliveryMethod: deliveryMethodSchema,
  supportedAssessmentOrderTypes: z.array(assessmentOrderTypeSchema),
  supportedAssessmentLanguages: z.array(supportedAssessmentLanguageSchema),
  /** Locality id of the default language, null only if the data were broken. */
  defaultAssessmentLanguage: z.string().nullable(),
  supportedBatteryTypes: z.array(supportedBatteryTypeSchema),
  /** Every known battery name mapped to whether this provider service offers it. */
  configurationsToggledBatteryTypes: z.record(z.string(), z.boolean()),
  /** Spec §3: the workflow definition the runner follows for this provider service's tests. */
  workflowDef: z.string(),
  /** Spec §3: the battery an order gets when none is chosen (the default one), null only if none is offered. */
  battery: z.string().nullable(),
  /** Issue 18: days a home order's link works, counted from when it was (last) sent. */
  linkExpiryDays: z.number().int(),
  /** Issue 18: days without the link opened before the patient is reminded (twice at most). */
  reminderAfterDays: z.number().int(),
});
export type ProviderService = z.infer<typeof providerServiceSchema>;

/** Issue 18: the limits of a provider service's follow-up, as the database allows them. */
export const linkExpiryDaysRange = { min: 1, max: 365 } as const;
export const reminderAfterDaysRange = { min: 1, max: 60 } as const;

/** Spec §7 list response: one page of rows and the count of all rows that match. */
export const providerServiceListSchema = z.object({
  dataList: z.array(providerServiceSchema),
  count: z.number().int(),
});
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

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /api/{product}/providerservices query string (values arrive as text). */
export const providerServiceListQuerySchema = z.object({
  searchText: z.string().trim().max(maxFieldLength).default(''),
  orderBy: providerServiceOrderBySchema.default('Provider.Name'),
  ascending: booleanQuery.default(true),
  skip: z.coerce.number<number | string>().int().min(0).default(0),
  take: z.coerce.number<number | string>().int().min(1).max(defaultListTake).default(defaultListTake),
});

export const providerServiceIdParamsSchema = z.object({ id: recordIdParamSchema });

/** POST and PUT body: what a cops user chose on the add or edit form (spec §5 Provider service). */
export const providerServiceInputSchema = z.object({
  providerName: z.string().trim().min(1, 'Provider name is required').max(maxFieldLength),
  serviceName: z.string().trim().min(1, 'Service name is required').max(maxFieldLength),
  reportTypeId: z.number().int().positive('Report type is required').max(maxRecordId),
  // Spec §5: an empty delivery method gives both order types.
  deliveryMethod: z
    .union([deliveryMethodSchema, z.literal('')])
    .nullish()
    .transform((value): DeliveryMethod => (value === '' ? 'BOTH' : (value ?? 'BOTH'))),
  batteryCodes: z
    .array(z.string().min(1).max(64))
    .min(1, 'At least one battery is required')
    .refine((codes) => new Set(codes).size === codes.length, 'A battery is listed twice'),
  localities: z
    .array(z.object({ localityId: z.string().min(1).max(32), isDefault: z.boolean() }))
    .min(1, 'At least one language is required')
    .refine((list) => new Set(list.map((item) => item.localityId)).size === list.length, 'A language is listed twice')
    .refine((list) => list.filter((item) => item.isDefault).length === 1, 'Exactly one default language is required'),
  linkExpiryDays: z
    .number()
    .int()
    .min(linkExpiryDaysRange.min, 'VALID_FIELD_SHOULD_BE_VALID')
    .max(linkExpiryDaysRange.max, 'VALID_FIELD_SHOULD_BE_VALID')
    .default(defaultLinkExpiryDays),
  reminderAfterDays: z
    .number()
    .int()
    .min(reminderAfterDaysRange.min, 'VALID_FIELD_SHOULD_BE_VALID')
    .max(reminderAfterDaysRange.max, 'VALID_FIELD_SHOULD_BE_VALID')
    .default(defaultReminderAfterDays),
});
export type ProviderServiceInput = z.input<typeof providerServiceInputSchema>;

/** GET /api/references/localities */
export const localityListSchema = z.object({ dataList: z.array(localitySchema), count: z.number().int() });
/** GET /api/references/reporttypes */
export const reportTypeListSchema = z.object({ dataList: z.array(reportTypeSchema), count: z.number().int() });
/** GET /api/references/batteries and /api/{product}/providerservices/batteries */
export const batteryListSchema = z.object({ dataList: z.array(batterySchema), count: z.number().int() });
/** GET /api/{product}/providerservices/updatedproviderservices: the provider services the caller may see now. */
export const providerServiceRefListSchema = z.object({
  dataList: z.array(providerServiceRefSchema),
  count: z.number().int(),
});

/**
 * GET /api/{product}/providerservices/batteries query: every battery, `selected` for those this provider service
 * offers (default: the caller's own).
 */
export const providerServiceBatteriesQuerySchema = z.object({
  providerServiceId: recordIdParamSchema.optional(),
});
