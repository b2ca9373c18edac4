import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import {
  emailInUseServerMessage,
  type AddressWrite,
  type ProfileProviderService,
  type ProviderServiceRef,
} from '../../shared/api/contract';
import { isApiError } from '../../shared/api/http';
import { validationMessages } from '../../shared/lib/validation/messages';
import { optionalUsPhoneSchema } from '../../shared/lib/validation/phone';
import { optionalText, requiredText } from '../../shared/lib/validation/text';
import { postalCodeError } from '../../shared/lib/validation/zip';

/** Form fields every profile has; selects hold '' when nothing is chosen (the 'code -1' of spec §5). */
export interface PersonFormValues {
  providerServiceId: string;
  firstName: string;
  middleInitial: string;
  lastName: string;
  email: string;
  phone: string;
  address: {
    line1: string;
    line2: string;
    city: string;
    stateCode: string;
    postalCode: string;
    countryCode: string;
  };
}

/** The shared rules of spec §5 for those fields (the same ones the server applies to the payload). */
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
    countryCode: z.string().min(1, validationMessages.required),
  }),
};

/** Cops must choose a provider service when adding (spec §6); the US zip rule follows the chosen country. */
export function refinePerson(requireProviderService: boolean) {
  return (value: Pick<PersonFormValues, 'providerServiceId' | 'address'>, ctx: z.RefinementCtx) => {
    if (requireProviderService && value.providerServiceId === '') {
      ctx.addIssue({ code: 'custom', path: ['providerServiceId'], message: validationMessages.required });
    }
    const zipError = postalCodeError(value.address.postalCode, value.address.countryCode || null);
    if (zipError) ctx.addIssue({ code: 'custom', path: ['address', 'postalCode'], message: zipError });
  };
}

/** Spec §5: unselected state and country are sent as null. */
export function addressPayload(address: PersonFormValues['address']): AddressWrite {
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
export function providerServicePayload(id: string): { id: number } | null {
  return id === '' ? null : { id: Number(id) };
}

/** A payload field path of a 400 answer, as the form names it. */
const formPathOf: Readonly<Record<string, string>> = {
  providerService: 'providerServiceId',
  specialty: 'specialtyId',
  'address.state': 'address.stateCode',
  'address.country': 'address.countryCode',
};

export type SaveFailure = 'emailInUse' | 'fields' | 'offline' | 'other';

/**
 * Spec §7: an answer containing 'This email address already in use' flags the email field; other 400 fields are
 * shown on their fields. Nothing the person typed is touched.
 */
export function applySaveError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): SaveFailure {
  if (!isApiError(error)) return 'other';
  if (error.isNetworkError) return 'offline';
  if (error.status !== 400) return 'other';
  if (error.serverMessage?.includes(emailInUseServerMessage)) {
    setError('email' as Path<T>, { type: 'server', message: validationMessages.emailInUse }, { shouldFocus: true });
    return 'emailInUse';
  }
  if (error.fields.length === 0) return 'other';
  for (const field of error.fields) {
    const path = formPathOf[field.path] ?? field.path;
    setError(path as Path<T>, { type: 'server', message: field.message });
  }
  return 'fields';
}

/** Spec §3: 'provider -- service', cut at 80 characters with an ellipsis in the dropdown. */
export function providerServiceName(service: ProviderServiceRef | ProfileProviderService, limit?: number): string {
  const name = `${service.provider.name} -- ${service.service.name}`;
  if (limit === undefined || name.length <= limit) return name;
  return `${name.slice(0, limit - 1)}…`;
}

export const providerServiceDropdownLimit = 80;
