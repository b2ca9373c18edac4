import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import {
  assessmentTestRefusalCodes,
  unableToTakeErrorCode,
  type TrackedAssessmentOrder,
  type AssessmentOrderDetail,
  type BeginTestResult,
  type Entitlement,
  type testCompletedRequestSchema,
  type testErrorRequestSchema,
  type unableToTakeRequestSchema,
} from '#common/contract';
import { validationMessages } from '#common/validation/messages';
import { recordAudit, type AuditContext } from '../audit/audit';
import { privacyPolicyNotAccepted } from '../auth/guards';
import { expiryFrom, type AuthContext } from '../auth/session-service';
import type { Db } from '../db/db';
import { findAssessmentOrder } from '../db/queries/assessment-orders';
import {
  endSessionTestAllowance,
  findAttemptStarter,
  findOrderAttempt,
  findOrderForTest,
  insertAttempt,
  keepSessionUntil,
  markOrderError,
  markOrderFinished,
  providerServiceOffersLanguage,
  recordAttemptError,
  recordUnableToTake,
  type NewAttempt,
  type OrderForTestRow,
} from '../db/queries/assessment-tests';
import { findPatientDefaultLanguage } from '../db/queries/patients';
import { loadProfileProviderServices } from '../db/queries/profile-provider-services';
import { hashToken, newToken } from '../db/tokens';
import { forbidden, HttpError, notFound } from '../http/errors';
import { fieldError } from '../profiles/scope';
import { testLengthOf } from '../runner/test-duration';

/** The runner's token lives long enough for a 15-minute test with breaks, and no longer. */
export const testTokenLifetimeMinutes = 180;
/** The server time a privacy acceptance names must be one this server gave out recently (spec §4). */
const serverTimestampMaxAgeMs = 12 * 3_600_000;
const clockSlackMs = 5 * 60_000;

export const orderNotFound = () => notFound('Assessment order not found');
const refused = (code: string, message: string) => new HttpError(409, code, message);

/**
 * Who may touch an order. A patient only their own session's order (spec §2: "visible only if the profile id
 * equals the logged-in user's id"); staff with the entitlement, within their provider services. Out of scope and
 * unknown answer alike (404), so an id never tells whether an order exists elsewhere.
 */
function checkAccess(
  auth: AuthContext,
  order: Pick<OrderForTestRow, 'orderId' | 'patientId' | 'providerServiceId'>,
  staffNeeds: Entitlement,
): void {
  if (auth.role === 'patient') {
    if (auth.assessmentOrderId !== order.orderId || auth.patientId !== order.patientId) throw forbidden();
    return;
  }
  if (!auth.entitlements.has(staffNeeds)) throw forbidden();
  if (!auth.acceptedPrivacyPolicy) throw privacyPolicyNotAccepted();
  if (auth.providerServiceIds !== 'all' && !auth.providerServiceIds.includes(order.providerServiceId)) {
    throw orderNotFound();
  }
}

export function checkServerTimestamp(value: string, path: string, now: Date): void {
  const server = Date.parse(value);
  if (server > now.getTime() + clockSlackMs || server < now.getTime() - serverTimestampMaxAgeMs) {
    throw fieldError(path, 'ERROR_RETRIEVING_SERVER_TIMESTAMP');
  }
}

/**
 * Spec §4: begin requires an order that is not finished, of a patient who is not deactivated; issue 18: nor
 * cancelled, and a patient's own begin needs a link that has not expired.
 */
function checkBeginnable(order: OrderForTestRow, byLink: boolean, now: Date): void {
  if (order.status === 'FINI') {
    throw refused(assessmentTestRefusalCodes.orderAlreadyCompleted, 'This test is already completed');
  }
  if (order.cancelledAt !== null) throw refused(assessmentTestRefusalCodes.orderCancelled, 'The order was cancelled');
  if (byLink && order.linkExpiresAt !== null && order.linkExpiresAt <= now) {
    throw refused(assessmentTestRefusalCodes.linkExpired, 'The link of this order has expired');
  }
  if (order.patientIsDisabled) {
    throw refused(assessmentTestRefusalCodes.patientDeactivated, 'The patient is deactivated');
  }
}

async function checkLanguage(db: Db, order: OrderForTestRow, language: string, path: string): Promise<void> {
  if (!(await providerServiceOffersLanguage(db, order.providerServiceId, language))) {
    throw fieldError(path, validationMessages.invalid);
  }
}

async function beginAttempt(
  db: Db,
  order: OrderForTestRow,
  values: Pick<
    NewAttempt,
    'supervised' | 'startedByUserId' | 'language' | 'privacyClientTimestamp' | 'privacyServerTimestamp' | 'deviceClass'
  >,
  now: Date,
): Promise<BeginTestResult> {
  const token = newToken();
  const workflowInstanceId = randomUUID();
  const testTokenExpiresAt = new Date(now.getTime() + testTokenLifetimeMinutes * 60_000);
  await insertAttempt(
    db,
    { orderId: order.orderId, workflowInstanceId, testTokenHash: hashToken(token), testTokenExpiresAt, ...values },
    now,
  );
  return { authTokenToUseForTest: token, workflowInstanceId };
}

/**
 * Issue 32: a patient's session outlives no test and ends during none. Begin keeps it until the runner's token
 * expires; once the test has ended (a callback, or "I cannot do this test"), it is back to its idle time.
 */
async function patientTestAllowance(db: Db, auth: AuthContext, until: Date): Promise<void> {
  if (auth.role === 'patient') await keepSessionUntil(db, auth.sessionId, until);
}
async function patientTestEnded(db: Db, auth: AuthContext, sessionMinutes: number, now: Date): Promise<void> {
  if (auth.role === 'patient') await endSessionTestAllowance(db, auth.sessionId, expiryFrom(now, sessionMinutes));
}

/**
 * Issue 32: "I cannot do this test" is the patient's own (their session, their order), or the staff member's who
 * began the on-site test under way; nobody else's.
 */
async function checkMayReportUnable(
  db: Db,
  auth: AuthContext,
  order: OrderForTestRow,
  attempt: { id: number } | null,
): Promise<void> {
  checkAccess(auth, order, 'beginSupervisedAssessment');
  if (auth.role === 'patient') return;
  // A tablet handed to this order's patient (issue 31): the patient says so on it, before or after Begin.
  if (auth.handover?.assessmentOrderId === order.orderId) return;
  // Staff only while their own on-site test of this order is the attempt in question.
  const starter = attempt ? await findAttemptStarter(db, attempt.id) : null;
  if (starter === null || starter !== auth.userId) throw forbidden();
}

/** The trail's entry of an order action on the test's order, in the action's transaction. */
function recordTestAction(
  db: Db,
  audit: AuditContext,
  order: OrderForTestRow,
  action: 'order.read' | 'order.begin' | 'order.complete' | 'order.unableToTake',
  outcome: 'success' | 'failure' = 'success',
): Promise<void> {
  return recordAudit(db, audit, {
    action,
    patientIds: [order.patientId],
    entity: 'order',
    entityId: order.orderId,
    outcome,
  });
}

/** The answer of every test callback: the order as it stands now. */
export async function answerOrder(db: Db, id: number): Promise<TrackedAssessmentOrder> {
  const order = await findAssessmentOrder(db, id);
  if (!order) throw orderNotFound();
  return order;
}

/** Spec §7 GET /api/profile/patients/{id}/assessmentorders/{assessmentId}: an order with what begin needs. */
export async function readOrderDetail(
  db: Db,
  audit: AuditContext,
  auth: AuthContext,
  patientId: number,
  assessmentId: number,
): Promise<AssessmentOrderDetail> {
  const facts = await findOrderForTest(db, assessmentId);
  if (facts?.patientId !== patientId) throw orderNotFound();
  checkAccess(auth, facts, 'viewAssessmentOrder');
  const order = await answerOrder(db, assessmentId);
  const services = await loadProfileProviderServices(db, [facts.providerServiceId]);
  const defaultLanguage = await findPatientDefaultLanguage(db, patientId);
  await recordTestAction(db, audit, facts, 'order.read');
  return {
    ...order,
    patientIsDisabled: facts.patientIsDisabled,
    patientDefaultLanguage: defaultLanguage ?? 'en-US',
    supportedAssessmentLanguages: services.get(facts.providerServiceId)?.supportedAssessmentLanguages ?? [],
    ...testLengthOf(facts.batteryCode),
  };
}

/**
 * The order a begin names: the caller may touch it, it may be begun (by its link or on site), and its provider
 * service offers the language (a 400 on the body's field `path` otherwise).
 */
async function orderToBegin(
  db: Db,
  auth: AuthContext,
  id: number,
  begin: { byLink: boolean; language: string; path: string },
  now: Date,
): Promise<OrderForTestRow> {
  const order = await findOrderForTest(db, id);
  if (!order) throw orderNotFound();
  checkAccess(auth, order, 'beginSupervisedAssessment');
  checkBeginnable(order, begin.byLink, now);
  await checkLanguage(db, order, begin.language, begin.path);
  return order;
}

/** The patient's own, unsupervised test: the privacy notice was accepted when they confirmed their details. */
export function beginPatientTest(
  db: Db,
  audit: AuditContext,
  auth: AuthContext,
  id: number,
  begin: { language: string; deviceClass: NewAttempt['deviceClass'] },
  now: Date,
): Promise<BeginTestResult> {
  return db.tx(async (tx) => {
    const order = await orderToBegin(tx, auth, id, { byLink: true, language: begin.language, path: 'language' }, now);
    await patientTestAllowance(tx, auth, new Date(now.getTime() + testTokenLifetimeMinutes * 60_000));
    const begun = await beginAttempt(
      tx,
      order,
      {
        supervised: false,
        startedByUserId: null,
        language: begin.language,
        privacyClientTimestamp: order.privacyClientTimestamp,
        privacyServerTimestamp: order.privacyServerTimestamp?.toISOString() ?? null,
        deviceClass: begin.deviceClass,
      },
      now,
    );
    // Last in the transaction, like every entry of a change: the chain's lock is held only until the commit.
    await recordTestAction(tx, audit, order, 'order.begin');
    return begun;
  });
}

/** An on-site test begun by staff, who accepted the privacy notice with the patient on this device. */
export function beginSupervisedTest(
  db: Db,
  audit: AuditContext,
  auth: AuthContext,
  id: number,
  begin: Pick<NewAttempt, 'language' | 'privacyClientTimestamp' | 'privacyServerTimestamp' | 'deviceClass'>,
  now: Date,
): Promise<BeginTestResult> {
  return db.tx(async (tx) => {
    const language = { byLink: false, language: begin.language, path: 'AssessmentOrderTestWillUseLanguage' };
    const order = await orderToBegin(tx, auth, id, language, now);
    const begun = await beginAttempt(tx, order, { supervised: true, startedByUserId: auth.userId, ...begin }, now);
    await recordTestAction(tx, audit, order, 'order.begin');
    return begun;
  });
}

/**
 * A callback after a test (completed, error): the patient's session is back to its idle time, the caller may touch
 * the order, then `step` records what happened, in one transaction; the answer is the order as it stands then.
 */
async function afterTest(
  db: Db,
  audit: { context: AuditContext; outcome: 'success' | 'failure' },
  auth: AuthContext,
  id: number,
  sessionMinutes: number,
  now: Date,
  step: (tx: Db, order: OrderForTestRow) => Promise<void>,
): Promise<TrackedAssessmentOrder> {
  await db.tx(async (tx) => {
    await patientTestEnded(tx, auth, sessionMinutes, now);
    const order = await findOrderForTest(tx, id);
    if (!order) throw orderNotFound();
    checkAccess(auth, order, 'beginSupervisedAssessment');
    await step(tx, order);
    await recordTestAction(tx, audit.context, order, 'order.complete', audit.outcome);
  });
  return answerOrder(db, id);
}

/**
 * Spec §4 completion callback. The runner records the results with its token (and finishes the order then);
 * the callback confirms it, and finishes the order if that has not happened yet. Without a completed attempt
 * there is nothing to confirm: a reason, not a finished order without results.
 */
export function confirmTestCompleted(
  db: Db,
  audit: AuditContext,
  auth: AuthContext,
  id: number,
  { workflowInstanceId }: z.output<typeof testCompletedRequestSchema>,
  sessionMinutes: number,
  now: Date,
): Promise<TrackedAssessmentOrder> {
  return afterTest(db, { context: audit, outcome: 'success' }, auth, id, sessionMinutes, now, async (tx, order) => {
    if (order.status === 'FINI') return;
    const attempt = await findOrderAttempt(tx, id, workflowInstanceId);
    if (attempt?.outcome !== 'COMPLETED' || !attempt.finishedAt) {
      throw refused(assessmentTestRefusalCodes.testNotCompleted, 'The runner has not recorded a completed test');
    }
    await markOrderFinished(tx, id, attempt.finishedAt);
  });
}

/** Spec §4 error callback: the order stays open and keeps the code; the attempt ends if the runner did not. */
export function recordTestError(
  db: Db,
  audit: AuditContext,
  auth: AuthContext,
  id: number,
  report: z.output<typeof testErrorRequestSchema>,
  sessionMinutes: number,
  now: Date,
): Promise<TrackedAssessmentOrder> {
  // The test ended without a result: recorded as a completion that failed.
  return afterTest(db, { context: audit, outcome: 'failure' }, auth, id, sessionMinutes, now, async (tx) => {
    const attempt = await findOrderAttempt(tx, id, report.workflowInstanceId);
    if (attempt?.outcome === null) await recordAttemptError(tx, attempt.id, report.errorCode, now);
    await markOrderError(tx, id, report.errorCode, now);
  });
}

/**
 * Issue 32: "I cannot do this test". The attempt under way ends without a result (the runner's token is spent,
 * so it can never be recorded as completed), the order stays open and needs the clinic's attention, and the
 * reason is kept for the clinic.
 */
export async function reportUnableToTake(
  db: Db,
  audit: AuditContext,
  auth: AuthContext,
  id: number,
  body: z.output<typeof unableToTakeRequestSchema>,
  sessionMinutes: number,
  now: Date,
): Promise<TrackedAssessmentOrder> {
  await db.tx(async (tx) => {
    const order = await findOrderForTest(tx, id);
    if (!order) throw orderNotFound();
    checkAccess(auth, order, 'beginSupervisedAssessment');
    const attempt = await findOrderAttempt(tx, id, body.workflowInstanceId);
    if (body.workflowInstanceId !== undefined && !attempt) {
      throw fieldError('workflowInstanceId', validationMessages.invalid);
    }
    await checkMayReportUnable(tx, auth, order, attempt);
    if (order.status === 'FINI') {
      throw refused(assessmentTestRefusalCodes.orderAlreadyCompleted, 'This test is already completed');
    }
    if (order.cancelledAt !== null) {
      throw refused(assessmentTestRefusalCodes.orderCancelled, 'The order was cancelled');
    }
    await recordUnableToTake(
      tx,
      {
        orderId: id,
        attempt,
        reason: body.reason,
        details: body.details,
        reportedByUserId: auth.role === 'patient' ? null : auth.userId,
        errorCode: unableToTakeErrorCode,
      },
      now,
    );
    await patientTestEnded(tx, auth, sessionMinutes, now);
    await recordTestAction(tx, audit, order, 'order.unableToTake');
  });
  return answerOrder(db, id);
}
