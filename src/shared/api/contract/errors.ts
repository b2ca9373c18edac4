import { z } from 'zod';

/** Every non-2xx answer of the API has this body. */
export const apiErrorBodySchema = z.object({
  /** Machine-readable reason, e.g. 'VALIDATION', 'FORBIDDEN', 'UNAUTHORIZED', 'NOT_FOUND'. */
  code: z.string(),
  /** A human-readable reason (English; the client shows a translated text keyed by code). */
  message: z.string(),
  /** For 400: the field paths that failed and why. */
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
