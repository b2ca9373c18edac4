import { describe, expect, it } from 'vitest';
import { expectMapping } from '#common/testing/expect-mapping';
import { ApiError } from '../../shared/api/http';
import {
  emptyFormValues,
  formFieldOf,
  providerServiceFormSchema,
  saveFailure,
  toProviderServiceInput,
} from './provider-service-form-schema';

const apiError = (status: number, serverMessage: string | null, fields: ApiError['fields'] = []) =>
  new ApiError({ status, code: 'X', serverMessage, fields, path: '/api/cgm/providerservices' });

/** A new provider service with every required field filled in, in English only. */
const filled = {
  ...emptyFormValues([{ id: 'en-US', name: 'United States - English' }]),
  localities: [
    { id: 'en-US', name: 'United States - English', selected: true, isDefaultLocality: true, previouslyAdded: false },
  ],
  providerName: 'Harbor',
  serviceName: 'Memory',
  reportTypeId: '1',
  batteryCodes: ['FullCBB'],
};

describe('saveFailure (spec §8 provider service)', () => {
  it("shows the server's message when it gives one", () => {
    expect(saveFailure(apiError(404, 'Provider service not found'))).toEqual({
      message: 'Provider service not found',
    });
  });

  it('shows the field reasons of a validation answer (translation keys), each once', () => {
    expect(
      saveFailure(
        apiError(400, 'Request validation failed', [
          { path: 'localities', message: 'VALID_LANGUAGE_CANNOT_BE_REMOVED' },
          { path: 'localities', message: 'VALID_LANGUAGE_CANNOT_BE_REMOVED' },
        ]),
      ),
    ).toEqual({ keys: ['VALID_LANGUAGE_CANNOT_BE_REMOVED'] });
  });

  it('says the provider already offers the service on a conflict, in the interface language', () => {
    expect(saveFailure(apiError(409, 'The provider service "A -- B" already exists.'))).toEqual({
      key: 'VALID_PROVIDER_SERVICE_EXISTS',
    });
  });

  it('falls back to TEXT_PROVIDER_SERVICES_ERROR_SAVING without a message, for a server fault or another error', () => {
    expect(saveFailure(apiError(404, null))).toEqual({ key: 'TEXT_PROVIDER_SERVICES_ERROR_SAVING' });
    expect(saveFailure(apiError(500, 'Something went wrong on the server'))).toEqual({
      key: 'TEXT_PROVIDER_SERVICES_ERROR_SAVING',
    });
    expect(saveFailure(new Error('boom'))).toEqual({ key: 'TEXT_PROVIDER_SERVICES_ERROR_SAVING' });
  });

  it('says nothing was sent when offline', () => {
    expect(saveFailure(apiError(0, null))).toEqual({ key: 'common:ERROR_OFFLINE_NOTHING_SENT' });
  });
});

describe('formFieldOf', () => {
  it('maps server field paths to form fields and ignores the rest', () => {
    expectMapping(formFieldOf, {
      providerName: 'providerName',
      reportTypeId: 'reportTypeId',
      linkExpiryDays: 'linkExpiryDays',
      contactPhone: 'contactPhone',
      'batteryCodes.1': null,
      '': null,
    });
  });
});

describe('toProviderServiceInput', () => {
  it('trims the names and sends only the selected localities with their default', () => {
    expect(
      toProviderServiceInput({
        providerName: '  Harbor ',
        serviceName: ' Memory',
        reportTypeId: '2',
        deliveryMethod: 'BOTH',
        batteryCodes: ['FullCBB'],
        localities: [
          {
            id: 'en-US',
            name: 'United States - English',
            selected: false,
            isDefaultLocality: false,
            previouslyAdded: false,
          },
          {
            id: 'es-US',
            name: 'United States - Spanish',
            selected: true,
            isDefaultLocality: true,
            previouslyAdded: false,
          },
        ],
        linkExpiryDays: 10,
        reminderAfterDays: 4,
        contactPhone: ' 3125550147 ',
      }),
    ).toEqual({
      providerName: 'Harbor',
      serviceName: 'Memory',
      reportTypeId: 2,
      deliveryMethod: 'BOTH',
      batteryCodes: ['FullCBB'],
      localities: [{ localityId: 'es-US', isDefault: true }],
      linkExpiryDays: 10,
      reminderAfterDays: 4,
      contactPhone: '312-555-0147',
    });
  });
});

describe('the follow-up days (issue 18)', () => {
  it.each([
    [{ linkExpiryDays: 0 }, 'linkExpiryDays'],
    [{ linkExpiryDays: 366 }, 'linkExpiryDays'],
    [{ linkExpiryDays: '' }, 'linkExpiryDays'],
    [{ reminderAfterDays: 2.5 }, 'reminderAfterDays'],
    [{ reminderAfterDays: 61 }, 'reminderAfterDays'],
  ] as const)('refuses %o', (days, field) => {
    const result = providerServiceFormSchema.safeParse({ ...filled, ...days });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, 'VALID_DAYS_OUT_OF_RANGE'],
    ]);
  });
  it('starts a new provider service at 14 and 3 days and accepts the limits', () => {
    expect(filled).toMatchObject({ linkExpiryDays: 14, reminderAfterDays: 3 });
    expect(providerServiceFormSchema.safeParse({ ...filled, linkExpiryDays: 365, reminderAfterDays: 1 }).success).toBe(
      true,
    );
  });
});

describe('the contact phone (issue 32)', () => {
  it.each(['', '3125550147', '(312) 555-0147', '312.555.0147'])('accepts %j', (contactPhone) => {
    expect(providerServiceFormSchema.safeParse({ ...filled, contactPhone }).success).toBe(true);
  });
  it.each(['123-555-0147', '555-0147', 'front desk'])('refuses %j', (contactPhone) => {
    const result = providerServiceFormSchema.safeParse({ ...filled, contactPhone });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['contactPhone', 'VALID_CONTACT_PHONE_INVALID'],
    ]);
  });
  it('neither shows nor sends a phone the API does not know (the spec’s own shape)', () => {
    const input = toProviderServiceInput({ ...filled, contactPhone: null });
    expect(input).not.toHaveProperty('contactPhone');
  });
});
