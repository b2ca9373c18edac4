import { hashToken, newToken } from '../db/tokens';
import type { Db } from '../db/db';
import { insertOutboxMessage } from '../db/queries/outbox';
import { findOrderEmailFacts, type OrderEmailFacts } from '../db/queries/order-emails';
import { serverText } from '../http/messages';
import { testLengthOf } from '../runner/test-duration';
import { fallbackLanguage, toInterfaceLanguage, type InterfaceLanguage } from '#common/languages';

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
  /** The order the link opens: its provider service names the sender, its patient the language. */
  orderId: number;
  /** A reminder of an order not yet opened (issue 18). */
  reminder?: boolean;
}

/** Issue 32: the patient's own language, else their provider service's, else the product's (en-US). */
export function orderEmailLanguage(candidates: readonly (string | null)[]): InterfaceLanguage {
  for (const candidate of candidates) {
    const language = toInterfaceLanguage(candidate);
    if (language) return language;
  }
  return fallbackLanguage;
}

/** The texts of an order email: locales/<language>/orders.json, email.*. */
type EmailText = 'subject' | 'reminderSubject' | 'greeting' | 'reminder' | 'asked' | 'how' | 'help' | 'helpPhone';

/**
 * The email's subject and body in the patient's language, for an older reader on a phone: who asks (provider and
 * service), what it is, where to open it (any device), and whom to call.
 */
export function orderEmailText(
  facts: OrderEmailFacts,
  link: string,
  reminder: boolean,
): { subject: string; body: string } {
  const language = orderEmailLanguage(facts.languages);
  const text = (key: EmailText) =>
    serverText(language, `orders:email.${key}`, {
      provider: facts.providerName,
      service: facts.serviceName,
      phone: facts.contactPhone,
      minutes: testLengthOf(facts.batteryCode).estimatedMinutes,
    });
  const paragraphs = [
    text('greeting'),
    ...(reminder ? [text('reminder')] : []),
    text('asked'),
    text('how'),
    link,
    text(facts.contactPhone === '' ? 'help' : 'helpPhone'),
    `${facts.providerName}\n${facts.serviceName}`,
  ];
  return { subject: text(reminder ? 'reminderSubject' : 'subject'), body: `${paragraphs.join('\n\n')}\n` };
}

/**
 * DESIGN §4: a demo machine sends nothing; the email goes to the outbox. The body names no patient data beyond the
 * address it is sent to: the patient confirms their details on the login page.
 */
export async function sendOrderEmail(db: Db, email: OrderEmail): Promise<void> {
  const facts = await findOrderEmailFacts(db, email.orderId);
  // The caller has just read or written the order in the same transaction.
  if (!facts) throw new Error('Order of an email not found');
  const link = patientOrderLink(email.origin, email.product, email.token);
  await insertOutboxMessage(db, { to: email.to, ...orderEmailText(facts, link, email.reminder ?? false), link });
}
