import { z } from 'zod/mini';
import { orderMessages, type AssessmentOrderInput, type PatientProfile, type ProviderService } from '#common/contract';
import { refineConfirmation } from '#common/validation/confirm';
import { isValidEmail, maxEmailLength } from '#common/validation/email';
import { validationMessages } from '#common/validation/messages';

const orderTypeValue = z.union([z.enum(['HOME', 'SITE']), z.literal('')]);
const batteryValue = z.union([z.enum(['FullCBB', 'MemOnlyCBB']), z.literal('')]);

/**
 * Spec §5 Single order: a type is required; a battery only when the provider service offers several; HOME needs
 * an email and the same email repeated. The server applies the same rules to the payload.
 */
export function orderFormSchema(options: { batteryRequired: boolean }) {
  return z
    .object({
      assessmentOrderType: orderTypeValue,
      batteryTypeCode: batteryValue,
      email: z.string().check(z.trim()),
      confirmEmail: z.string().check(z.trim()),
      makeDefaultEmail: z.boolean(),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.assessmentOrderType === '') {
          ctx.addIssue({ code: 'custom', path: ['assessmentOrderType'], message: orderMessages.typeRequired });
        }
        if (options.batteryRequired && value.batteryTypeCode === '') {
          ctx.addIssue({ code: 'custom', path: ['batteryTypeCode'], message: orderMessages.batteryRequired });
        }
        if (value.assessmentOrderType !== 'HOME') return;
        if (value.email === '') {
          ctx.addIssue({ code: 'custom', path: ['email'], message: validationMessages.emailRequired });
        } else if (value.email.length > maxEmailLength || !isValidEmail(value.email)) {
          ctx.addIssue({ code: 'custom', path: ['email'], message: validationMessages.emailInvalid });
        } else {
          refineConfirmation('email', 'confirmEmail', validationMessages.emailMismatch)(value, ctx);
        }
      }),
    );
}
/** The new-assessment form as it holds its values; '' means nothing chosen yet. */
export type OrderFormValues = z.input<ReturnType<typeof orderFormSchema>>;
export type OrderFormOutput = z.output<ReturnType<typeof orderFormSchema>>;

/** The types the provider service offers, in its display order; the default first chosen. */
export function offeredOrderTypes(service: ProviderService): ProviderService['supportedAssessmentOrderTypes'] {
  return [...service.supportedAssessmentOrderTypes].sort((a, b) => a.displayOrder - b.displayOrder);
}

export function orderFormDefaults(patient: PatientProfile, service: ProviderService): OrderFormValues {
  const types = offeredOrderTypes(service);
  const type = types.length === 1 ? types[0] : types.find((offered) => offered.isDefault);
  const batteries = service.supportedBatteryTypes;
  const onlyBattery = batteries.length === 1 ? batteries[0]?.code : undefined;
  return {
    assessmentOrderType: type?.id ?? '',
    // With several batteries the person chooses one on purpose (spec §5: required); a single one is implied.
    batteryTypeCode: onlyBattery === 'FullCBB' || onlyBattery === 'MemOnlyCBB' ? onlyBattery : '',
    email: patient.email,
    confirmEmail: patient.email,
    makeDefaultEmail: false,
  };
}

/** Server field paths of a 400, as this form names them. */
export const orderFormPathOf: Readonly<Record<string, keyof OrderFormValues>> = {
  assessmentOrderType: 'assessmentOrderType',
  batteryTypeCode: 'batteryTypeCode',
  assessmentOrderEmail: 'email',
  confirmAssessmentOrderEmail: 'confirmEmail',
};

export function orderPayload(values: OrderFormOutput, patientId: number): AssessmentOrderInput {
  const type = values.assessmentOrderType;
  // The schema refuses a missing type, so this is a programming error, never the person's.
  if (type === '') throw new Error('orderPayload needs a validated order type');
  const home = type === 'HOME';
  return {
    patientId,
    assessmentOrderType: type,
    batteryTypeCode: values.batteryTypeCode === '' ? null : values.batteryTypeCode,
    assessmentOrderEmail: home ? values.email : '',
    confirmAssessmentOrderEmail: home ? values.confirmEmail : '',
    updatePatientDefaultEmailToAssessmentOrderEmail: home && values.makeDefaultEmail && values.email !== '',
  };
}
