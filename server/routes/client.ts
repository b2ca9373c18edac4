import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '#common/contract';
import { chooseBody, varyAcceptEncoding } from '../http/encoding';
import { notFound } from '../http/errors';
import { indexPageKind, type IndexPages } from './index-page';
import { acceptLanguageList, preferredInterfaceLanguage } from '#common/languages';

export interface ClientRoutesOptions {
  clientDir: string;
  localesDir: string;
  config: RuntimeConfig;
  /** The index page of client routes, made once for the app (index-page.ts). */
  indexPage: IndexPages;
}

/** Hashed build output never changes under the same name, so browsers may keep it for a year. */
const immutable = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, manifest, locales) must be revalidated so updates show up. */
const revalidate = 'no-cache';

function staticHeadersFor(root: string) {
  return (res: { setHeader(name: string, value: string): unknown }, filePath: string): void => {
    const relative = path.relative(root, filePath).split(path.sep).join('/');
    res.setHeader('cache-control', relative.startsWith('assets/') ? immutable : revalidate);
    res.setHeader('vary', varyAcceptEncoding);
  };
}

/**
 * The build writes a brotli (.br) and a gzip (.gz) twin of every text file (vite.config.ts); @fastify/static sends
 * the twin the browser accepts, with its Content-Encoding, and the plain file to a browser that accepts neither.
 */
const staticOptions = {
  decorateReply: false,
  cacheControl: false,
  preCompressed: true,
} as const;

/**
 * Paths that belong to the server, not to the SPA router, and files (anything with an extension):
 * a miss there is a real 404, not a client route.
 */
const notClientRoute = /^\/(api|dev|runner|report|locales|fhir)(\/|$)/;

export function isClientNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (notClientRoute.test(pathname)) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** GET /config.json, the built client with history fallback, and /locales/<lng>/<ns>.json. */
export const clientRoutes: FastifyPluginAsync<ClientRoutesOptions> = async (app, options) => {
  const clientDir = path.resolve(options.clientDir);
  const localesDir = path.resolve(options.localesDir);

  app.get('/config.json', async (_request, reply): Promise<RuntimeConfig> => {
    void reply.header('cache-control', revalidate);
    return options.config;
  });

  // The static plugin would refuse / as a folder; it is the history fallback's index page like any client route.
  app.get('/', createNotFoundHandler(options.indexPage, options.config));

  await app.register(fastifyStatic, {
    ...staticOptions,
    root: clientDir,
    setHeaders: staticHeadersFor(clientDir),
    // The built client may not exist yet (tests, first start); misses fall through to the 404 handler.
    // /index.html itself stays the plain file that the service worker precaches.
    index: false,
  });
  // Hashed files are never asked for again under the same name (immutable), so nothing revalidates them: their
  // validators and range support are only bytes on each of a first visit's twenty answers.
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    setHeaders: staticHeadersFor(clientDir),
    etag: false,
    lastModified: false,
    acceptRanges: false,
  });

  if (existsSync(localesDir)) {
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: localesDir,
      prefix: '/locales/',
      setHeaders: staticHeadersFor(localesDir),
    });
  }
};

/**
 * The root 404 handler. History fallback: a deep link such as /cgm/manage/patients (and / itself) is a client
 * route and gets index.html with its first visit's links (index-page.ts); anything else (unknown /api path, missing
 * file) gets a JSON 404.
 */
export function createNotFoundHandler(indexPage: IndexPages, config: RuntimeConfig) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (isClientNavigation(request)) {
      const pathname = request.url.split('?')[0] ?? '/';
      const kind = indexPageKind(pathname, config.product);
      const browserLanguage =
        kind === 'patientLink'
          ? preferredInterfaceLanguage(acceptLanguageList(request.headers['accept-language']))
          : null;
      const page = await indexPage(kind, browserLanguage);
      if (page) {
        const { payload, encoding } = chooseBody(page, request.headers['accept-encoding']);
        if (encoding) void reply.header('content-encoding', encoding);
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', revalidate)
          .header('vary', kind === 'patientLink' ? `${varyAcceptEncoding}, Accept-Language` : varyAcceptEncoding)
          .send(payload);
      }
    }
    const error = notFound();
    return reply.code(error.statusCode).send(error.toBody());
  };
}
