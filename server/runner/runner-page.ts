import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { runnerErrorCodeSchema, runnerFormSchema, workflowInstanceIdSchema, type RunnerForm } from '#common/contract';
import { formDesigns, oneCardLearningRepeats, referenceValues, type FormDesign } from '#common/scoring';
import { escapeHtml, jsonForHtml, pageFrame } from '../../build/html';
import { pickLocale, runnerTexts, type PageLocale, type RunnerTexts } from './texts';

/** The component version this runner runs (spec §9 Component version 8.1.3): every 8.x is accepted. */
export const supportedCbbMajor = 8;

const urlText = z.string().check(z.trim(), z.minLength(1), z.maxLength(2048));

/** Spec §7 runner query parameters, exactly as named there (redirect[0] is a literal key). */
export const runnerQuerySchema = z.object({
  endPoint: urlText,
  authToken: z.string().check(z.trim(), z.minLength(1), z.maxLength(512)),
  workflowInstanceId: workflowInstanceIdSchema,
  localityCode: z._default(z.string().check(z.trim(), z.maxLength(16)), 'en-US'),
  vertical: z._default(z.string().check(z.trim(), z.maxLength(32)), 'cgm'),
  cbbVersion: z._default(z.string().check(z.trim(), z.maxLength(32)), ''),
  'redirect[0]': urlText,
  'redirect[997]': z.optional(urlText),
  'redirect[998]': z.optional(urlText),
  'redirect[999]': z.optional(urlText),
  redirecterror: urlText,
  /**
   * Not a spec §7 parameter: '1' asks for the panel that ends the test with a chosen error code, a demo tool that
   * only a server in demo mode shows (never a patient's default).
   */
  devPanel: z._default(z.enum(['0', '1']), '0'),
});

/** Whether the page carries the developer's end-with-an-error panel: demo mode and an explicit ask, both. */
export function showsDevPanel(demo: boolean, devPanel: '0' | '1'): boolean {
  return demo && devPanel === '1';
}

/** The origin the request came to: the runner only talks to, and returns to, its own site. */
export function originOf(request: FastifyRequest): string {
  // Through URL, so a default port (':80') compares equal to none.
  return new URL(`${request.protocol}://${request.host}`).origin;
}

/** A same-origin absolute URL for `value`, or null when it points elsewhere (no open redirect). */
export function sameOriginUrl(value: string | undefined, origin: string): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Which form the runner plays: the standard one unless RUNNER_FORM names another ('short', or 'demo' for a few
 * trials per task, which the end-to-end tests use so a whole test takes seconds).
 */
export function runnerForm(value = process.env.RUNNER_FORM): RunnerForm {
  const parsed = runnerFormSchema.safeParse(value);
  return parsed.success ? parsed.data : 'standard';
}

/** What the runner's script reads from the page (never from the address bar, which it clears). */
export interface RunnerConfig {
  endPoint: string;
  authToken: string;
  workflowInstanceId: string;
  localityCode: string;
  cbbVersion: string;
  supportedCbbMajor: number;
  redirects: { completed: string; error: string; leave: string | null; expired: string | null; failed: string | null };
  errorCodes: readonly string[];
  form: RunnerForm;
  design: FormDesign;
  learningRepeats: number;
  anticipationMs: number;
  /** The page carries the end-with-an-error panel (showsDevPanel). */
  devPanel: boolean;
  texts: ScriptTexts;
}

/** The developer's panel is drawn here, on the server: the script needs none of its words. */
const panelTexts = ['errorTitle', 'errorBody', 'errorLabel', 'errorButton', 'errorCodes'] as const;
type ScriptTexts = Omit<RunnerTexts, (typeof panelTexts)[number]>;

function scriptTexts(texts: RunnerTexts): ScriptTexts {
  const panelOnly = new Set<string>(panelTexts);
  return Object.fromEntries(Object.entries(texts).filter(([key]) => !panelOnly.has(key))) as ScriptTexts;
}

export interface RunnerPage {
  status: number;
  html: string;
}

const assets = { stylesheet: '/runner/assets/pages.css', script: '/runner/assets/runner.js' };

function notice(locale: PageLocale): string {
  const texts = runnerTexts[locale];
  return `<header class="page-header">
<h1 id="page-title" tabindex="-1">${escapeHtml(texts.pageTitle)}</h1>
<p class="reference-notice">${escapeHtml(texts.referenceNotice)}</p>
</header>`;
}

/** The link that returns with an error code, for when the runner cannot even start. */
function withErrorCode(url: string, code: string): string {
  const target = new URL(url);
  target.searchParams.set('errorCode', code);
  return target.href;
}

function refusal(locale: PageLocale, origin: string, query: Partial<Record<string, unknown>>): RunnerPage {
  const texts = runnerTexts[locale];
  const back = typeof query.redirecterror === 'string' ? sameOriginUrl(query.redirecterror, origin) : null;
  const link = back
    ? `<p><a class="button" href="${escapeHtml(withErrorCode(back, 'workflowerror'))}">${escapeHtml(texts.returnButton)}</a></p>`
    : '';
  return {
    status: 400,
    html: pageFrame({
      lang: locale,
      title: texts.pageTitle,
      stylesheet: assets.stylesheet,
      body: `<main id="main">${notice(locale)}
<p role="alert">${escapeHtml(texts.badParameters)}</p>${link}
</main>`,
    }),
  };
}

/** The demo's end-with-an-error panel (hidden until the test can start; only on pages that asked for it). */
function devPanel(texts: RunnerTexts): string {
  const options = runnerErrorCodeSchema.options
    .map((code) => `<option value="${code}">${escapeHtml(texts.errorCodes[code])}</option>`)
    .join('');
  return `
<section id="error-panel" class="error-panel" aria-labelledby="error-panel-title" hidden>
<h2 id="error-panel-title">${escapeHtml(texts.errorTitle)}</h2>
<p>${escapeHtml(texts.errorBody)}</p>
<form id="error-form">
<label for="error-code">${escapeHtml(texts.errorLabel)}</label>
<select id="error-code" name="errorCode">${options}</select>
<button type="submit" class="button secondary">${escapeHtml(texts.errorButton)}</button>
</form>
</section>`;
}

/**
 * GET /runner/: the reference workflow runner of DESIGN §4. The server checks the parameters (every address must
 * be on this site); the page's script then runs the card tasks and records the outcome with the test token.
 */
export function renderRunnerPage(request: FastifyRequest, options: { demo: boolean }): RunnerPage {
  const raw = (request.query ?? {}) as Partial<Record<string, unknown>>;
  const locale = pickLocale(typeof raw.localityCode === 'string' ? raw.localityCode : undefined);
  const origin = originOf(request);
  const parsed = runnerQuerySchema.safeParse(raw);
  if (!parsed.success) return refusal(locale, origin, raw);
  const query = parsed.data;
  const endPoint = sameOriginUrl(query.endPoint, origin);
  const completed = sameOriginUrl(query['redirect[0]'], origin);
  const error = sameOriginUrl(query.redirecterror, origin);
  if (!endPoint || !completed || !error) return refusal(locale, origin, raw);

  const texts = runnerTexts[locale];
  const config: RunnerConfig = {
    endPoint: endPoint.replace(/\/+$/, ''),
    authToken: query.authToken,
    workflowInstanceId: query.workflowInstanceId,
    localityCode: query.localityCode,
    cbbVersion: query.cbbVersion,
    supportedCbbMajor,
    redirects: {
      completed,
      error,
      leave: sameOriginUrl(query['redirect[997]'], origin),
      expired: sameOriginUrl(query['redirect[998]'], origin),
      failed: sameOriginUrl(query['redirect[999]'], origin),
    },
    errorCodes: runnerErrorCodeSchema.options,
    form: runnerForm(),
    design: formDesigns[runnerForm()],
    learningRepeats: oneCardLearningRepeats,
    anticipationMs: referenceValues.anticipationMs,
    devPanel: showsDevPanel(options.demo, query.devPanel),
    texts: scriptTexts(texts),
  };
  const leave = config.redirects.leave
    ? `<p><a href="${escapeHtml(config.redirects.leave)}" id="leave-link">${escapeHtml(texts.leave)}</a></p>`
    : '';
  const body = `<main id="main">${notice(locale)}
<noscript><p role="alert">${escapeHtml(texts.noscript)}</p></noscript>
<section id="stage" class="stage" aria-labelledby="page-title"><p>${escapeHtml(texts.loading)}</p></section>
<p id="announcer" class="visually-hidden" role="status"></p>${config.devPanel ? devPanel(texts) : ''}
${leave}
</main>
<script type="application/json" id="runner-config">${jsonForHtml(config)}</script>`;
  return {
    status: 200,
    html: pageFrame({
      lang: locale,
      title: texts.pageTitle,
      stylesheet: assets.stylesheet,
      script: assets.script,
      body,
    }),
  };
}
