import { describe, expect, it } from 'vitest';
import {
  offeredOrderTypes,
  orderFormDefaults,
  orderFormSchema,
  orderPayload,
  type OrderFormValues,
} from './order-form-schema';
import { testPatient, testProviderService } from './testing';

function values(overrides: Partial<OrderFormValues> = {}): OrderFormValues {
  return {
    assessmentOrderType: 'HOME',
    batteryTypeCode: 'FullCBB',
    email: 'rosa@example.test',
    confirmEmail: 'rosa@example.test',
    makeDefaultEmail: false,
    ...overrides,
  };
}

function messages(input: OrderFormValues, batteryRequired = true): Record<string, string | undefined> {
  const result = orderFormSchema({ batteryRequired }).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the single-order rules (spec §5 Single order)', () => {
  it('accepts a complete HOME order and a SITE order without email', () => {
    expect(messages(values())).toEqual({});
    expect(messages(values({ assessmentOrderType: 'SITE', email: '', confirmEmail: '' }))).toEqual({});
  });

  it('requires the order type', () => {
    expect(messages(values({ assessmentOrderType: '' })).assessmentOrderType).toBe('VALID_ASSESSMENT_TYPE_REQUIRED');
  });

  it('requires a battery only when the provider service offers several', () => {
    expect(messages(values({ batteryTypeCode: '' })).batteryTypeCode).toBe('VALID_BATTERY_TYPE_REQUIRED');
    expect(messages(values({ batteryTypeCode: '' }), false)).toEqual({});
  });

  it('requires a valid HOME email, repeated exactly', () => {
    expect(messages(values({ email: '', confirmEmail: '' })).email).toBe('VALID_EMAIL_IS_REQUIRED');
    expect(messages(values({ email: 'nope', confirmEmail: 'nope' })).email).toBe('VALID_EMAIL_SHOULD_BE_VALID');
    expect(messages(values({ confirmEmail: 'other@example.test' })).confirmEmail).toBe('VALID_EMAIL_SHOULD_MATCH');
  });
});

describe('the form defaults and payload', () => {
  it('chooses the default order type, leaves a battery of several unchosen and fills in the patient email', () => {
    expect(orderFormDefaults(testPatient(), testProviderService())).toEqual({
      assessmentOrderType: 'HOME',
      batteryTypeCode: '',
      email: 'rosa@example.test',
      confirmEmail: 'rosa@example.test',
      makeDefaultEmail: false,
    });
  });

  it('takes the only type and the only battery a provider service offers', () => {
    const service = testProviderService({
      supportedAssessmentOrderTypes: [{ id: 'SITE', name: 'In-Clinic', isDefault: false, displayOrder: 2 }],
      supportedBatteryTypes: [{ code: 'MemOnlyCBB', name: 'Memory assessment', isDefault: true }],
    });
    expect(orderFormDefaults(testPatient({ email: '' }), service)).toMatchObject({
      assessmentOrderType: 'SITE',
      batteryTypeCode: 'MemOnlyCBB',
      email: '',
    });
  });

  it('lists the offered types in display order', () => {
    const service = testProviderService({
      supportedAssessmentOrderTypes: [
        { id: 'SITE', name: 'In-Clinic', isDefault: false, displayOrder: 2 },
        { id: 'HOME', name: 'Out-Of-Clinic', isDefault: true, displayOrder: 1 },
      ],
    });
    expect(offeredOrderTypes(service).map((type) => type.id)).toEqual(['HOME', 'SITE']);
  });

  it('sends the email and the make-default flag only for HOME', () => {
    const home = orderFormSchema({ batteryRequired: true }).parse(values({ makeDefaultEmail: true }));
    expect(orderPayload(home, 5)).toEqual({
      patientId: 5,
      assessmentOrderType: 'HOME',
      batteryTypeCode: 'FullCBB',
      assessmentOrderEmail: 'rosa@example.test',
      confirmAssessmentOrderEmail: 'rosa@example.test',
      updatePatientDefaultEmailToAssessmentOrderEmail: true,
    });
    const site = orderFormSchema({ batteryRequired: false }).parse(
      values({ assessmentOrderType: 'SITE', batteryTypeCode: '', makeDefaultEmail: true }),
    );
    expect(orderPayload(site, 5)).toEqual({
      patientId: 5,
      assessmentOrderType: 'SITE',
      batteryTypeCode: null,
      assessmentOrderEmail: '',
      confirmAssessmentOrderEmail: '',
      updatePatientDefaultEmailToAssessmentOrderEmail: false,
    });
  });
});
