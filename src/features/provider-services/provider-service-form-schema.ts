import { z } from 'zod/mini';
import {
  defaultLinkExpiryDays,
  defaultReminderAfterDays,
  deliveryMethodSchema,
  linkExpiryDaysRange,
  providerServiceNameFields,
  reminderAfterDaysRange,
  type ProviderService,
  type ProviderServiceInput,
} from '#common/contract';
import { isApiError } from '../../shared/api/http';
import { formatUsPhone, isValidUsPhone } from '#common/validation/phone';
import { hasDefaultLocality, hasSelectedLocality, initialLocalityChoices, type LocalityChoice } from './locality-rules';

const localityChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  selected: z.boolean(),
  isDefaultLocality: z.boolean(),
  previouslyAdded: z.boolean(),
});

/** A whole number of days in the range, 'VALID_DAYS_OUT_OF_RANGE' otherwise. */
function days(range: { min: number; max: number }) {
  return z
    .union([z.number(), z.literal('')])
    .check(
      z.refine(
        (value) => typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max,
        'VALID_DAYS_OUT_OF_RANGE',
      ),
    );
}

/** Spec §5 Provider service; messages are translation keys of the 'provider-services' namespace. */
export const providerServiceFormSchema = z.object({
  ...providerServiceNameFields,
  reportTypeId: z
    .nullable(z.string())
    .check(z.refine((value) => value !== null && value !== '', 'VALID_REPORT_TYPE_IS_REQUIRED')),
  deliveryMethod: deliveryMethodSchema,
  batteryCodes: z.array(z.string()).check(z.minLength(1, 'VALID_BATTERY_TYPE_REQUIRED')),
  localities: z
    .array(localityChoiceSchema)
    .check(
      z.refine(hasSelectedLocality, 'VALID_LANGUAGE_IS_REQUIRED'),
      z.refine(hasDefaultLocality, 'VALID_DEFAULT_LANGUAGE_IS_REQUIRED'),
    ),
  // Issue 18: the follow-up of home orders. A number field holds '' while it is empty.
  linkExpiryDays: days(linkExpiryDaysRange),
  reminderAfterDays: days(reminderAfterDaysRange),
  /**
   * Issue 32: the number patients call, spec §5 US phone, optional. Null when the API does not know the field (the
   * spec's own shape): then the form neither shows nor sends it.
   */
  contactPhone: z.nullable(
    z.string().check(
      z.refine((value) => {
        const formatted = formatUsPhone(value);
        return formatted === '' || isValidUsPhone(formatted);
      }, 'VALID_CONTACT_PHONE_INVALID'),
    ),
  ),
});
export type ProviderServiceFormValues = z.input<typeof providerServiceFormSchema>;

export function emptyFormValues(localities: readonly { id: string; name: string }[]): ProviderServiceFormValues {
  return {
    providerName: '',
    serviceName: '',
    reportTypeId: null,
    deliveryMethod: 'BOTH',
    batteryCodes: [],
    localities: initialLocalityChoices(localities),
    linkExpiryDays: defaultLinkExpiryDays,
    reminderAfterDays: defaultReminderAfterDays,
    contactPhone: '',
  };
}

export function formValuesOf(
  saved: ProviderService,
  localities: readonly { id: string; name: string }[],
): ProviderServiceFormValues {
  return {
    providerName: saved.provider.name,
    serviceName: saved.service.name,
    reportTypeId: String(saved.reportType.id),
    deliveryMethod: saved.deliveryMethod,
    batteryCodes: saved.supportedBatteryTypes.map((battery) => battery.code),
    localities: initialLocalityChoices(localities, saved.supportedAssessmentLanguages),
    linkExpiryDays: saved.linkExpiryDays ?? defaultLinkExpiryDays,
    reminderAfterDays: saved.reminderAfterDays ?? defaultReminderAfterDays,
    contactPhone: saved.contactPhone ?? null,
  };
}

/** The request body for POST and PUT. */
export function toProviderServiceInput(values: ProviderServiceFormValues): ProviderServiceInput {
  const chosen: LocalityChoice[] = values.localities.filter((locality) => locality.selected);
  return {
    providerName: values.providerName.trim(),
    serviceName: values.serviceName.trim(),
    reportTypeId: Number(values.reportTypeId),
    deliveryMethod: values.deliveryMethod,
    batteryCodes: [...values.batteryCodes],
    localities: chosen.map((locality) => ({ localityId: locality.id, isDefault: locality.isDefaultLocality })),
    linkExpiryDays: Number(values.linkExpiryDays),
    reminderAfterDays: Number(values.reminderAfterDays),
    ...(values.contactPhone === null ? {} : { contactPhone: formatUsPhone(values.contactPhone) }),
  };
}

/**
 * What to show after a failed save: `key` is translated; `keys` are the server's field messages, translation keys
 * of the shared rules, translated where the locale files have them; `message` is the server's own text.
 */
export type SaveFailure = { message: string } | { key: string } | { keys: readonly string[] };

/**
 * Spec §8: the server's message when it gives one, else TEXT_PROVIDER_SERVICES_ERROR_SAVING. A server fault
 * (5xx) says nothing useful to the user, and offline nothing was sent at all.
 */
export function saveFailure(error: unknown): SaveFailure {
  if (!isApiError(error)) return { key: 'TEXT_PROVIDER_SERVICES_ERROR_SAVING' };
  if (error.isNetworkError) return { key: 'common:ERROR_OFFLINE_NOTHING_SENT' };
  if (error.status >= 500) return { key: 'TEXT_PROVIDER_SERVICES_ERROR_SAVING' };
  // A validation answer carries its reasons per field; those are the useful part of its message.
  if (error.status === 400 && error.fields.length > 0) {
    return { keys: [...new Set(error.fields.map((field) => field.message))] };
  }
  if (error.status === 409) return { key: 'VALID_PROVIDER_SERVICE_EXISTS' };
  return error.serverMessage ? { message: error.serverMessage } : { key: 'TEXT_PROVIDER_SERVICES_ERROR_SAVING' };
}

/** Form fields the server may name in a 400 or 409, mapped to the form's own field names. */
export function formFieldOf(
  path: string,
):
  | 'providerName'
  | 'serviceName'
  | 'reportTypeId'
  | 'deliveryMethod'
  | 'linkExpiryDays'
  | 'reminderAfterDays'
  | 'contactPhone'
  | null {
  const head = path.split('.')[0] ?? '';
  switch (head) {
    case 'providerName':
    case 'serviceName':
    case 'reportTypeId':
    case 'deliveryMethod':
    case 'linkExpiryDays':
    case 'reminderAfterDays':
    case 'contactPhone':
      return head;
    default:
      return null;
  }
}
