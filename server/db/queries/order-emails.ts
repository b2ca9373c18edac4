import type { Db } from '../db';

/** What an order's email says beyond its link: who sends it, the number to call, and in which language. */
export interface OrderEmailFacts {
  providerName: string;
  serviceName: string;
  /** '' when the provider service has none. */
  contactPhone: string;
  /** The patient's default language, then their provider service's default (locality ids; either may be null). */
  languages: (string | null)[];
  batteryCode: string;
}

export async function findOrderEmailFacts(db: Db, orderId: number): Promise<OrderEmailFacts | null> {
  const rows = await db.query<{
    providerName: string;
    serviceName: string;
    contactPhone: string;
    patientLanguage: string | null;
    serviceLanguage: string | null;
    batteryCode: string;
  }>(
    `SELECT pv.name AS "providerName", sv.name AS "serviceName", ps.contact_phone AS "contactPhone",
       pt.default_language AS "patientLanguage", dl.locality_id AS "serviceLanguage",
       o.battery_code AS "batteryCode"
     FROM assessment_orders o
     JOIN patients pt ON pt.id = o.patient_id
     JOIN provider_services ps ON ps.id = o.provider_service_id
     JOIN providers pv ON pv.id = ps.provider_id
     JOIN services sv ON sv.id = ps.service_id
     LEFT JOIN provider_service_languages dl ON dl.provider_service_id = ps.id AND dl.is_default
     WHERE o.id = $1`,
    [orderId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    providerName: row.providerName,
    serviceName: row.serviceName,
    contactPhone: row.contactPhone,
    languages: [row.patientLanguage, row.serviceLanguage],
    batteryCode: row.batteryCode,
  };
}
