import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../shared/testing/factories';
import { Connectivity } from '../shared/api/connectivity';
import { ApiError, timeoutCode } from '../shared/api/http';
import {
  createQueryClient,
  handleApiError,
  refetchWhenAnswered,
  shouldRetry,
  type GlobalErrorHandlers,
} from './query-client';

function handlers() {
  return {
    onUnauthorized: vi.fn<GlobalErrorHandlers['onUnauthorized']>(),
    onForbidden: vi.fn<GlobalErrorHandlers['onForbidden']>(),
    onBadRequest: vi.fn<GlobalErrorHandlers['onBadRequest']>(),
    onHandedOver: vi.fn<GlobalErrorHandlers['onHandedOver']>(),
    onSubmissionUnconfirmed: vi.fn<GlobalErrorHandlers['onSubmissionUnconfirmed']>(),
  } satisfies GlobalErrorHandlers;
}

function expectNothingCalled(h: ReturnType<typeof handlers>): void {
  expect(h.onUnauthorized).not.toHaveBeenCalled();
  expect(h.onForbidden).not.toHaveBeenCalled();
  expect(h.onBadRequest).not.toHaveBeenCalled();
  expect(h.onHandedOver).not.toHaveBeenCalled();
  expect(h.onSubmissionUnconfirmed).not.toHaveBeenCalled();
}

describe('handleApiError', () => {
  it('ends the session on a 401 from an ordinary call', () => {
    const h = handlers();
    handleApiError(apiError(401, { path: '/api/profile/patients' }), h);
    expect(h.onUnauthorized).toHaveBeenCalledExactlyOnceWith(false);
    expect(h.onForbidden).not.toHaveBeenCalled();
  });

  it('tells a 401 from the logout call apart', () => {
    const h = handlers();
    handleApiError(apiError(401, { path: '/api/cgm/login/logout' }), h);
    expect(h.onUnauthorized).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('does not take a path that merely contains the logout path for the logout call', () => {
    const h = handlers();
    handleApiError(apiError(401, { path: '/api/cgm/login/logout/extra' }), h);
    expect(h.onUnauthorized).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('tells the person when a save was given up after several sends without an answer (issue 35 F6)', () => {
    const h = handlers();
    handleApiError(apiError(409, { code: 'SUBMISSION_UNCONFIRMED' }), h);
    expect(h.onSubmissionUnconfirmed).toHaveBeenCalledTimes(1);
    handleApiError(apiError(409, { code: 'IDEMPOTENCY_IN_PROGRESS' }), h);
    expect(h.onSubmissionUnconfirmed).toHaveBeenCalledTimes(1);
  });

  it('sends a 403 to onForbidden', () => {
    const h = handlers();
    handleApiError(apiError(403), h);
    expect(h.onForbidden).toHaveBeenCalledTimes(1);
    expect(h.onUnauthorized).not.toHaveBeenCalled();
    expect(h.onBadRequest).not.toHaveBeenCalled();
  });

  it('leaves a 403 for a privacy policy not yet accepted to the policy step (no forbidden toast)', () => {
    const h = handlers();
    handleApiError(apiError(403, { code: 'PRIVACY_POLICY_NOT_ACCEPTED' }), h);
    expect(h.onForbidden).not.toHaveBeenCalled();
    expect(h.onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a 423 of a session handed to a patient to onHandedOver, and no other 423', () => {
    const h = handlers();
    handleApiError(apiError(423, { code: 'SESSION_HANDED_TO_PATIENT' }), h);
    expect(h.onHandedOver).toHaveBeenCalledTimes(1);
    expect(h.onUnauthorized).not.toHaveBeenCalled();
    const other = handlers();
    handleApiError(apiError(423, { code: 'SOMETHING_ELSE' }), other);
    expectNothingCalled(other);
  });

  it("shows a 400 with the server's detail", () => {
    const h = handlers();
    const error = apiError(400, { serverMessage: 'email: not valid' });
    handleApiError(error, h);
    expect(h.onBadRequest).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('leaves a 400 to a form that handles it', () => {
    const h = handlers();
    handleApiError(apiError(400, { serverMessage: 'This email address already in use' }), h, true);
    expectNothingCalled(h);
  });

  it.each([0, 404, 409, 500, 503])('does nothing for status %i', (status) => {
    const h = handlers();
    handleApiError(apiError(status), h);
    expectNothingCalled(h);
  });

  it('ignores errors that are not ApiErrors', () => {
    const h = handlers();
    handleApiError(new Error('401'), h);
    handleApiError({ status: 403 }, h);
    handleApiError(null, h);
    expectNothingCalled(h);
  });
});

describe('createQueryClient', () => {
  it('calls onForbidden when a query fails with 403', async () => {
    const h = handlers();
    const client = createQueryClient(h);
    const queryFn = vi.fn(() => Promise.reject(apiError(403, { path: '/api/profile/clinicians' })));

    await expect(client.query({ queryKey: ['clinicians'], queryFn })).rejects.toMatchObject({ status: 403 });
    expect(h.onForbidden).toHaveBeenCalledTimes(1);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('calls onUnauthorized when a mutation fails with 401', async () => {
    const h = handlers();
    const client = createQueryClient(h);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(apiError(401, { path: '/api/cgm/login/logout' })),
    });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 401 });
    expect(h.onUnauthorized).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('leaves a 400 to a mutation whose form handles it, and shows it for others', async () => {
    const h = handlers();
    const client = createQueryClient(h);
    const fail = () => Promise.reject(apiError(400, { serverMessage: 'bad' }));
    const handled = client.getMutationCache().build(client, { mutationFn: fail, meta: { handlesBadRequest: true } });
    await expect(handled.execute(undefined)).rejects.toMatchObject({ status: 400 });
    expect(h.onBadRequest).not.toHaveBeenCalled();

    const plain = client.getMutationCache().build(client, { mutationFn: fail });
    await expect(plain.execute(undefined)).rejects.toMatchObject({ status: 400 });
    expect(h.onBadRequest).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ status: 400, serverMessage: 'bad' }),
    );
  });
});

describe('shouldRetry (issue 36: fail at once offline, never retry a timeout)', () => {
  const online = () => true;
  const offline = () => false;

  it('tries a dropped request again while online, but not offline', () => {
    expect(shouldRetry(0, apiError(0, { code: 'NETWORK' }), online)).toBe(true);
    expect(shouldRetry(0, apiError(0, { code: 'NETWORK' }), offline)).toBe(false);
  });

  it('never tries a timed-out request again: 15 s were already waited', () => {
    expect(shouldRetry(0, apiError(0, { code: 'TIMEOUT' }), online)).toBe(false);
  });

  it('tries a server fault twice, a refusal never', () => {
    expect(shouldRetry(1, apiError(503), online)).toBe(true);
    expect(shouldRetry(2, apiError(503), online)).toBe(false);
    expect(shouldRetry(0, apiError(404), online)).toBe(false);
  });
});

describe('refetchWhenAnswered (issue 36: what timed out on screen comes back by itself)', () => {
  it('fetches again the reads on screen that timed out, once the server answers, and leaves other failures', async () => {
    const client = createQueryClient(handlers(), () => true);
    const connectivity = new Connectivity();
    refetchWhenAnswered(client, connectivity);
    const timedOut = vi.fn<() => Promise<string>>();
    timedOut.mockRejectedValueOnce(new ApiError({ status: 0, code: timeoutCode, serverMessage: null, path: '/a' }));
    timedOut.mockResolvedValue('the list');
    const refused = vi.fn<() => Promise<string>>().mockRejectedValue(apiError(404, { path: '/b' }));
    const watching = [
      new QueryObserver(client, { queryKey: ['timed-out'], queryFn: timedOut }),
      new QueryObserver(client, { queryKey: ['refused'], queryFn: refused }),
    ].map((observer) => observer.subscribe(() => undefined));
    await vi.waitFor(() => {
      expect(client.getQueryState(['timed-out'])?.status).toBe('error');
      expect(client.getQueryState(['refused'])?.status).toBe('error');
    });

    connectivity.reportNoAnswer();
    connectivity.reportAnswer();

    await vi.waitFor(() => {
      expect(client.getQueryData(['timed-out'])).toBe('the list');
    });
    expect(timedOut).toHaveBeenCalledTimes(2);
    expect(refused).toHaveBeenCalledTimes(1);
    for (const stop of watching) stop();
  });
});
