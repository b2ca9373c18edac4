import type { Battery } from '#common/contract';
import type { InterfaceLanguage } from '#common/languages';
import type { Db } from '../db/db';
import { listBatteries, type BatteryRow } from '../db/queries/references';
import { serverText } from '../http/messages';

export { listBatteries, listLocalities, listReportTypes } from '../db/queries/references';

/** Spec §3 Battery localizedText: its name as the client's interface names it (locales/<language>/orders.json). */
export function withLocalizedText(rows: readonly BatteryRow[], language: InterfaceLanguage): Battery[] {
  return rows.map((row) => {
    const key = `orders:battery.${row.code}`;
    const text = serverText(language, key);
    return { ...row, localizedText: text === key || text === `battery.${row.code}` ? row.name : text };
  });
}

/** Every battery, each named in the caller's interface language. */
export async function localizedBatteries(db: Db, language: InterfaceLanguage): Promise<Battery[]> {
  return withLocalizedText(await listBatteries(db), language);
}
