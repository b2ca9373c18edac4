import { z } from 'zod/mini';
import { patientNameSchema } from '#common/contract/assessment-tests';
import { patientLoginMinDate } from '#common/validation/dates';
import { datePartsSchema } from '../../shared/ui/form/date-parts';

/** Spec §5 Patient login: the privacy notice must be accepted (its text, in this feature's namespace). */
export const privacyNotAcceptedMessage = 'TEXT_PATIENT_PRIVACY_NOTICE_MUST_BE_ACCEPTED';

/**
 * Spec §5 Patient login: first name, last name and date of birth required, the date between 1000-01-01 and today
 * (the person's today); the privacy notice accepted with both timestamps (the form holds only whether it is).
 * Issue 32: the date of birth is typed as day, month and year, and sent as yyyy-mm-dd (spec §7).
 */
export function patientLoginFormSchema(today: string) {
  return z.object({
    firstName: patientNameSchema,
    lastName: patientNameSchema,
    dateOfBirth: datePartsSchema({ min: patientLoginMinDate, max: today }),
    privacyAccepted: z.boolean().check(z.refine((accepted) => accepted, privacyNotAcceptedMessage)),
  });
}
export type PatientLoginFormInput = z.input<ReturnType<typeof patientLoginFormSchema>>;
export type PatientLoginFormValues = z.output<ReturnType<typeof patientLoginFormSchema>>;
