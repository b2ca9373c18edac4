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

export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  // Tokens can arrive in URLs (spec §4); no page may leak them to another site through Referer.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
};

/** Paths whose answers carry patient data or tokens and must never be stored by any cache. */
const noStorePath = /^\/(api|dev)(\/|$)/;

/** An onSend hook, so every answer gets the headers: routes, static files, 404s and errors alike. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.headers(securityHeaders);
    if (noStorePath.test(request.url)) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
