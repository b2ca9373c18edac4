import type { AssessmentOrder, OrderStatusId, OrderTypeId } from '../../../src/shared/api/contract';
import type { Db } from '../db';

/** The shape of `orderSelect`; timestamps come back as Date from both drivers. */
interface OrderRow {
  id: number;
  patientId: number;
  patientName: string;
  email: string;
  orderType: OrderTypeId;
  orderTypeName: string;
  batteryCode: string;
  batteryName: string;
  batteryDescription: string;
  scheduleDateTime: Date;
  orderDate: Date;
  completedDateTime: Date | null;
  prescriberId: number | null;
  prescriberName: string | null;
  orderedById: number | null;
  orderedByName: string | null;
  status: OrderStatusId;
  providerServiceId: number;
  providerId: number;
  providerName: string;
  serviceId: number;
  serviceName: string;
  lastStartedLanguage: string | null;
  lastErrorCode: string | null;
}

/** Spec §3 Order status names; the ids are what the product keys on. */
const statusNames: Record<OrderStatusId, string> = { SCHD: 'Scheduled', FINI: 'Finished' };

const staffName = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE ${alias}.first_name || ' ' || ${alias}.last_name END`;

/** One select for every order read, so all order calls answer the same shape. */
export const orderSelect = `
  SELECT o.id,
         pt.id AS "patientId",
         pt.first_name || ' ' || pt.last_name AS "patientName",
         coalesce(o.email, '') AS email,
         o.order_type AS "orderType",
         t.name AS "orderTypeName",
         o.battery_code AS "batteryCode",
         b.name AS "batteryName",
         b.description AS "batteryDescription",
         o.schedule_date_time AS "scheduleDateTime",
         o.order_date AS "orderDate",
         o.completed_date_time AS "completedDateTime",
         pr.id AS "prescriberId",
         ${staffName('pr')} AS "prescriberName",
         ob.id AS "orderedById",
         ${staffName('ob')} AS "orderedByName",
         o.status,
         ps.id AS "providerServiceId",
         pv.id AS "providerId",
         pv.name AS "providerName",
         sv.id AS "serviceId",
         sv.name AS "serviceName",
         o.last_started_language AS "lastStartedLanguage",
         o.last_error_code AS "lastErrorCode"
  FROM assessment_orders o
  JOIN patients pt ON pt.id = o.patient_id
  JOIN assessment_order_types t ON t.id = o.order_type
  JOIN batteries b ON b.code = o.battery_code
  JOIN provider_services ps ON ps.id = o.provider_service_id
  JOIN providers pv ON pv.id = ps.provider_id
  JOIN services sv ON sv.id = ps.service_id
  LEFT JOIN users pr ON pr.id = o.prescriber_user_id
  LEFT JOIN users ob ON ob.id = o.ordered_by_user_id`;

function idName(id: number | null, name: string | null): { id: number; name: string } | null {
  return id === null || name === null ? null : { id, name };
}

export function toAssessmentOrder(row: OrderRow): AssessmentOrder {
  return {
    id: row.id,
    patient: { id: row.patientId, name: row.patientName },
    assessmentOrderEmail: row.email,
    assessmentOrderType: { id: row.orderType, name: row.orderTypeName },
    batteryTypeCode: row.batteryCode,
    batteryType: { code: row.batteryCode, name: row.batteryName, description: row.batteryDescription },
    scheduleDateTime: row.scheduleDateTime.toISOString(),
    orderDate: row.orderDate.toISOString(),
    completedDateTime: row.completedDateTime?.toISOString() ?? null,
    prescriber: idName(row.prescriberId, row.prescriberName),
    orderedBy: idName(row.orderedById, row.orderedByName),
    assessmentOrderStatus: { id: row.status, name: statusNames[row.status] },
    providerService: {
      id: row.providerServiceId,
      provider: { id: row.providerId, name: row.providerName },
      service: { id: row.serviceId, name: row.serviceName },
    },
    assessmentOrderLastStartedUsingLanguage: row.lastStartedLanguage,
    lastErrorCode: row.lastErrorCode,
  };
}

export async function findAssessmentOrder(db: Db, id: number): Promise<AssessmentOrder | null> {
  const rows = await db.query<OrderRow>(`${orderSelect} WHERE o.id = $1`, [id]);
  const row = rows[0];
  return row ? toAssessmentOrder(row) : null;
}

/** A patient's orders, newest schedule first (spec §2 Assessments table). */
export async function listPatientAssessmentOrders(db: Db, patientId: number): Promise<AssessmentOrder[]> {
  const rows = await db.query<OrderRow>(
    `${orderSelect} WHERE o.patient_id = $1 ORDER BY o.schedule_date_time DESC, o.id DESC`,
    [patientId],
  );
  return rows.map(toAssessmentOrder);
}
