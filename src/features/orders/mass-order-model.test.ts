import { describe, expect, it } from 'vitest';
import {
  commonBatteries,
  commonOrderTypes,
  eligibilityOf,
  massOrderFormSchema,
  outcomeOf,
  providerServiceIdsOf,
} from './mass-order-model';
import { testPatient, testProviderService } from './testing';

const withEmail = [testPatient({ id: 1 }), testPatient({ id: 2, email: 'b@example.test' })];
const withoutEmail = [testPatient({ id: 3, email: '' }), testPatient({ id: 4, email: '  ' })];

describe('mass-order eligibility (spec §5 Mass order)', () => {
  it('orders HOME only for patients with an email and lists the others as having none', () => {
    const result = eligibilityOf([...withEmail, ...withoutEmail], 'HOME');
    expect(result.eligible.map((patient) => patient.id)).toEqual([1, 2]);
    expect(result.ineligible.map(({ patient, reason }) => [patient.id, reason])).toEqual([
      [3, 'noEmail'],
      [4, 'noEmail'],
    ]);
    expect(result.withoutEmail).toBe(2);
  });

  it('orders in clinic for everyone, still counting who has no email', () => {
    const result = eligibilityOf([...withEmail, ...withoutEmail], 'SITE');
    expect(result.eligible).toHaveLength(4);
    expect(result.ineligible).toEqual([]);
    expect(result.withoutEmail).toBe(2);
  });

  it('never orders for a deactivated patient', () => {
    const result = eligibilityOf([testPatient({ id: 9, isDisabled: true })], 'SITE');
    expect(result.ineligible).toEqual([expect.objectContaining({ reason: 'deactivated' })]);
  });

  it('requires both the order type and the battery', () => {
    const result = massOrderFormSchema.safeParse({ assessmentOrderType: '', batteryTypeCode: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['assessmentOrderType', 'ERROR_ASSESSMENT_TYPE_IS_REQUIRED'],
      ['batteryTypeCode', 'ERROR_BATTERY_TYPE_IS_REQUIRED'],
    ]);
    expect(massOrderFormSchema.parse({ assessmentOrderType: 'HOME', batteryTypeCode: 'FullCBB' })).toEqual({
      assessmentOrderType: 'HOME',
      batteryTypeCode: 'FullCBB',
    });
  });
});

describe('what several provider services have in common', () => {
  it('offers only the order types every selected patient can have', () => {
    const homeOnly = testPatient({ id: 7 });
    const service = homeOnly.providerServices[0];
    if (!service) throw new Error('fixture without provider service');
    const lakeside = testPatient({
      id: 8,
      providerServices: [
        {
          ...service,
          id: 2,
          supportedAssessmentOrderTypes: [{ id: 'HOME', name: 'Out-Of-Clinic', isDefault: true, displayOrder: 1 }],
        },
      ],
    });
    expect(commonOrderTypes([homeOnly])).toEqual(['HOME', 'SITE']);
    expect(commonOrderTypes([homeOnly, lakeside])).toEqual(['HOME']);
    expect(providerServiceIdsOf([homeOnly, lakeside, testPatient({ id: 9 })])).toEqual([1, 2]);
  });

  it('offers only the batteries every provider service has', () => {
    const fullOnly = testProviderService({
      id: 2,
      supportedBatteryTypes: [{ code: 'FullCBB', name: 'Full assessment', isDefault: true }],
    });
    expect(commonBatteries([testProviderService()]).map((battery) => battery.code)).toEqual(['FullCBB', 'MemOnlyCBB']);
    expect(commonBatteries([testProviderService(), fullOnly]).map((battery) => battery.code)).toEqual(['FullCBB']);
    expect(commonBatteries([])).toEqual([]);
  });

  it('counts the outcome of a mass order for its confirmation', () => {
    const outcome = outcomeOf('HOME', 5, {
      ordered: [
        { patientId: 1, assessmentOrderId: 11 },
        { patientId: 2, assessmentOrderId: 12 },
      ],
      skipped: [
        { patientId: 3, reason: 'noEmail' },
        { patientId: 4, reason: 'deactivated' },
      ],
    });
    expect(outcome).toEqual({ type: 'HOME', selected: 5, ordered: 2, ineligible: 2, noEmail: 1 });
  });
});
