import type { Db } from '../db/db';
import { createAccountToken } from '../db/queries/account-tokens';
import { insertOutboxMessage } from '../db/queries/outbox';

/** How long a link works: a new account has a week to be set up; a reset link a day. */
export const setupLinkHours = 7 * 24;
export const resetLinkHours = 24;

export interface LinkRecipient {
  userId: number;
  email: string;
  firstName: string;
}

/** Where emailed links point: an absolute origin (PUBLIC_URL), since a mail client cannot open a relative link. */
export interface LinkSite {
  origin: string;
  product: string;
}

/** Spec §2/§7: the setup page (issue: password pages) reads the token from the query. */
export function setupLink(site: LinkSite, token: string): string {
  return `${site.origin}/${site.product}/setupaccount?token=${encodeURIComponent(token)}`;
}

export function resetLink(site: LinkSite, token: string): string {
  return `${site.origin}/${site.product}/setupaccountresetmypassword?token=${encodeURIComponent(token)}`;
}

/** Creates a setup token and writes its email to the outbox (DESIGN §4: a demo machine sends nothing). */
export async function sendSetupLink(
  db: Db,
  site: LinkSite,
  recipient: LinkRecipient,
  createdByUserId: number | null,
  now: Date = new Date(),
): Promise<void> {
  const token = await createAccountToken(
    db,
    {
      userId: recipient.userId,
      purpose: 'SETUP',
      expiresAt: new Date(now.getTime() + setupLinkHours * 3_600_000),
      createdByUserId,
    },
    now,
  );
  const link = setupLink(site, token);
  await insertOutboxMessage(db, {
    to: recipient.email,
    subject: 'Set up your Cognitive Assessment account',
    body:
      `Hello ${recipient.firstName},\n\nAn account has been created for you. Open the link below to choose your ` +
      `password; it works for ${String(setupLinkHours / 24)} days.\n\n${link}\n`,
    link,
  });
}

export async function sendResetLink(
  db: Db,
  site: LinkSite,
  recipient: LinkRecipient,
  createdByUserId: number | null,
  now: Date = new Date(),
): Promise<void> {
  const token = await createAccountToken(
    db,
    {
      userId: recipient.userId,
      purpose: 'RESET',
      expiresAt: new Date(now.getTime() + resetLinkHours * 3_600_000),
      createdByUserId,
    },
    now,
  );
  const link = resetLink(site, token);
  await insertOutboxMessage(db, {
    to: recipient.email,
    subject: 'Reset your Cognitive Assessment password',
    body:
      `Hello ${recipient.firstName},\n\nA password reset was requested for your account. Open the link below to ` +
      `choose a new password; it works for ${String(resetLinkHours)} hours.\n\n${link}\n`,
    link,
  });
}
