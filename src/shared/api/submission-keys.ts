import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from './http';

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

export interface SubmissionKeys {
  /** The Idempotency-Key of this submission: the previous one again when the same body is sent again unanswered. */
  keyFor(body: unknown): string;
  /** After the call: a definite answer ends the submission; no answer keeps its key for the retry. */
  settle(error: unknown): void;
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
  let current: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (current?.body !== text) current = { body: text, key: makeKey() };
      return current.key;
    },
    settle(error) {
      if (!unanswered(error)) current = null;
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
    mutationFn: (variables: Variables) => options.save(variables, (body) => submissions.keyFor(body)),
    meta: { handlesBadRequest: true },
    onSettled: (_data, error) => {
      submissions.settle(error);
    },
    onSuccess: options.onSuccess,
  });
}
