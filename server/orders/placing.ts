import type { z } from 'zod/mini';
import {
  orderMessages,
  type TrackedAssessmentOrder,
  type AssessmentOrderTypeId,
  type MassOrderResult,
  type ProviderService,
  type assessmentOrderInputSchema,
  type massOrderInputSchema,
} from '#common/contract';
import { validationMessages } from '#common/validation/messages';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import {
  findAssessmentOrder,
  findOrderablePatients,
  insertAssessmentOrder,
  type OrderablePatient,
} from '../db/queries/assessment-orders';
import { appendOrderEvent } from '../db/queries/order-events';
import { setPatientEmail } from '../db/queries/patients';
import { findProviderService } from '../db/queries/provider-services';
import { type HttpError, notFound, translatedError } from '../http/errors';
import { fieldError } from '../profiles/scope';
import { newPatientLoginToken, sendOrderEmail } from './order-email';

/** The provider services whose patients and orders the caller may touch; null means all. */
export function scopeIds(auth: AuthContext): readonly number[] | null {
  return auth.providerServiceIds === 'all' ? null : auth.providerServiceIds;
}

export const patientDeactivated = (): HttpError =>
  translatedError(400, 'PATIENT_DEACTIVATED', 'ERROR_PATIENT_DEACTIVATED');

export const noSupportedBattery = (): HttpError =>
  translatedError(400, 'NO_SUPPORTED_BATTERY', 'ERROR_NO_SUPPORTED_BATTERY');

/** Reads each provider service once per request (a mass order touches few, however many patients). */
function providerServiceReader(db: Db): (id: number) => Promise<ProviderService> {
  const cache = new Map<number, ProviderService>();
  return async (id) => {
    const cached = cache.get(id);
    if (cached) return cached;
    const found = await findProviderService(db, id);
    // A patient always belongs to a provider service (foreign key); a missing one is a broken database.
    if (!found) throw new Error('Provider service of a patient not found');
    cache.set(id, found);
    return found;
  };
}

/** Spec §5 Single order: the type must be one the patient's provider service offers. */
function checkOrderType(service: ProviderService, type: AssessmentOrderTypeId, path: string): void {
  if (!service.supportedAssessmentOrderTypes.some((offered) => offered.id === type)) {
    throw fieldError(path, validationMessages.invalid);
  }
}

/**
 * Spec §5 Single order: a battery is required when the provider service offers several; with one it is that one;
 * with none nothing can be ordered.
 */
function resolveBattery(service: ProviderService, requested: string | null, path: string): string {
  const offered = service.supportedBatteryTypes.map((battery) => battery.code);
  const only = offered.length === 1 ? offered[0] : undefined;
  if (offered.length === 0) throw noSupportedBattery();
  if (requested === null) {
    if (only !== undefined) return only;
    throw fieldError(path, orderMessages.batteryRequired);
  }
  if (!offered.includes(requested)) throw fieldError(path, validationMessages.invalid);
  return requested;
}

interface Placement {
  patient: OrderablePatient;
  service: ProviderService;
  /** The order type and battery as asked (single or mass order), checked against what the service offers. */
  asked: { assessmentOrderType: AssessmentOrderTypeId; batteryTypeCode: string | null };
  /** HOME only. */
  email: string | null;
}

export interface OrderContext {
  db: Db;
  auth: AuthContext;
  audit: AuditContext;
  origin: string;
  product: string;
}

/**
 * Checks the order type and battery against the patient's provider service (spec §5), then writes one order (SCHD)
 * and, for HOME, the patient's login token hash and the email with its link. Spec §6: a clinician is recorded as
 * prescriber; anyone else ordering leaves the prescriber empty.
 */
async function placeOrder(context: OrderContext, { patient, service, asked, email }: Placement): Promise<number> {
  const { db, auth } = context;
  const orderType = asked.assessmentOrderType;
  checkOrderType(service, orderType, 'assessmentOrderType');
  const batteryCode = resolveBattery(service, asked.batteryTypeCode, 'batteryTypeCode');
  const login = orderType === 'HOME' ? newPatientLoginToken() : null;
  const id = await insertAssessmentOrder(db, {
    patientId: patient.id,
    providerServiceId: service.id,
    orderType,
    batteryCode,
    email,
    prescriberUserId: auth.role === 'clinician' ? auth.userId : null,
    orderedByUserId: auth.userId,
    patientLoginTokenHash: login?.hash ?? null,
    patientLoginTokenHint: login?.hint ?? null,
  });
  const now = new Date();
  await appendOrderEvent(db, {
    orderId: id,
    kind: 'ORDERED',
    at: now,
    actorUserId: auth.userId,
    detail: {
      orderType,
      batteryCode,
      ...(email === null ? {} : { email }),
    },
  });
  if (login && email !== null) {
    await sendOrderEmail(db, {
      to: email,
      origin: context.origin,
      product: context.product,
      token: login.token,
      orderId: id,
    });
    await appendOrderEvent(db, { orderId: id, kind: 'EMAIL_SENT', at: now, detail: { email } });
  }
  return id;
}

/**
 * The trail's entries of the orders placed, written last in their transaction: the chain's lock is then held only
 * until the commit and never while waiting for a row another writer holds.
 */
async function recordOrdersPlaced(
  db: Db,
  audit: AuditContext,
  ordered: readonly { patientId: number; assessmentOrderId: number }[],
): Promise<void> {
  for (const order of ordered) {
    await recordAudit(db, audit, {
      action: 'order.create',
      patientIds: [order.patientId],
      entity: 'order',
      entityId: order.assessmentOrderId,
    });
  }
}

/**
 * Spec §5 Single order, in one transaction: the patient must be in the caller's scope (out of scope and unknown
 * answer alike, 404) and active; HOME may make the order's email the patient's default.
 */
export function placeSingleOrder(
  context: OrderContext,
  body: z.output<typeof assessmentOrderInputSchema>,
): Promise<TrackedAssessmentOrder> {
  return context.db.tx(async (tx) => {
    const [patient] = await findOrderablePatients(tx, [body.patientId], scopeIds(context.auth));
    if (!patient) throw notFound('Patient not found');
    if (patient.isDisabled) throw patientDeactivated();
    const service = await providerServiceReader(tx)(patient.providerServiceId);
    const home = body.assessmentOrderType === 'HOME';
    const email = home ? body.assessmentOrderEmail : null;
    const id = await placeOrder({ ...context, db: tx }, { patient, service, asked: body, email });
    if (home && body.updatePatientDefaultEmailToAssessmentOrderEmail) {
      await setPatientEmail(tx, patient.id, body.assessmentOrderEmail);
    }
    await recordOrdersPlaced(tx, context.audit, [{ patientId: patient.id, assessmentOrderId: id }]);
    if (home && body.updatePatientDefaultEmailToAssessmentOrderEmail) {
      await recordAudit(tx, context.audit, {
        action: 'patient.update',
        patientIds: [patient.id],
        entity: 'patient',
        entityId: patient.id,
      });
    }
    const created = await findAssessmentOrder(tx, id);
    if (!created) throw new Error('New assessment order not found');
    return created;
  });
}

/**
 * Spec §5 Mass order: one transaction for all patients. HOME skips patients without an email (and everyone skips
 * deactivated ones), reported per patient; a patient the caller may not order for refuses the whole request, so
 * nothing is half done.
 */
export function placeMassOrder(
  context: OrderContext,
  body: z.output<typeof massOrderInputSchema>,
): Promise<MassOrderResult> {
  const patientIds = [...new Set(body.patientIds)];
  return context.db.tx(async (tx) => {
    const found = new Map(
      (await findOrderablePatients(tx, patientIds, scopeIds(context.auth))).map((patient) => [patient.id, patient]),
    );
    const serviceOf = providerServiceReader(tx);
    const result: MassOrderResult = { ordered: [], skipped: [] };
    for (const [index, patientId] of patientIds.entries()) {
      const patient = found.get(patientId);
      if (!patient) throw fieldError(`patientIds.${String(index)}`, validationMessages.invalid);
      if (patient.isDisabled) {
        result.skipped.push({ patientId, reason: 'deactivated' });
        continue;
      }
      if (body.assessmentOrderType === 'HOME' && patient.email === '') {
        result.skipped.push({ patientId, reason: 'noEmail' });
        continue;
      }
      const service = await serviceOf(patient.providerServiceId);
      const email = body.assessmentOrderType === 'HOME' ? patient.email : null;
      const assessmentOrderId = await placeOrder({ ...context, db: tx }, { patient, service, asked: body, email });
      result.ordered.push({ patientId, assessmentOrderId });
    }
    await recordOrdersPlaced(tx, context.audit, result.ordered);
    return result;
  });
}
