import type { z } from 'zod/mini';
import type { ContactResult, contactMessageSchema } from '#common/contract';
import type { Db } from '../db/db';
import { countContactMessagesSince, insertContactMessage } from '../db/queries/contact-messages';
import { insertOutboxMessage } from '../db/queries/outbox';
import { HttpError } from '../http/errors';

/** Where contact messages go; the demo server cannot send email, so they land in the outbox. */
export const contactRecipient = 'support@demo.test';

/** The form is anonymous: one sender address may send this many messages an hour. */
export const contactMessagesPerHour = 5;

/** A message from the contact form, kept and forwarded to support, within the per-address hourly cap. */
export async function sendContactMessage(
  db: Db,
  message: z.output<typeof contactMessageSchema>,
): Promise<ContactResult> {
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  if ((await countContactMessagesSince(db, message.email, hourAgo)) >= contactMessagesPerHour) {
    throw new HttpError(429, 'TOO_MANY_REQUESTS', 'Too many messages from this address; try again later');
  }
  await db.tx(async (tx) => {
    await insertContactMessage(tx, message);
    await insertOutboxMessage(tx, {
      to: contactRecipient,
      subject: `Contact form: message from ${message.name}`,
      body: [
        `Name: ${message.name}`,
        `Email: ${message.email}`,
        `Organization: ${message.organization || '(none)'}`,
        `Consented to being contacted: ${message.optin ? 'yes' : 'no'}`,
        '',
        message.message,
      ].join('\n'),
      link: null,
    });
  });
  return { success: true };
}
