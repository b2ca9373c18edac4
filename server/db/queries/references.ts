import type { Battery, Locality, ReportType } from '#common/contract';
import type { Db } from '../db';

/** Reference data of spec §3 (localities, report types, batteries); rows are defined by migrations. */
export async function listLocalities(db: Db): Promise<Locality[]> {
  return db.query<Locality>(
    'SELECT id, name, display_order AS "displayOrder" FROM localities ORDER BY display_order, id',
  );
}

export async function listReportTypes(db: Db): Promise<ReportType[]> {
  return db.query<ReportType>('SELECT id, name FROM report_types ORDER BY id');
}

/** The product default battery is the first in display order (FullCBB). */
/** A battery as stored; the routes add the name in the caller's language (localizedText). */
export type BatteryRow = Omit<Battery, 'localizedText'>;

export async function listBatteries(db: Db): Promise<BatteryRow[]> {
  return db.query<BatteryRow>(
    `SELECT code AS id, code, name, description, display_order AS "displayOrder",
       display_order = (SELECT min(display_order) FROM batteries) AS "isDefault", false AS selected
     FROM batteries ORDER BY display_order, code`,
  );
}
