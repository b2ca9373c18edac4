import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  benchPatientsRequestSchema,
  expireOrderLinkRequestSchema,
  expirePasswordRequestSchema,
  expireSessionsRequestSchema,
  type BenchPatientsResult,
  type ExpireOrderLinkResult,
  type ExpirePasswordResult,
  type ExpireSessionsResult,
  type OutboxList,
} from '#common/contract';
import {
  expireOrderLink,
  expireUserPassword,
  expireUserSessions,
  listOutboxMessages,
  seedBenchPatients,
} from '../dev/demo-tools';
import { forbidden } from '../http/errors';
import { isLoopbackHost } from '../http/public-url';
import { parseBody } from '../http/validation';
import { escapeHtml, jsonForHtml, pageFrame } from '../../build/html';
import { pickLocale, type PageLocale } from '../runner/texts';
import { callerOf } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

const outboxScriptFile = path.join(import.meta.dirname, '..', 'dev', 'public', 'outbox.js');

/** The sign-in texts of the outbox page come from the client's own translation files (auth namespace). */
const outboxTextKeys = [
  'email',
  'password',
  'signIn',
  'signingIn',
  'outboxSignInIntro',
  'outboxAdministratorOnly',
  'outboxExposedWarning',
  'ERROR_INVALID_ID_OR_PASSWORD',
  'ERROR_YOU_HAVE_EXCEEDED_MAX_LOGIN_ATTEMPTS',
  'ERROR_AUTHENTICATING_PLEASE_RETRY',
] as const;
type OutboxTexts = Record<(typeof outboxTextKeys)[number], string>;

async function readOutboxTexts(localesDir: string, locale: PageLocale): Promise<OutboxTexts> {
  const read = async (language: string): Promise<Record<string, unknown>> =>
    JSON.parse(await readFile(path.join(localesDir, language, 'auth.json'), 'utf8')) as Record<string, unknown>;
  const [wanted, fallback] = await Promise.all([read(locale), read('en-US')]);
  const texts = {} as OutboxTexts;
  for (const key of outboxTextKeys) {
    const value = wanted[key] ?? fallback[key];
    texts[key] = typeof value === 'string' ? value : key;
  }
  return texts;
}

/** Whether the server listens where other machines reach it: then demo mode must say so loudly. */
export function demoIsExposed(address: ReturnType<FastifyRequest['server']['server']['address']>): boolean {
  return address !== null && typeof address === 'object' && !isLoopbackHost(address.address);
}

/**
 * The page holds no email: it is a small sign-in form (accessible, in the person's language) whose script keeps the
 * administrator's token in memory only and lists the outbox through the same JSON route as the tests.
 */
function renderOutboxPage(locale: PageLocale, texts: OutboxTexts, exposed: boolean, product: string): string {
  const warning = exposed ? `<p class="warning" role="alert">${escapeHtml(texts.outboxExposedWarning)}</p>` : '';
  return pageFrame({
    lang: locale,
    title: 'Demo outbox',
    head: `<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
  article { border: 1px solid #767676; border-radius: 4px; margin: 1rem 0; padding: 0 1rem 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: bold; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; background: #f4f4f4; padding: 0.5rem; }
  a { color: #0b57d0; }
  form { display: grid; gap: 0.5rem; max-width: 24rem; }
  input { font: inherit; padding: 0.4rem; border: 1px solid #767676; border-radius: 4px; }
  button { font: inherit; padding: 0.4rem 1rem; justify-self: start; }
  .warning, .error { border: 2px solid #b3261e; color: #8c1d18; padding: 0.5rem 1rem; border-radius: 4px; }
</style>
<script type="application/json" id="outbox-config">${jsonForHtml({ texts, loginUrl: `/api/${product}/login` })}</script>`,
    script: '/dev/outbox.js',
    body: `<main>
<h1>Demo outbox</h1>
${warning}
<form id="outbox-sign-in" novalidate>
  <p>${escapeHtml(texts.outboxSignInIntro)}</p>
  <label for="outbox-email">${escapeHtml(texts.email)}</label>
  <input id="outbox-email" name="userName" type="email" autocomplete="username" required>
  <label for="outbox-password">${escapeHtml(texts.password)}</label>
  <input id="outbox-password" name="password" type="password" autocomplete="current-password" required>
  <p id="outbox-error" class="error" role="alert" hidden></p>
  <button type="submit">${escapeHtml(texts.signIn)}</button>
</form>
<div id="outbox-list"></div>
</main>`,
  });
}

export interface DevRouteOptions extends RouteDeps {
  /** The translation files the page's texts come from. */
  localesDir: string;
}

/**
 * Registered only in demo mode: emails cannot leave a demo machine, and tests need a back door. DESIGN §4: every
 * /api/dev route needs a signed-in administrator (cops), so demo mode is safe on a clinic network; the page itself
 * carries no data.
 */
export const devRoutes: FastifyPluginAsync<DevRouteOptions> = async (app, { db, localesDir, product }) => {
  const outboxScript = await readFile(outboxScriptFile);
  const administratorOnly = {
    preHandler: [
      app.requireAuth,
      (request: FastifyRequest) =>
        callerOf(request).role === 'cops' ? Promise.resolve() : Promise.reject(forbidden()),
    ],
  };

  app.get('/api/dev/outbox', administratorOnly, async (): Promise<OutboxList> => {
    const dataList = await listOutboxMessages(db);
    return { dataList, count: dataList.length };
  });

  app.get('/dev/outbox', async (request, reply) => {
    const locale = pickLocale(request.headers['accept-language']?.split(',')[0]?.split(';')[0]);
    const texts = await readOutboxTexts(localesDir, locale);
    const html = renderOutboxPage(locale, texts, demoIsExposed(app.server.address()), product);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.get('/dev/outbox.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(outboxScript),
  );

  // End-to-end tests use this to make the server forget a session, as if it had timed out.
  app.post('/api/dev/expire-sessions', administratorOnly, async (request): Promise<ExpireSessionsResult> => {
    const { userName } = parseBody(expireSessionsRequestSchema, request);
    return { expired: await expireUserSessions(db, userName, new Date()) };
  });

  // The expired-password flow of spec §4 needs an expired password; end-to-end tests expire one of their own.
  app.post('/api/dev/expire-password', administratorOnly, async (request): Promise<ExpirePasswordResult> => {
    const { userName } = parseBody(expirePasswordRequestSchema, request);
    return { expired: await expireUserPassword(db, userName, new Date()) };
  });

  // An order's link that has run out (issue 18), without waiting its provider service's days.
  app.post('/api/dev/expire-order-link', administratorOnly, async (request): Promise<ExpireOrderLinkResult> => {
    const { assessmentOrderId } = parseBody(expireOrderLinkRequestSchema, request);
    return { expired: await expireOrderLink(db, assessmentOrderId) };
  });

  // Load for the 10,000-patient list (end-to-end test and `npm run bench`), in a provider service of its own.
  app.post('/api/dev/bench-patients', administratorOnly, async (request): Promise<BenchPatientsResult> => {
    const { count } = parseBody(benchPatientsRequestSchema, request);
    return seedBenchPatients(db, count);
  });
};
