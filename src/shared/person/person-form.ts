import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod/mini';
import { emailInUseServerMessage, type AddressWrite, type PatientProfile } from '#common/contract';
import { isApiError } from '../api/http';
import { validationMessages } from '#common/validation/messages';
import { optionalUsPhoneSchema } from '#common/validation/phone';
import { optionalText, requiredText } from '#common/validation/text';
import { postalCodeError } from '#common/validation/zip';
import { applyServerErrors, type ServerErrorOutcome } from '../ui/form/server-errors';

/** The shared rules of spec §5 for the fields every profile has (the same ones the server applies to the payload). */
export const personFormShape = {
  providerServiceId: z.string(),
  firstName: requiredText(),
  middleInitial: optionalText(1),
  lastName: requiredText(),
  phone: optionalUsPhoneSchema(),
  address: z.object({
    line1: optionalText(),
    line2: optionalText(),
    city: optionalText(),
    stateCode: z.string(),
    postalCode: optionalText(),
    countryCode: z.string().check(z.minLength(1, validationMessages.required)),
  }),
};

/** Form values every profile has; selects hold '' when nothing is chosen (the 'code -1' of spec §5). */
export type PersonFormValues = z.input<z.ZodMiniObject<typeof personFormShape>>;

/** What a person form starts from: the profile being edited, or a new person. */
export type PersonDefaultsSource = Pick<
  PatientProfile,
  'firstName' | 'middleInitial' | 'lastName' | 'email' | 'phone' | 'address'
>;

/**
 * The starting values of every person form (patient, clinician, technician): the profile's own, with '' for a
 * choice not made. `providerServiceId` is the one shown chosen (null: the person must choose).
 */
export function personFormDefaults(
  person: PersonDefaultsSource | null,
  providerServiceId: number | null,
): PersonFormValues & { email: string } {
  return {
    providerServiceId: providerServiceId === null ? '' : String(providerServiceId),
    firstName: person?.firstName ?? '',
    middleInitial: person?.middleInitial ?? '',
    lastName: person?.lastName ?? '',
    email: person?.email ?? '',
    phone: person?.phone ?? '',
    address: {
      line1: person?.address.line1 ?? '',
      line2: person?.address.line2 ?? '',
      city: person?.address.city ?? '',
      stateCode: person?.address.state?.code ?? '',
      postalCode: person?.address.postalCode ?? '',
      // A new profile starts in the United States, where the product is used.
      countryCode: person ? (person.address.country?.code ?? '') : 'US',
    },
  };
}

/** Cops must choose a provider service when adding (spec §6); the US zip rule follows the chosen country. */
export function refinePerson(requireProviderService: boolean) {
  return (value: Pick<PersonFormValues, 'providerServiceId' | 'address'>, ctx: z.core.$RefinementCtx) => {
    if (requireProviderService && value.providerServiceId === '') {
      ctx.addIssue({ code: 'custom', path: ['providerServiceId'], message: validationMessages.required });
    }
    const zipError = postalCodeError(value.address.postalCode, value.address.countryCode || null);
    if (zipError) ctx.addIssue({ code: 'custom', path: ['address', 'postalCode'], message: zipError });
  };
}

/** Spec §5: unselected state and country are sent as null. */
function addressPayload(address: PersonFormValues['address']): AddressWrite {
  return {
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.stateCode ? { code: address.stateCode } : null,
    postalCode: address.postalCode,
    country: address.countryCode ? { code: address.countryCode } : null,
  };
}

/** Spec §5: an unselected provider service is sent as null (the server then uses the caller's own). */
function providerServicePayload(id: string): { id: number } | null {
  return id === '' ? null : { id: Number(id) };
}

/**
 * The fields every profile's save sends, from a person form's checked values (spec §5: an unselected provider
 * service, state or country goes as null).
 */
export function personPayload(values: z.output<z.ZodMiniObject<typeof personFormShape>> & { email: string }) {
  return {
    firstName: values.firstName,
    middleInitial: values.middleInitial,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    address: addressPayload(values.address),
    providerService: providerServicePayload(values.providerServiceId),
  };
}

/** The payload's field paths a 400 answer may name, as the person forms name them. */
const personFormPathOf: Readonly<Record<string, string>> = {
  providerService: 'providerServiceId',
  specialty: 'specialtyId',
  'address.state': 'address.stateCode',
  'address.country': 'address.countryCode',
};

export type SaveFailure = 'emailInUse' | ServerErrorOutcome;

/**
 * Spec §7: an answer containing 'This email address already in use' flags the email field; other 400 fields are
 * shown on their fields. Nothing the person typed is touched.
 */
export function applySaveError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): SaveFailure {
  if (isApiError(error) && error.status === 400 && error.serverMessage?.includes(emailInUseServerMessage)) {
    setError('email' as Path<T>, { type: 'server', message: validationMessages.emailInUse }, { shouldFocus: true });
    return 'emailInUse';
  }
  return applyServerErrors(error, setError, (path) => (personFormPathOf[path] ?? path) as Path<T>);
}
