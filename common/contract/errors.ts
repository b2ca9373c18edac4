import { z } from 'zod/mini';

/** Every non-2xx answer of the API has this body. */
export const apiErrorBodySchema = z.object({
  /** Machine-readable reason, e.g. 'VALIDATION', 'FORBIDDEN', 'UNAUTHORIZED', 'NOT_FOUND'. */
  code: z.string(),
  /** A human-readable reason (English; the client shows a translated text keyed by code). */
  message: z.string(),
  /** For 400: the field paths that failed and why. */
  fields: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Codes the client tells apart by more than the status. */
export const apiErrorCodes = {
  /** 429: too many sign-ins, identity checks, reset requests or messages from one address (issue 15). */
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** 422: an Idempotency-Key was used before with a different request. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;
