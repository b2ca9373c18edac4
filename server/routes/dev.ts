import type { FastifyPluginCallback } from 'fastify';
import {
  benchPatientsRequestSchema,
  expireSessionsRequestSchema,
  type BenchPatientsResult,
  type ExpireSessionsResult,
  type OutboxList,
  type OutboxMessage,
} from '../../src/shared/api/contract';
import { seedBenchPatients } from '../db/bench-seed';
import { listOutboxMessages } from '../db/queries/outbox';
import { expireUserSessions } from '../db/queries/sessions';
import { parseBody } from '../http/validation';
import type { RouteDeps } from './route-deps';

const htmlEscapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/** Only same-site paths and http(s) links become anchors, never javascript: or data: URLs. */
function safeHref(link: string): string | null {
  return /^(\/(?!\/)|https?:\/\/)/i.test(link) ? link : null;
}

function renderMessage(message: OutboxMessage): string {
  const href = message.link ? safeHref(message.link) : null;
  const link = message.link
    ? href
      ? `<a href="${escapeHtml(href)}">${escapeHtml(message.link)}</a>`
      : escapeHtml(message.link)
    : '<span>none</span>';
  const headingId = `message-${String(message.id)}`;
  return `<article aria-labelledby="${headingId}">
  <h2 id="${headingId}">${escapeHtml(message.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(message.to)}</dd>
    <dt>Sent</dt><dd><time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time></dd>
    <dt>Link</dt><dd>${link}</dd>
  </dl>
  <pre>${escapeHtml(message.body)}</pre>
</article>`;
}

/** Plain HTML with no script at all, so it passes the strict CSP and needs nothing but a browser. */
function renderOutboxPage(messages: readonly OutboxMessage[]): string {
  const list = messages.length
    ? messages.map(renderMessage).join('\n')
    : '<p>The outbox is empty: no email has been sent yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo outbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
  article { border: 1px solid #767676; border-radius: 4px; margin: 1rem 0; padding: 0 1rem 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: bold; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; background: #f4f4f4; padding: 0.5rem; }
  a { color: #0b57d0; }
</style>
</head>
<body>
<main>
<h1>Demo outbox</h1>
<p>Emails the demo server would have sent, newest first (${String(messages.length)}).</p>
${list}
</main>
</body>
</html>`;
}

/** Registered only in demo mode: emails cannot leave a demo machine, and tests need a back door. */
export const devRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.get('/api/dev/outbox', async (): Promise<OutboxList> => {
    const dataList = await listOutboxMessages(db);
    return { dataList, count: dataList.length };
  });

  app.get('/dev/outbox', async (_request, reply) => {
    const messages = await listOutboxMessages(db);
    return reply.type('text/html; charset=utf-8').send(renderOutboxPage(messages));
  });

  // End-to-end tests use this to make the server forget a session, as if it had timed out.
  app.post('/api/dev/expire-sessions', async (request): Promise<ExpireSessionsResult> => {
    const { userName } = parseBody(expireSessionsRequestSchema, request);
    return { expired: await expireUserSessions(db, userName, new Date()) };
  });

  // Load for the 10,000-patient list (end-to-end test and `npm run bench`), in a provider service of its own.
  app.post('/api/dev/bench-patients', async (request): Promise<BenchPatientsResult> => {
    const { count } = parseBody(benchPatientsRequestSchema, request);
    return seedBenchPatients(db, count);
  });
  done();
};
