import type { TrackedAssessmentOrder, OrderStatusId, AssessmentOrderTypeId } from '#common/contract';
import { orderProgress, type ProgressFacts } from '../order-progress';
import type { Db } from '../db';
import { openOrder, orderProgressColumns, orderProgressJoin } from './order-events';

/** The shape of `orderSelect`; timestamps come back as Date from both drivers. */
export interface OrderRow extends Omit<ProgressFacts, 'status' | 'orderType'> {
  id: number;
  patientId: number;
  patientName: string;
  patientLanguage: string;
  email: string;
  orderType: AssessmentOrderTypeId;
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
         pt.default_language AS "patientLanguage",
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
         o.last_error_code AS "lastErrorCode",${orderProgressColumns}
  FROM assessment_orders o
  JOIN patients pt ON pt.id = o.patient_id
  JOIN assessment_order_types t ON t.id = o.order_type
  JOIN batteries b ON b.code = o.battery_code
  JOIN provider_services ps ON ps.id = o.provider_service_id
  JOIN providers pv ON pv.id = ps.provider_id
  JOIN services sv ON sv.id = ps.service_id
  LEFT JOIN users pr ON pr.id = o.prescriber_user_id
  LEFT JOIN users ob ON ob.id = o.ordered_by_user_id${orderProgressJoin}`;

function idName(id: number | null, name: string | null): { id: number; name: string } | null {
  return id === null || name === null ? null : { id, name };
}

export function toAssessmentOrder(row: OrderRow, now: Date = new Date()): TrackedAssessmentOrder {
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
    progress: orderProgress({ ...row, status: row.status, orderType: row.orderType }, now),
    linkExpiresOn: row.linkExpiresAt?.toISOString() ?? null,
  };
}

export async function findAssessmentOrder(db: Db, id: number): Promise<TrackedAssessmentOrder | null> {
  const rows = await db.query<OrderRow>(`${orderSelect} WHERE o.id = $1`, [id]);
  const row = rows[0];
  return row ? toAssessmentOrder(row) : null;
}

/**
 * Issue 18: the open orders (not finished, not cancelled) of the given provider services (null: all), newest first,
 * each with its patient's language, at most `limit`.
 */
export async function listOpenAssessmentOrders(
  db: Db,
  providerServiceIds: readonly number[] | null,
  limit: number,
  now: Date,
): Promise<{ order: TrackedAssessmentOrder; patientLanguage: string }[]> {
  const rows = await db.query<OrderRow>(
    `${orderSelect}
     WHERE ${openOrder}
       AND ($1::int[] IS NULL OR o.provider_service_id = ANY($1::int[]))
     ORDER BY o.order_date DESC, o.id DESC
     LIMIT $2`,
    [providerServiceIds === null ? null : [...providerServiceIds], limit],
  );
  return rows.map((row) => ({ order: toAssessmentOrder(row, now), patientLanguage: row.patientLanguage }));
}

/** A patient's orders, newest schedule first (spec §2 Assessments table). */
export async function listPatientAssessmentOrders(db: Db, patientId: number): Promise<TrackedAssessmentOrder[]> {
  const rows = await db.query<OrderRow>(
    `${orderSelect} WHERE o.patient_id = $1 ORDER BY o.schedule_date_time DESC, o.id DESC`,
    [patientId],
  );
  return rows.map((row) => toAssessmentOrder(row));
}

export interface NewAssessmentOrder {
  patientId: number;
  providerServiceId: number;
  orderType: AssessmentOrderTypeId;
  batteryCode: string;
  /** HOME only; a SITE order is never emailed. */
  email: string | null;
  prescriberUserId: number | null;
  orderedByUserId: number | null;
  /** HOME only: the hash of the patient's login token (the token itself is only ever emailed). */
  patientLoginTokenHash: string | null;
  patientLoginTokenHint: string | null;
}

/** Spec §4: a new order starts scheduled (SCHD), ordered and scheduled now. */
export async function insertAssessmentOrder(db: Db, order: NewAssessmentOrder): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO assessment_orders (patient_id, provider_service_id, order_type, battery_code, email, status,
       prescriber_user_id, ordered_by_user_id, patient_login_token_hash, patient_login_token_hint)
     VALUES ($1, $2, $3, $4, $5, 'SCHD', $6, $7, $8, $9)
     RETURNING id`,
    [
      order.patientId,
      order.providerServiceId,
      order.orderType,
      order.batteryCode,
      order.email,
      order.prescriberUserId,
      order.orderedByUserId,
      order.patientLoginTokenHash,
      order.patientLoginTokenHint,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('Assessment order insert returned no row');
  return row.id;
}

/** What placing an order needs to know of a patient. */
export interface OrderablePatient {
  id: number;
  providerServiceId: number;
  email: string;
  isDisabled: boolean;
}

/**
 * The patients among `ids` in the given provider services (null: all), deactivated ones included so a mass order
 * can say why it skipped them. Ids outside the scope are simply missing from the answer.
 */
export async function findOrderablePatients(
  db: Db,
  ids: readonly number[],
  providerServiceIds: readonly number[] | null,
): Promise<OrderablePatient[]> {
  if (ids.length === 0) return [];
  return db.query<OrderablePatient>(
    `SELECT p.id, p.provider_service_id AS "providerServiceId", coalesce(p.email, '') AS email,
       p.is_disabled AS "isDisabled"
     FROM patients p
     WHERE p.id = ANY($1::int[]) AND ($2::int[] IS NULL OR p.provider_service_id = ANY($2::int[]))`,
    [[...ids], providerServiceIds === null ? null : [...providerServiceIds]],
  );
}

/** Demo back door (issue 18): the order's link ran out a minute ago; answers whether the order exists. */
export async function expireOrderLink(db: Db, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE assessment_orders SET link_expires_at = now() - interval '1 minute' WHERE id = $1 RETURNING id`,
    [id],
  );
  return rows.length > 0;
}
