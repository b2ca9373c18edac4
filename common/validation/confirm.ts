import type { z } from 'zod/mini';

/** Spec §5: a confirmation field must equal its source (both trimmed: a stray space is not a different address). */
export function confirmationMatches(source: string, confirmation: string): boolean {
  return source.trim() === confirmation.trim();
}

/**
 * A superRefine step for an object schema: flags `confirm` with `message` when it differs from `source`. When the
 * source is empty and optional, the confirmation must be empty too (it then matches).
 */
export function refineConfirmation<K extends string>(source: K, confirm: K, message: string) {
  return (value: Record<K, string>, ctx: z.core.$RefinementCtx) => {
    if (!confirmationMatches(value[source], value[confirm])) {
      ctx.addIssue({ code: 'custom', path: [confirm], message });
    }
  };
}
