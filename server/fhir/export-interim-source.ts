import type { Db } from '../db/db';
import type { ExportResource } from './export';
import type { FhirResourceType } from './smart/scopes';

/**
 * Until the FHIR mapping streams every type (server/fhir/streams.ts), the export reads the smallest real piece: a
 * provider service's patients as bare Patient resources, keyset paged, 200 at a time.
 */
export async function* interimExportSource(
  db: Db,
  providerServiceId: number,
  type: FhirResourceType,
): AsyncIterable<ExportResource> {
  if (type !== 'Patient') return;
  let afterId = 0;
  for (;;) {
    const rows = await db.query<{ id: number; gender: string; birthDate: string; updatedAt: Date }>(
      `SELECT id, gender, date_of_birth AS "birthDate", updated_at AS "updatedAt" FROM patients
       WHERE provider_service_id = $1 AND id > $2 ORDER BY id LIMIT 200`,
      [providerServiceId, afterId],
    );
    for (const row of rows) {
      yield {
        resourceType: 'Patient',
        id: String(row.id),
        meta: { lastUpdated: row.updatedAt.toISOString() },
        gender: row.gender === 'F' ? 'female' : 'male',
        birthDate: row.birthDate,
      } as ExportResource;
    }
    const last = rows.at(-1);
    if (!last || rows.length < 200) return;
    afterId = last.id;
  }
}
