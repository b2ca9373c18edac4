import { z } from 'zod/mini';
import {
  orderMessages,
  type AssessmentOrderTypeId,
  type MassOrderResult,
  type PatientProfile,
  type ProviderService,
} from '#common/contract';

/**
 * The mass-order form (spec §5: both are required). It holds '' until something is chosen; the pipe turns a choice
 * into the payload's type.
 */
export const massOrderFormSchema = z.object({
  assessmentOrderType: z.pipe(
    z.union([z.enum(['HOME', 'SITE']), z.literal('')]),
    z.enum(['HOME', 'SITE'], { error: orderMessages.massTypeRequired }),
  ),
  batteryTypeCode: z.pipe(
    z.union([z.enum(['FullCBB', 'MemOnlyCBB']), z.literal('')]),
    z.enum(['FullCBB', 'MemOnlyCBB'], { error: orderMessages.massBatteryRequired }),
  ),
});
export type MassOrderFormValues = z.input<typeof massOrderFormSchema>;
export type MassOrderFormOutput = z.output<typeof massOrderFormSchema>;

export type IneligibleReason = 'noEmail' | 'deactivated';

export interface Eligibility {
  eligible: PatientProfile[];
  ineligible: { patient: PatientProfile; reason: IneligibleReason }[];
  withoutEmail: number;
}

/**
 * Spec §5 Mass order: HOME orders go only to patients with a non-empty email; the rest are listed as ineligible.
 * A deactivated patient is never ordered. Before a type is chosen nobody is known to be ineligible.
 */
export function eligibilityOf(selected: readonly PatientProfile[], type: AssessmentOrderTypeId | ''): Eligibility {
  const result: Eligibility = {
    eligible: [],
    ineligible: [],
    withoutEmail: selected.filter((patient) => patient.email.trim() === '').length,
  };
  for (const patient of selected) {
    if (patient.isDisabled) result.ineligible.push({ patient, reason: 'deactivated' });
    else if (type === 'HOME' && patient.email.trim() === '') result.ineligible.push({ patient, reason: 'noEmail' });
    else result.eligible.push(patient);
  }
  return result;
}

/** The order types every selected patient's provider service offers, in display order. */
export function commonOrderTypes(selected: readonly PatientProfile[]): AssessmentOrderTypeId[] {
  const lists = selected.map((patient) => patient.providerServices[0]?.supportedAssessmentOrderTypes ?? []);
  const first = [...(lists[0] ?? [])].sort((a, b) => a.displayOrder - b.displayOrder);
  return first.map((type) => type.id).filter((id) => lists.every((list) => list.some((type) => type.id === id)));
}

/** The batteries every involved provider service offers (usually there is one provider service). */
export function commonBatteries(services: readonly ProviderService[]): ProviderService['supportedBatteryTypes'] {
  const [first, ...rest] = services;
  if (!first) return [];
  return first.supportedBatteryTypes.filter((battery) =>
    rest.every((service) => service.supportedBatteryTypes.some((other) => other.code === battery.code)),
  );
}

export function providerServiceIdsOf(selected: readonly PatientProfile[]): number[] {
  return [
    ...new Set(selected.flatMap((patient) => (patient.providerServices[0] ? [patient.providerServices[0].id] : []))),
  ];
}

/** What the confirmation says: the ordered count, and how many were skipped (and how many for want of email). */
export interface MassOrderOutcome {
  type: AssessmentOrderTypeId;
  selected: number;
  ordered: number;
  ineligible: number;
  noEmail: number;
}

export function outcomeOf(type: AssessmentOrderTypeId, selected: number, result: MassOrderResult): MassOrderOutcome {
  return {
    type,
    selected,
    ordered: result.ordered.length,
    ineligible: result.skipped.length,
    noEmail: result.skipped.filter((skip) => skip.reason === 'noEmail').length,
  };
}
