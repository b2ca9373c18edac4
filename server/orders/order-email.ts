import { hashToken, newToken } from '../auth/tokens';
import type { Db } from '../db/db';
import { insertOutboxMessage } from '../db/queries/outbox';

/** A fresh patient login token: the order keeps only its hash and a short hint for staff to tell orders apart. */
export function newPatientLoginToken(): { token: string; hash: string; hint: string } {
  const token = newToken();
  return { token, hash: hashToken(token), hint: `…${token.slice(-4)}` };
}

/** The patient's order link (the patient login of the test-taking pages reads the token from the query). */
export function patientOrderLink(origin: string, product: string, token: string): string {
  return `${origin}/${product}/patientlogin?token=${encodeURIComponent(token)}`;
}

export interface OrderEmail {
  to: string;
  origin: string;
  product: string;
  token: string;
  /** 'Provider -- Service', so the patient knows who ordered the test. */
  providerServiceName: string;
  /** A reminder of an order not yet opened (issue 18). */
  reminder?: boolean;
}

/**
 * DESIGN §4: a demo machine sends nothing; the email goes to the outbox. The body names no patient data beyond the
 * address it is sent to: the patient confirms their details on the login page.
 */
export async function sendOrderEmail(db: Db, email: OrderEmail): Promise<void> {
  const link = patientOrderLink(email.origin, email.product, email.token);
  const opening = email.reminder
    ? 'Hello,\n\nThis is a reminder: your cognitive assessment is still waiting for you. '
    : 'Hello,\n\n';
  await insertOutboxMessage(db, {
    to: email.to,
    subject: email.reminder ? 'Reminder: your cognitive assessment' : 'Your cognitive assessment',
    body:
      `${opening}${email.providerServiceName} has ordered a cognitive assessment for you. It takes about 15 ` +
      `minutes. Open the link below on a computer or tablet, confirm your name and date of birth, and follow the ` +
      `instructions.\n\n${link}\n\nIf you did not expect this email, please contact your clinic.\n`,
    link,
  });
}
