import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { applyServerErrors } from './server-errors';

interface Values {
  email: string;
  address: { stateCode: string };
}

function refusal(status: number, fields: { path: string; message: string }[] = []) {
  return new ApiError({ status, code: `HTTP_${String(status)}`, serverMessage: null, fields, path: '/api/x' });
}

describe('applyServerErrors', () => {
  it('says offline when nothing reached the server, and touches no field', () => {
    const setError = vi.fn();
    const offline = new ApiError({ status: 0, code: 'NETWORK', serverMessage: null, path: '/api/x' });
    expect(applyServerErrors<Values>(offline, setError, ['email'])).toBe('offline');
    expect(setError).not.toHaveBeenCalled();
  });

  it('puts the first reason of each named field under it, mapped to the form path, focusing the first', () => {
    const setError = vi.fn();
    const error = refusal(400, [
      { path: 'address.state', message: 'VALID_FIELD_IS_REQUIRED' },
      { path: 'email', message: 'VALID_EMAIL_SHOULD_BE_VALID' },
      { path: 'email', message: 'VALID_FIELD_TOO_LONG' },
      { path: 'unknown', message: 'VALID_FIELD_IS_REQUIRED' },
    ]);
    const outcome = applyServerErrors<Values>(error, setError, {
      'address.state': 'address.stateCode',
      email: 'email',
    });
    expect(outcome).toBe('fields');
    expect(setError.mock.calls).toEqual([
      ['address.stateCode', { type: 'server', message: 'VALID_FIELD_IS_REQUIRED' }, { shouldFocus: true }],
      ['email', { type: 'server', message: 'VALID_EMAIL_SHOULD_BE_VALID' }, { shouldFocus: false }],
    ]);
  });

  it('gives the form its own reason when asked, and reads paths through a function', () => {
    const setError = vi.fn();
    const error = refusal(400, [{ path: 'email.domain', message: 'whatever' }]);
    const outcome = applyServerErrors<Values>(error, setError, (path) => (path.startsWith('email') ? 'email' : null), {
      message: 'VALID_FIELD_REJECTED',
    });
    expect(outcome).toBe('fields');
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'VALID_FIELD_REJECTED' },
      { shouldFocus: true },
    );
  });

  it('is "other" for a 400 naming no field of the form, another status, or something not from the server', () => {
    const setError = vi.fn();
    expect(applyServerErrors<Values>(refusal(400, [{ path: 'id', message: 'x' }]), setError, ['email'])).toBe('other');
    expect(applyServerErrors<Values>(refusal(409), setError, ['email'])).toBe('other');
    expect(applyServerErrors<Values>(new Error('bug'), setError, ['email'])).toBe('other');
    expect(setError).not.toHaveBeenCalled();
  });
});
