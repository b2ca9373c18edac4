import { z } from 'zod/mini';

/**
 * What one page hands the next through the router's location state (never the URL: an email address or a
 * token does not belong in the address bar, history or logs). Parsed, because history state can be anything.
 */

/** The login page: the address to prefill, and why the person is back (a password was just set or changed). */
export const loginPageStateSchema = z.object({
  userEmail: z.optional(z.string().check(z.maxLength(255))),
  notice: z.optional(z.enum(['passwordSet', 'passwordChanged'])),
});
export type LoginPageState = z.infer<typeof loginPageStateSchema>;

/** The expired-password page: the address sign-in was tried with (spec §4). */
export const expiredPasswordStateSchema = z.object({ userEmail: z.string().check(z.maxLength(255)) });
export type ExpiredPasswordState = z.infer<typeof expiredPasswordStateSchema>;

/** The setup and reset pages keep the link's token here once it is taken out of the address bar. */
export const linkTokenStateSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(512)) });

export function readState<S extends z.ZodMiniType>(schema: S, state: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
