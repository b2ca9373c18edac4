import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { applySaveError } from './person-form';

function badRequest(message: string, fields: { path: string; message: string }[] = []) {
  return new ApiError({
    status: 400,
    code: 'VALIDATION',
    serverMessage: message,
    fields,
    path: '/api/profile/patients',
  });
}

describe('applySaveError (spec §7 profile save answers)', () => {
  it('flags the email field when the answer says the email is already in use', () => {
    const setError = vi.fn();
    const outcome = applySaveError(badRequest('Error: This email address already in use.'), setError);
    expect(outcome).toBe('emailInUse');
    // Only the email field, and nothing else the answer might list.
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'VALID_EMAIL_ALREADY_IN_USE' }, { shouldFocus: true }],
    ]);
  });

  it('puts other 400 field messages on the form’s own field names', () => {
    const setError = vi.fn();
    const outcome = applySaveError(
      badRequest('Request validation failed', [
        { path: 'address.state', message: 'VALID_FIELD_SHOULD_BE_VALID' },
        { path: 'providerService', message: 'VALID_FIELD_IS_REQUIRED' },
        { path: 'dateOfBirth', message: 'VALID_FIELD_SHOULD_BE_VALID_DATE' },
      ]),
      setError,
    );
    expect(outcome).toBe('fields');
    expect(setError.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      'address.stateCode',
      'providerServiceId',
      'dateOfBirth',
    ]);
  });

  it('tells an offline failure and any other failure apart, touching no field', () => {
    const setError = vi.fn();
    expect(
      applySaveError(new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path: '/x' }), setError),
    ).toBe('offline');
    expect(
      applySaveError(new ApiError({ status: 500, code: 'INTERNAL', serverMessage: 'x', path: '/x' }), setError),
    ).toBe('other');
    expect(applySaveError(new Error('boom'), setError)).toBe('other');
    expect(setError).not.toHaveBeenCalled();
  });
});
