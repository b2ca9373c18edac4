import type { FastifyPluginCallback } from 'fastify';
import { requestLanguage } from '../http/messages';
import { listLocalities, listReportTypes, localizedBatteries } from '../references/lists';
import type { RouteDeps } from '../http/route-deps';

/**
 * GET /api/references/localities, /reporttypes, /batteries (spec §7). Any signed-in caller may read them:
 * staff need localities and batteries to order and to edit patients, cops to configure provider services,
 * and none of it is personal data.
 */
export const referenceRoutes: FastifyPluginCallback<RouteDeps> = (app, { db }, done) => {
  app.get('/localities', { preHandler: app.requireAuth }, async () => {
    const dataList = await listLocalities(db);
    return { dataList, count: dataList.length };
  });
  app.get('/reporttypes', { preHandler: app.requireAuth }, async () => {
    const dataList = await listReportTypes(db);
    return { dataList, count: dataList.length };
  });
  app.get('/batteries', { preHandler: app.requireAuth }, async (request) => {
    const dataList = await localizedBatteries(db, requestLanguage(request));
    return { dataList, count: dataList.length };
  });
  done();
};
