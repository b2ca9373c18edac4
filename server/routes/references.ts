import type { FastifyPluginCallback } from 'fastify';
import type { Battery } from '#common/contract';
import { listBatteries, listLocalities, listReportTypes, type BatteryRow } from '../db/queries/references';
import type { InterfaceLanguage } from '#common/languages';
import { requestLanguage, serverText } from '../http/messages';
import type { RouteDeps } from './route-deps';

/** Spec §3 Battery localizedText: its name as the client's interface names it (locales/<language>/orders.json). */
export function withLocalizedText(rows: readonly BatteryRow[], language: InterfaceLanguage): Battery[] {
  return rows.map((row) => {
    const key = `orders:battery.${row.code}`;
    const text = serverText(language, key);
    return { ...row, localizedText: text === key || text === `battery.${row.code}` ? row.name : text };
  });
}

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
    const dataList = withLocalizedText(await listBatteries(db), requestLanguage(request));
    return { dataList, count: dataList.length };
  });
  done();
};
