import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import {
  createSubmissionKeys,
  maxUnansweredAttempts,
  randomUuid,
  submissionUnconfirmedCode,
  useFormSave,
} from './submission-keys';

const failure = (status: number, code = 'X') => new ApiError({ status, code, serverMessage: null, path: '/p' });

describe('submission keys (issue 15)', () => {
  it('makes version 4 UUIDs without crypto.randomUUID', () => {
    const keys = new Set(Array.from({ length: 50 }, () => randomUuid()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('sends the same key again while the same submission is unanswered, and a new one once it is answered', () => {
    let counter = 0;
    const keys = createSubmissionKeys(() => `key-${String((counter += 1))}`);
    const body = { patientId: 5, type: 'HOME' };

    expect(keys.keyFor(body)).toBe('key-1');
    keys.settle(failure(0, 'NETWORK'));
    expect(keys.keyFor({ ...body })).toBe('key-1');
    keys.settle(failure(409, 'IDEMPOTENCY_IN_PROGRESS'));
    expect(keys.keyFor(body)).toBe('key-1');
    keys.settle(null);

    // Answered: the next order, even an identical one, is a new submission.
    expect(keys.keyFor(body)).toBe('key-2');
    keys.settle(failure(400, 'VALIDATION'));
    expect(keys.keyFor(body)).toBe('key-3');
  });

  it('gives a changed form a new key even when the first one was never answered', () => {
    let counter = 0;
    const keys = createSubmissionKeys(() => `key-${String((counter += 1))}`);
    expect(keys.keyFor({ email: 'a@example.test' })).toBe('key-1');
    keys.settle(failure(0, 'NETWORK'));
    expect(keys.keyFor({ email: 'b@example.test' })).toBe('key-2');
  });

  it('gives a submission up after a bounded number of sends without an answer, and says so (issue 35 F6)', () => {
    let counter = 0;
    const keys = createSubmissionKeys(() => `key-${String((counter += 1))}`);
    const body = { patientId: 7, type: 'HOME' };
    const inProgress = failure(409, 'IDEMPOTENCY_IN_PROGRESS');

    for (let attempt = 1; attempt < maxUnansweredAttempts; attempt += 1) {
      expect(keys.keyFor(body)).toBe('key-1');
      expect(keys.settle(inProgress)).toBe(inProgress);
    }
    expect(keys.keyFor(body)).toBe('key-1');
    const gaveUp = keys.settle(inProgress);
    expect(gaveUp).toBeInstanceOf(ApiError);
    expect(gaveUp).toMatchObject({ code: submissionUnconfirmedCode, isNetworkError: false });

    // The key is not sent a fourth time: trying again after checking is a new submission.
    expect(keys.keyFor(body)).toBe('key-2');
    expect(keys.settle(failure(0, 'NETWORK'))).toMatchObject({ code: 'NETWORK' });
  });

  it('counts unanswered sends per submission: an answer starts the count again', () => {
    let counter = 0;
    const keys = createSubmissionKeys(() => `key-${String((counter += 1))}`);
    const body = { email: 'c@example.test' };
    keys.keyFor(body);
    keys.settle(failure(502));
    keys.keyFor(body);
    keys.settle(null);
    for (let attempt = 1; attempt < maxUnansweredAttempts; attempt += 1) {
      expect(keys.keyFor(body)).toBe('key-2');
      expect(keys.settle(failure(502))).toMatchObject({ status: 502 });
    }
  });
});

describe('a form save that never gets a definite answer (issue 35 F6)', () => {
  it('stops sending the same key after the bound and rejects with SUBMISSION_UNCONFIRMED', async () => {
    const sentKeys: string[] = [];
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () =>
        useFormSave<{ name: string }, { id: number }>({
          save: (variables, keyFor) => {
            sentKeys.push(keyFor(variables));
            return Promise.reject(failure(409, 'IDEMPOTENCY_IN_PROGRESS'));
          },
        }),
      { wrapper },
    );
    const codes: string[] = [];
    for (let attempt = 0; attempt <= maxUnansweredAttempts; attempt += 1) {
      const error: unknown = await result.current.mutateAsync({ name: 'Rosa' }).catch((caught: unknown) => caught);
      codes.push(error instanceof ApiError ? error.code : 'none');
    }
    expect(codes).toEqual([
      ...Array.from({ length: maxUnansweredAttempts - 1 }, () => 'IDEMPOTENCY_IN_PROGRESS'),
      submissionUnconfirmedCode,
      'IDEMPOTENCY_IN_PROGRESS',
    ]);
    const first = sentKeys[0];
    expect(sentKeys.slice(0, maxUnansweredAttempts)).toEqual(
      Array.from({ length: maxUnansweredAttempts }, () => first),
    );
    expect(sentKeys[maxUnansweredAttempts]).not.toBe(first);
  });
});
