import { z } from 'zod/mini';
import { dateSchema, patientLoginMinDate } from '../../shared/lib/validation/dates';
import { maxTextLength, validationMessages } from '../../shared/lib/validation/messages';

/** Spec §5 Patient login: the privacy notice must be accepted (its text, in this feature's namespace). */
export const privacyNotAcceptedMessage = 'TEXT_PATIENT_PRIVACY_NOTICE_MUST_BE_ACCEPTED';

/**
 * Spec §5 Patient login: first name, last name and date of birth required, the date between 1000-01-01 and today
 * (the person's today); the privacy notice accepted with both timestamps (the form holds only whether it is).
 */
export function patientLoginFormSchema(today: string) {
  const name = z
    .string()
    .check(
      z.trim(),
      z.minLength(1, validationMessages.required),
      z.maxLength(maxTextLength, validationMessages.tooLong),
    );
  return z.object({
    firstName: name,
    lastName: name,
    dateOfBirth: dateSchema({ min: patientLoginMinDate, max: today }),
    privacyAccepted: z.boolean().check(z.refine((accepted) => accepted, privacyNotAcceptedMessage)),
  });
}
export type PatientLoginFormInput = z.input<ReturnType<typeof patientLoginFormSchema>>;
export type PatientLoginFormValues = z.output<ReturnType<typeof patientLoginFormSchema>>;
