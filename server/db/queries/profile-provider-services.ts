import type { AssessmentOrderType, ProfileProviderService } from '#common/contract';
import type { Db } from '../db';

export interface ProfileProviderServiceRow {
  id: number;
  providerId: number;
  providerName: string;
  serviceId: number;
  serviceName: string;
  orderTypes: AssessmentOrderType[] | null;
  languages: { localityId: string; name: string; isDefault: boolean }[] | null;
}

/** Provider services as profiles carry them (spec §3: provider, service, supported order types and languages). */
function providerServicesSelect(where: string): string {
  return `SELECT ps.id, p.id AS "providerId", p.name AS "providerName", s.id AS "serviceId", s.name AS "serviceName",
            (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'isDefault', pot.is_default,
                                               'displayOrder', t.display_order) ORDER BY t.display_order)
             FROM provider_service_order_types pot JOIN assessment_order_types t ON t.id = pot.order_type
             WHERE pot.provider_service_id = ps.id) AS "orderTypes",
            (SELECT json_agg(json_build_object('localityId', l.id, 'name', l.name, 'isDefault', psl.is_default)
                             ORDER BY l.display_order)
             FROM provider_service_languages psl JOIN localities l ON l.id = psl.locality_id
             WHERE psl.provider_service_id = ps.id) AS languages
     FROM provider_services ps
     JOIN providers p ON p.id = ps.provider_id
     JOIN services s ON s.id = ps.service_id
     WHERE ${where}`;
}

/**
 * The same provider services as one JSON array column, so a list can carry the services of its page in its own
 * statement (one round trip instead of two); read back with `toProfileProviderServices`.
 */
export function profileProviderServicesJson(where: string): string {
  return `(SELECT coalesce(json_agg(services), '[]') FROM (${providerServicesSelect(where)}) services)`;
}

export function toProfileProviderServices(
  rows: readonly ProfileProviderServiceRow[],
): Map<number, ProfileProviderService> {
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        provider: { id: row.providerId, name: row.providerName },
        service: { id: row.serviceId, name: row.serviceName },
        supportedAssessmentOrderTypes: row.orderTypes ?? [],
        supportedAssessmentLanguages: (row.languages ?? []).map((language) => ({
          id: language.localityId,
          localityId: language.localityId,
          name: language.name,
          isDefault: language.isDefault,
        })),
      },
    ]),
  );
}

/** `ids` null loads all. JSON aggregation keeps it to one query whatever the number of provider services. */
export async function loadProfileProviderServices(
  db: Db,
  ids: readonly number[] | null,
): Promise<Map<number, ProfileProviderService>> {
  if (ids !== null && ids.length === 0) return new Map();
  const rows = await db.query<ProfileProviderServiceRow>(
    `${providerServicesSelect('$1::int[] IS NULL OR ps.id = ANY($1::int[])')}
     ORDER BY lower(p.name), lower(s.name), ps.id`,
    [ids === null ? null : [...ids]],
  );
  return toProfileProviderServices(rows);
}

export async function providerServiceExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('SELECT id FROM provider_services WHERE id = $1', [id]);
  return rows.length > 0;
}
