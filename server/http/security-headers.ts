import type { FastifyInstance } from 'fastify';

/**
 * No 'unsafe-inline' for scripts: the built client and the server's own pages load scripts only
 * from files. Styles allow inline because Mantine injects style tags at run time.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Features no page of the product uses; fullscreen and the screen wake lock stay for our own pages (a patient's
 * test keeps the tablet awake and may fill the screen).
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=(self)',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  // Tokens can arrive in URLs (spec §4); no page may leak them to another site through Referer.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  // The client and its reference pages need no device feature: every one a page could ask for is refused.
  'permissions-policy': permissionsPolicy,
  // The report tab and the runner are same-origin pages; no other site may keep a handle on our windows…
  'cross-origin-opener-policy': 'same-origin',
  // …or embed our answers (patient lists, PDFs) in its own pages.
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * One year, as browsers' preload lists expect. No includeSubDomains: a clinic server is often reached by a LAN
 * name whose parent domain hosts other, plain-http devices.
 */
export const strictTransportSecurity = 'max-age=31536000';

/** Paths whose answers carry patient data or tokens and must never be stored by any cache. */
const noStorePath = /^\/(api|dev)(\/|$)/;

/**
 * The headers that govern a document (or a worker) and nothing else: what it may load and run, who may frame it,
 * which device features it may ask for, which windows may keep a handle on it. A stylesheet, a module script, a
 * translation file or an icon is never a document, so on those they are only bytes: about 700 a file, paid again
 * for each of the twenty files of a first visit on a phone's network.
 */
const documentOnlyHeaders = new Set([
  'content-security-policy',
  'x-frame-options',
  'permissions-policy',
  'cross-origin-opener-policy',
]);

/** What a browser only ever loads into a page, never opens as one (SVG and PDF can be documents, HTML is one). */
const subresourceType =
  /^(text\/css|text\/javascript|application\/javascript|application\/json|application\/manifest\+json|image\/(png|jpeg|webp|x-icon|vnd\.microsoft\.icon)|font\/)/;

/** Scripts that run as workers take their policy from their own answer. */
const workerScript = /(^|\/)sw\.js$|worker/;

/**
 * A static file the client loads into its pages: it gets the headers that matter for a subresource (no sniffing,
 * no referrer, not embeddable by other sites) and not the document ones. API answers, error answers, pages and
 * workers keep them all.
 */
export function isPageSubresource(url: string, statusCode: number, contentType: string): boolean {
  const path = url.split('?')[0] ?? '';
  return statusCode < 400 && !noStorePath.test(path) && subresourceType.test(contentType) && !workerScript.test(path);
}

const subresourceHeaders: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(securityHeaders).filter(([name]) => !documentOnlyHeaders.has(name)),
);

/** The policy with these inline scripts allowed by their hashes (inline-scripts.ts). */
export function contentSecurityPolicyAllowing(scriptSources: readonly string[]): string {
  if (scriptSources.length === 0) return contentSecurityPolicy;
  return contentSecurityPolicy.replace("script-src 'self'", `script-src 'self' ${scriptSources.join(' ')}`);
}

/** The server's own pages (runner, report, demo outbox): no inline script of the client's runs there. */
const serverPagePath = /^\/(runner|report|dev)(\/|\?|$)/;

/**
 * An onSend hook, so every answer gets the headers: routes, static files, 404s and errors alike. A client page (its
 * index.html, whatever route it answers) may also run the inline scripts `inlineScripts` names, by hash.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  inlineScripts: () => Promise<readonly string[]> = () => Promise.resolve([]),
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (isPageSubresource(request.url, reply.statusCode, contentType)) {
      void reply.headers(subresourceHeaders);
    } else {
      void reply.headers(securityHeaders);
      if (contentType.startsWith('text/html') && !serverPagePath.test(request.url)) {
        void reply.header('content-security-policy', contentSecurityPolicyAllowing(await inlineScripts()));
      }
    }
    // request.protocol is 'https' on a TLS socket, or behind a trusted proxy (TRUST_PROXY) that says so in
    // X-Forwarded-Proto. HSTS over plain http is ignored by browsers and would only mislead.
    if (request.protocol === 'https') {
      void reply.header('strict-transport-security', strictTransportSecurity);
    }
    if (noStorePath.test(request.url)) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
