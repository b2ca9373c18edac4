import type { FastifyPluginCallback } from 'fastify';
import { contactMessageSchema, type ContactResult } from '#common/contract';
import { countContactMessagesSince, insertContactMessage } from '../db/queries/contact-messages';
import { insertOutboxMessage } from '../db/queries/outbox';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/validation';
import type { RouteDeps } from './route-deps';

/** Where contact messages go; the demo server cannot send email, so they land in the outbox. */
export const contactRecipient = 'support@demo.test';

/** The form is anonymous: one sender address may send this many messages an hour. */
export const contactMessagesPerHour = 5;

/** POST /api/{product}/contact (spec §7): anonymous, like the About pages that hold the form. */
export const contactRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.post('/contact', async (request): Promise<ContactResult> => {
    const message = parseBody(contactMessageSchema, request);
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
  });
  done();
};
