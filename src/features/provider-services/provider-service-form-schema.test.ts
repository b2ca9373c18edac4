import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/http';
import { formFieldOf, saveFailure, toProviderServiceInput } from './provider-service-form-schema';

const apiError = (status: number, serverMessage: string | null, fields: ApiError['fields'] = []) =>
  new ApiError({ status, code: 'X', serverMessage, fields, path: '/api/cgm/providerservices' });

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
    expect(formFieldOf('providerName')).toBe('providerName');
    expect(formFieldOf('reportTypeId')).toBe('reportTypeId');
    expect(formFieldOf('batteryCodes.1')).toBeNull();
    expect(formFieldOf('')).toBeNull();
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
      }),
    ).toEqual({
      providerName: 'Harbor',
      serviceName: 'Memory',
      reportTypeId: 2,
      deliveryMethod: 'BOTH',
      batteryCodes: ['FullCBB'],
      localities: [{ localityId: 'es-US', isDefault: true }],
    });
  });
});
