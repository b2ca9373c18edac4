import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '../../src/shared/api/contract';
import { notFound } from '../http/errors';

export interface ClientRoutesOptions {
  clientDir: string;
  localesDir: string;
  config: RuntimeConfig;
}

/** Hashed build output never changes under the same name, so browsers may keep it for a year. */
const immutable = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, manifest, locales) must be revalidated so updates show up. */
const revalidate = 'no-cache';

function cacheControlFor(root: string) {
  return (res: { setHeader(name: string, value: string): unknown }, filePath: string): void => {
    const relative = path.relative(root, filePath).split(path.sep).join('/');
    res.setHeader('cache-control', relative.startsWith('assets/') ? immutable : revalidate);
  };
}

/**
 * Paths that belong to the server, not to the SPA router, and files (anything with an extension):
 * a miss there is a real 404, not a client route.
 */
const notClientRoute = /^\/(api|dev|runner|report|locales)(\/|$)/;

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

  await app.register(fastifyStatic, {
    root: clientDir,
    decorateReply: false,
    cacheControl: false,
    setHeaders: cacheControlFor(clientDir),
    // The built client may not exist yet (tests, first start); misses fall through to the 404 handler.
    index: ['index.html'],
  });

  if (existsSync(localesDir)) {
    await app.register(fastifyStatic, {
      root: localesDir,
      prefix: '/locales/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: cacheControlFor(localesDir),
    });
  }
};

/**
 * The root 404 handler. History fallback: a deep link such as /cgm/manage/patients is a client
 * route and gets index.html; anything else (unknown /api path, missing file) gets a JSON 404.
 */
export function createNotFoundHandler(clientDirOption: string) {
  const indexFile = path.join(path.resolve(clientDirOption), 'index.html');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (isClientNavigation(request)) {
      const html = await readFile(indexFile).catch(() => null);
      if (html) {
        return reply.code(200).type('text/html; charset=utf-8').header('cache-control', revalidate).send(html);
      }
    }
    const error = notFound();
    return reply.code(error.statusCode).send(error.toBody());
  };
}
