import type { Battery, Locality, ReportType } from '../../../src/shared/api/contract';
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
export async function listBatteries(db: Db): Promise<Battery[]> {
  return db.query<Battery>(
    `SELECT code AS id, code, name, description, display_order AS "displayOrder",
       display_order = (SELECT min(display_order) FROM batteries) AS "isDefault"
     FROM batteries ORDER BY display_order, code`,
  );
}
