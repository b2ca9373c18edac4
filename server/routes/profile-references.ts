import type { FastifyPluginCallback } from 'fastify';
import type { ProfileReferences, Rules } from '#common/contract';
import { readProfileReferences } from '../profiles/references';
import { currentRules } from '../profiles/rules';
import { callerOf, providerServiceScope } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

/** GET /api/rules (spec §3 Rules) and GET /api/references/profile (what the profile forms choose from). */
export const profileReferenceRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.get('/api/rules', { preHandler: app.requireAuth }, (): Rules => currentRules());

  app.get(
    '/api/references/profile',
    { preHandler: app.requireEntitlement('listPatients') },
    async (request): Promise<ProfileReferences> => {
      return readProfileReferences(db, providerServiceScope(callerOf(request), undefined));
    },
  );
  done();
};
