import { z } from 'zod';

/**
 * What one page hands the next through the router's location state (never the URL: an email address or a
 * token does not belong in the address bar, history or logs). Parsed, because history state can be anything.
 */

/** The login page: the address to prefill, and why the person is back (a password was just set or changed). */
export const loginPageStateSchema = z.object({
  userEmail: z.string().max(255).optional(),
  notice: z.enum(['passwordSet', 'passwordChanged']).optional(),
});
export type LoginPageState = z.infer<typeof loginPageStateSchema>;

/** The expired-password page: the address sign-in was tried with (spec §4). */
export const expiredPasswordStateSchema = z.object({ userEmail: z.string().max(255) });
export type ExpiredPasswordState = z.infer<typeof expiredPasswordStateSchema>;

/** The setup and reset pages keep the link's token here once it is taken out of the address bar. */
export const linkTokenStateSchema = z.object({ token: z.string().min(1).max(512) });

export function readState<S extends z.ZodType>(schema: S, state: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
