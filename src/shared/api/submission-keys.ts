import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, isApiError } from './http';

/**
 * A version 4 UUID from getRandomValues: crypto.randomUUID exists only in secure contexts, and a clinic may reach
 * its server over plain HTTP on the local network.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Issue 35 F6: how many times one submission is sent with its key while no definite answer comes back. After that
 * the form stops retrying it: it says it could not confirm the save, and the next try is a new submission.
 */
export const maxUnansweredAttempts = 3;

/** The error a form gets when its submission was sent maxUnansweredAttempts times without a definite answer. */
export const submissionUnconfirmedCode = 'SUBMISSION_UNCONFIRMED';

export interface SubmissionKeys {
  /** The Idempotency-Key of this submission: the previous one again when the same body is sent again unanswered. */
  keyFor(body: unknown): string;
  /**
   * After the call: a definite answer ends the submission; no answer keeps its key for the retry, up to
   * maxUnansweredAttempts. Answers the error to report: the call's own, or, once the submission is given up,
   * a SUBMISSION_UNCONFIRMED error.
   */
  settle(error: unknown): unknown;
}

/** Whether the server may have done the work without us hearing of it, so a retry must carry the same key. */
function unanswered(error: unknown): boolean {
  if (!isApiError(error)) return error !== null && error !== undefined;
  return error.isNetworkError || error.status >= 500 || error.code === 'IDEMPOTENCY_IN_PROGRESS';
}

/**
 * Issue 15: one key per submitted form. A double tap or a retry after a lost answer sends the same body with
 * the same key, so the server creates one record; a changed form, or a new submission after an answer, gets a
 * new key.
 */
export function createSubmissionKeys(makeKey: () => string = randomUuid): SubmissionKeys {
  let current: { body: string; key: string; unanswered: number } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (current?.body !== text) current = { body: text, key: makeKey(), unanswered: 0 };
      return current.key;
    },
    settle(error) {
      if (!current || !unanswered(error)) {
        current = null;
        return error;
      }
      current.unanswered += 1;
      if (current.unanswered < maxUnansweredAttempts) return error;
      current = null;
      // Not status 0: that would read as "offline, nothing was sent", and something may well have been.
      return new ApiError({
        status: 409,
        code: submissionUnconfirmedCode,
        serverMessage: null,
        path: isApiError(error) ? error.path : '',
      });
    },
  };
}

/** The submission keys of one form (one mounted mutation hook). */
export function useSubmissionKeys(): SubmissionKeys {
  const [keys] = useState(() => createSubmissionKeys());
  return keys;
}

/**
 * A form's save: a mutation whose creating calls carry the form's submission key (`keyFor(body)` gives the
 * Idempotency-Key, settled by the answer) and whose 400 answers the form shows on its own fields.
 */
export function useFormSave<Variables, Result>(options: {
  save: (variables: Variables, keyFor: (body: unknown) => string) => Promise<Result>;
  onSuccess?: (result: Result, variables: Variables) => Promise<void> | void;
}) {
  const submissions = useSubmissionKeys();
  return useMutation({
    mutationFn: async (variables: Variables) => {
      try {
        const result = await options.save(variables, (body) => submissions.keyFor(body));
        submissions.settle(null);
        return result;
      } catch (error) {
        throw submissions.settle(error);
      }
    },
    meta: { handlesBadRequest: true },
    onSuccess: options.onSuccess,
  });
}
