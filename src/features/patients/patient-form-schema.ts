import { z } from 'zod/mini';
import type { GenderId, PatientProfile, PatientUpdate, PatientWrite } from '#common/contract';
import { refineConfirmation } from '#common/validation/confirm';
import { dateSchema, type DateBounds } from '#common/validation/dates';
import { optionalEmailSchema } from '#common/validation/email';
import { validationMessages } from '#common/validation/messages';
import { personFormDefaults, personFormShape, personPayload, refinePerson } from '../../shared/person';

/**
 * Spec §5 patient add/edit: names, birth date (within `birthDate`), gender, default language and country required;
 * the email is optional, but if given it must be repeated and match (VALID_EMAIL_SHOULD_MATCH).
 */
export function patientFormSchema(options: { birthDate: DateBounds; requireProviderService: boolean }) {
  return z
    .object({
      ...personFormShape,
      dateOfBirth: dateSchema(options.birthDate),
      // 'M' | 'F' out of the text; abort: false as a refinement has, so the form-wide checks below still run
      // (zip code, email confirmation) while gender is missing.
      gender: z.pipe(
        z.string(),
        z.custom<GenderId>((value: string) => value === 'M' || value === 'F', {
          error: validationMessages.genderRequired,
          abort: false,
        }),
      ),
      defaultLanguage: z.string().check(z.minLength(1, validationMessages.required)),
      email: optionalEmailSchema(validationMessages.emailInvalid),
      confirmEmail: z.string(),
    })
    .check(
      z.superRefine(refinePerson(options.requireProviderService)),
      z.superRefine(refineConfirmation('email', 'confirmEmail', validationMessages.emailMismatch)),
    );
}
export type PatientFormValues = z.input<ReturnType<typeof patientFormSchema>>;
export type PatientFormOutput = z.output<ReturnType<typeof patientFormSchema>>;

export function patientFormDefaults(
  patient: PatientProfile | null,
  defaults: { providerServiceId: number | null; defaultLanguage: string },
): PatientFormValues {
  return {
    ...personFormDefaults(patient, defaults.providerServiceId),
    dateOfBirth: patient?.dateOfBirth ?? '',
    gender: patient?.gender.id ?? '',
    defaultLanguage: patient?.defaultLanguage ?? defaults.defaultLanguage,
    confirmEmail: patient?.email ?? '',
  };
}

/** Spec §5: the birth date goes as a date only; an unselected provider service, state or country as null. */
export function patientPayload(values: PatientFormOutput, id: number | null): PatientWrite | PatientUpdate {
  const person = personPayload(values);
  const body: PatientWrite = {
    ...person,
    dateOfBirth: values.dateOfBirth,
    gender: values.gender,
    defaultLanguage: values.defaultLanguage,
    providerService: id === null ? person.providerService : null,
  };
  return id === null ? body : { ...body, id };
}
