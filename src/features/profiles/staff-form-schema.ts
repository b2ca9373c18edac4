import { z } from 'zod/mini';
import type { StaffProfileType } from '#common/contract';
import { emailSchema } from '#common/validation/email';
import { validationMessages } from '#common/validation/messages';
import type { StaffProfile, StaffSave } from './api';
import { personFormDefaults, personFormShape, personPayload, refinePerson } from '../../shared/person';

/**
 * Spec §5 Profile edit for clinicians and technicians: names and country required, email required and valid;
 * a clinician also needs a specialty and a medical license number.
 */
export function staffFormSchema(type: StaffProfileType, options: { requireProviderService: boolean }) {
  return z
    .object({
      ...personFormShape,
      email: emailSchema({ required: validationMessages.emailRequired, invalid: validationMessages.emailInvalid }),
      specialtyId: z.string(),
      medicalLicenseNumber: z.string().check(z.trim(), z.maxLength(255, validationMessages.tooLong)),
    })
    .check(
      z.superRefine(refinePerson(options.requireProviderService)),
      z.superRefine((value, ctx) => {
        if (type !== 'clinician') return;
        if (value.specialtyId === '') {
          ctx.addIssue({ code: 'custom', path: ['specialtyId'], message: validationMessages.required });
        }
        if (value.medicalLicenseNumber === '') {
          ctx.addIssue({ code: 'custom', path: ['medicalLicenseNumber'], message: validationMessages.required });
        }
      }),
    );
}
export type StaffFormValues = z.input<ReturnType<typeof staffFormSchema>>;
export type StaffFormOutput = z.output<ReturnType<typeof staffFormSchema>>;

export function staffFormDefaults(profile: StaffProfile | null, providerServiceId: number | null): StaffFormValues {
  return {
    ...personFormDefaults(profile, providerServiceId),
    specialtyId: profile && 'specialty' in profile && profile.specialty ? String(profile.specialty.id) : '',
    medicalLicenseNumber: profile && 'medicalLicenseNumber' in profile ? profile.medicalLicenseNumber : '',
  };
}

/** Spec §5: unselected provider service, specialty, state and country go as null. */
export function staffPayload(type: StaffProfileType, values: StaffFormOutput, id: number | null): StaffSave {
  const common = { ...personPayload(values), ...(id === null ? {} : { id }) };
  if (type === 'technician') return { type, body: common };
  return {
    type,
    body: {
      ...common,
      specialty: values.specialtyId === '' ? null : { id: Number(values.specialtyId) },
      medicalLicenseNumber: values.medicalLicenseNumber,
    },
  };
}
