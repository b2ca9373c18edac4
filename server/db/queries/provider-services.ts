import type { ProviderServiceRef } from '../../../src/shared/api/contract';
import type { Db } from '../db';

interface ProviderServiceRefRow {
  id: number;
  providerId: number;
  providerName: string;
  serviceId: number;
  serviceName: string;
}

const refSelect = `
  SELECT ps.id, p.id AS "providerId", p.name AS "providerName", s.id AS "serviceId", s.name AS "serviceName"
  FROM provider_services ps
  JOIN providers p ON p.id = ps.provider_id
  JOIN services s ON s.id = ps.service_id`;

const refOrder = 'ORDER BY lower(p.name), lower(s.name), ps.id';

function toRef(row: ProviderServiceRefRow): ProviderServiceRef {
  return {
    id: row.id,
    provider: { id: row.providerId, name: row.providerName },
    service: { id: row.serviceId, name: row.serviceName },
  };
}

export async function listAllProviderServiceRefs(db: Db): Promise<ProviderServiceRef[]> {
  const rows = await db.query<ProviderServiceRefRow>(`${refSelect} ${refOrder}`);
  return rows.map(toRef);
}

export async function listUserProviderServiceRefs(db: Db, userId: number): Promise<ProviderServiceRef[]> {
  const rows = await db.query<ProviderServiceRefRow>(
    `${refSelect}
     JOIN user_provider_services ups ON ups.provider_service_id = ps.id
     WHERE ups.user_id = $1
     ${refOrder}`,
    [userId],
  );
  return rows.map(toRef);
}
