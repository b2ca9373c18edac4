import type { FastifyPluginCallback } from 'fastify';
import type { Devops } from '#common/contract';
import type { RouteDeps } from '../http/route-deps';

/** GET /api/{product}/devops: anonymous; the privacy-acceptance step records this server time (spec §4). */
export const devopsRoutes: FastifyPluginCallback<RouteDeps> = (app, _deps, done) => {
  app.get('/devops', (): Devops => ({ serverUtcTime: new Date().toISOString() }));
  done();
};
