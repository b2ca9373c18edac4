import type { FastifyPluginCallback } from 'fastify';
import { contactMessageSchema, type ContactResult } from '#common/contract';
import { sendContactMessage } from '../contact/messages';
import { parseBody } from '../http/validation';
import type { RouteDeps } from '../http/route-deps';

export { contactMessagesPerHour, contactRecipient } from '../contact/messages';

/** POST /api/{product}/contact (spec §7): anonymous, like the About pages that hold the form. */
export const contactRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.post('/contact', async (request): Promise<ContactResult> => {
    const message = parseBody(contactMessageSchema, request);
    return sendContactMessage(db, message);
  });
  done();
};
