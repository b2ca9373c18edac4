import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import { createAccountToken, type AccountTokenPurpose } from '../db/queries/account-tokens';
import { insertOutboxMessage } from '../db/queries/outbox';

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

/** A person's account (a staff profile or user row) as the recipient of its setup or reset link. */
export const recipientOf = (account: { id: number; email: string; firstName: string }): LinkRecipient => ({
  userId: account.id,
  email: account.email,
  firstName: account.firstName,
});

/** How long a link works: a new account has a week to be set up; a reset link a day. */
const setupLinkHours = 7 * 24;
const resetLinkHours = 24;

/** The two account links; spec §2/§7: their password pages read the token from the query. */
const accountLinks: Record<
  AccountTokenPurpose,
  { hours: number; page: string; subject: string; body: (firstName: string, link: string) => string }
> = {
  SETUP: {
    hours: setupLinkHours,
    page: 'setupaccount',
    subject: 'Set up your Cognitive Assessment account',
    body: (firstName, link) =>
      `Hello ${firstName},\n\nAn account has been created for you. Open the link below to choose your ` +
      `password; it works for ${String(setupLinkHours / 24)} days.\n\n${link}\n`,
  },
  RESET: {
    hours: resetLinkHours,
    page: 'setupaccountresetmypassword',
    subject: 'Reset your Cognitive Assessment password',
    body: (firstName, link) =>
      `Hello ${firstName},\n\nA password reset was requested for your account. Open the link below to ` +
      `choose a new password; it works for ${String(resetLinkHours)} hours.\n\n${link}\n`,
  },
};

/**
 * Creates a setup or reset token (the older ones of that purpose stop working) and writes its email to the outbox
 * (DESIGN §4: a demo machine sends nothing).
 */
export async function sendAccountLink(
  db: Db,
  audit: AuditContext,
  purpose: AccountTokenPurpose,
  site: LinkSite,
  recipient: LinkRecipient,
  createdByUserId: number | null,
  now: Date = new Date(),
): Promise<void> {
  const kind = accountLinks[purpose];
  await db.tx(async (tx) => {
    const token = await createAccountToken(
      tx,
      {
        userId: recipient.userId,
        purpose,
        expiresAt: new Date(now.getTime() + kind.hours * 3_600_000),
        createdByUserId,
      },
      now,
    );
    const link = `${site.origin}/${site.product}/${kind.page}?token=${encodeURIComponent(token)}`;
    await insertOutboxMessage(tx, {
      to: recipient.email,
      subject: kind.subject,
      body: kind.body(recipient.firstName, link),
      link,
    });
    await recordAudit(tx, audit, {
      action: purpose === 'RESET' ? 'auth.resetLinkSent' : 'auth.setupLinkSent',
      entity: 'user',
      entityId: recipient.userId,
    });
  });
}
