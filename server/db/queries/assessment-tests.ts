import type { DeviceClass, OrderStatusId, TestRecord, UnableToTakeReason } from '#common/contract';
import type { Db } from '../db';
import { appendOrderEvent, linkExpiresAt } from './order-events';
import { queryOne } from './query-one';

// Over 300 lines: every statement of taking a test (patient login, attempts, results, report tokens) in one place,
// so the order of a test's life can be followed from top to bottom.

/** Whether an order's link still opens anything (issue 18): its cancellation and its link's end. */
export interface OrderLinkState {
  cancelledAt: Date | null;
  linkExpiresAt: Date | null;
}

/** An order as taking its test reads it: with its patient and whether its link still opens anything. */
interface LockedOrderRow extends OrderLinkState {
  orderId: number;
  status: OrderStatusId;
  patientId: number;
}

/**
 * One order (`o`) with its patient (`p`) and provider service (`ps`), locked for the rest of the transaction: the
 * LockedOrderRow columns, then `columns`, of the order `where` picks.
 */
async function findLockedOrder<Row extends LockedOrderRow>(
  db: Db,
  columns: string,
  where: string,
  params: readonly unknown[],
): Promise<Row | null> {
  return queryOne<Row>(
    db,
    `SELECT o.id AS "orderId", o.status, p.id AS "patientId", ${columns},
            o.cancelled_at AS "cancelledAt", ${linkExpiresAt} AS "linkExpiresAt"
     FROM assessment_orders o
     JOIN patients p ON p.id = o.patient_id
     JOIN provider_services ps ON ps.id = o.provider_service_id
     WHERE ${where}
     FOR UPDATE OF o`,
    params,
  );
}

/** The order a link's token (its hash, $1) opens: the emailed one (on the order) or another working one. */
const byLinkToken = `o.patient_login_token_hash = $1
     OR o.id = (SELECT l.assessment_order_id FROM order_links l WHERE l.token_hash = $1 AND l.revoked_at IS NULL)`;

/** What the patient login compares and decides on, found by the hash of the link's token. */
export interface PatientLoginOrderRow extends LockedOrderRow {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  failedCount: number;
  lockedUntil: Date | null;
  /** Issue 35: how often the link locked since it was last sent or the patient last got in. */
  lockCount: number;
  /** Issue 35: locked too often; only a resent link opens the order again. */
  lockedUntilResent: boolean;
}

/**
 * The order of a patient link: the emailed one (on the order) or another working one (a reminder's, a QR code's).
 * Locked for the rest of the transaction.
 */
export function findOrderByPatientLoginToken(db: Db, tokenHash: string): Promise<PatientLoginOrderRow | null> {
  return findLockedOrder<PatientLoginOrderRow>(
    db,
    `p.first_name AS "firstName", p.last_name AS "lastName", p.date_of_birth AS "dateOfBirth",
     o.failed_patient_login_count AS "failedCount", o.patient_login_locked_until AS "lockedUntil",
     o.patient_login_lock_count AS "lockCount", o.patient_login_locked_until_resent AS "lockedUntilResent"`,
    byLinkToken,
    [tokenHash],
  );
}

/** The patient link's order as its page greets the patient: the clinic that sent it, the language to greet in. */
export interface PatientLinkOrderRow extends LockedOrderRow {
  providerName: string;
  serviceName: string;
  /** The patient's default language, else the language the order's test last started in. */
  language: string | null;
  /** Locked until staff resend the link (issue 35 F14). */
  lockedUntilResent: boolean;
}

/** The order of a patient link, as its page asks for it before anything is typed (issue 32); never the patient's details. */
export function findPatientLinkOrder(db: Db, tokenHash: string): Promise<PatientLinkOrderRow | null> {
  return findLockedOrder<PatientLinkOrderRow>(
    db,
    `(SELECT pr.name FROM providers pr WHERE pr.id = ps.provider_id) AS "providerName",
     (SELECT sv.name FROM services sv WHERE sv.id = ps.service_id) AS "serviceName",
     COALESCE(p.default_language, o.last_started_language) AS "language",
     o.patient_login_locked_until_resent AS "lockedUntilResent"`,
    byLinkToken,
    [tokenHash],
  );
}

/** How often a link may lock before it stays locked until staff resend it (issue 35). */
export interface PatientLoginLimits {
  maxFailures: number;
  lockUntil: Date;
  maxLocks: number;
}

/**
 * Counts a mismatch. A lock that has run out starts the count again; reaching the maximum locks the link until
 * `lockUntil`, and the `maxLocks`th lock keeps it locked until the link is resent. Answers whether the link is now
 * locked.
 */
export async function recordFailedPatientLogin(
  db: Db,
  orderId: number,
  now: Date,
  { maxFailures, lockUntil, maxLocks }: PatientLoginLimits,
): Promise<{ locked: boolean; failedCount: number }> {
  const rows = await db.query<{ failedCount: number; lockedUntil: Date | null }>(
    `UPDATE assessment_orders SET
       failed_patient_login_count = CASE
         WHEN patient_login_locked_until IS NOT NULL AND patient_login_locked_until <= $2 THEN 1
         ELSE failed_patient_login_count + 1 END,
       patient_login_locked_until = CASE
         WHEN (CASE WHEN patient_login_locked_until IS NOT NULL AND patient_login_locked_until <= $2 THEN 1
                    ELSE failed_patient_login_count + 1 END) >= $3 THEN $4::timestamptz
         WHEN patient_login_locked_until IS NOT NULL AND patient_login_locked_until <= $2 THEN NULL
         ELSE patient_login_locked_until END,
       updated_at = $2
     WHERE id = $1
     RETURNING failed_patient_login_count AS "failedCount", patient_login_locked_until AS "lockedUntil"`,
    [orderId, now.toISOString(), maxFailures, lockUntil.toISOString()],
  );
  const lockedUntil = rows[0]?.lockedUntil ?? null;
  const failedCount = rows[0]?.failedCount ?? 0;
  const locked = lockedUntil !== null && lockedUntil > now;
  await appendOrderEvent(db, {
    orderId,
    kind: 'IDENTITY_REFUSED',
    at: now,
    detail: { attempt: failedCount, of: maxFailures },
  });
  if (!locked) return { locked, failedCount };
  await db.query(
    `UPDATE assessment_orders SET patient_login_lock_count = patient_login_lock_count + 1,
       patient_login_locked_until_resent = patient_login_lock_count + 1 >= $2
     WHERE id = $1`,
    [orderId, maxLocks],
  );
  await appendOrderEvent(db, { orderId, kind: 'LOCKED', at: now });
  return { locked, failedCount };
}

/** The patient opened the order's link: recorded unless it was already, less than `everyMinutes` ago. */
export async function recordLinkOpened(db: Db, orderId: number, now: Date, everyMinutes: number): Promise<void> {
  await db.query(
    `INSERT INTO order_events (assessment_order_id, kind, at)
     SELECT $1, 'LINK_OPENED', $2
     WHERE NOT EXISTS (SELECT 1 FROM order_events
                       WHERE assessment_order_id = $1 AND kind = 'LINK_OPENED'
                         AND at > $2::timestamptz - make_interval(mins => $3))`,
    [orderId, now.toISOString(), everyMinutes],
  );
}

/** The details matched: the count starts again and the acceptance of the privacy notice is kept. */
export async function recordSuccessfulPatientLogin(
  db: Db,
  orderId: number,
  acceptance: { clientTimestamp: string; serverTimestamp: string },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE assessment_orders SET failed_patient_login_count = 0, patient_login_locked_until = NULL,
       patient_login_lock_count = 0, patient_privacy_client_timestamp = $2, patient_privacy_server_timestamp = $3, updated_at = $4
     WHERE id = $1`,
    [orderId, acceptance.clientTimestamp, acceptance.serverTimestamp, now.toISOString()],
  );
  await appendOrderEvent(db, { orderId, kind: 'IDENTITY_CONFIRMED', at: now });
}

/** The facts a begin or a callback checks, locked for the rest of the transaction. */
export interface OrderForTestRow extends LockedOrderRow {
  patientIsDisabled: boolean;
  patientFirstName: string;
  patientLastName: string;
  providerServiceId: number;
  batteryCode: string;
  privacyClientTimestamp: string | null;
  privacyServerTimestamp: Date | null;
}

export function findOrderForTest(db: Db, orderId: number): Promise<OrderForTestRow | null> {
  return findLockedOrder<OrderForTestRow>(
    db,
    `p.is_disabled AS "patientIsDisabled", p.first_name AS "patientFirstName", p.last_name AS "patientLastName",
     o.provider_service_id AS "providerServiceId", o.battery_code AS "batteryCode",
     o.patient_privacy_client_timestamp AS "privacyClientTimestamp",
     o.patient_privacy_server_timestamp AS "privacyServerTimestamp"`,
    'o.id = $1',
    [orderId],
  );
}

export async function providerServiceOffersLanguage(db: Db, providerServiceId: number, language: string) {
  const rows = await db.query<{ found: number }>(
    'SELECT 1 AS found FROM provider_service_languages WHERE provider_service_id = $1 AND locality_id = $2',
    [providerServiceId, language],
  );
  return rows.length > 0;
}

export interface NewAttempt {
  orderId: number;
  workflowInstanceId: string;
  testTokenHash: string;
  testTokenExpiresAt: Date;
  supervised: boolean;
  startedByUserId: number | null;
  language: string;
  privacyClientTimestamp: string | null;
  privacyServerTimestamp: string | null;
  /** The class of device the test was begun on (from its browser), for the order's timeline. */
  deviceClass: DeviceClass;
}

/**
 * A new attempt ends the runner tokens of the order's earlier ones (only the newest runner may record), and the
 * order remembers the language it was last started in (spec §3 assessmentOrderLastStartedUsingLanguage).
 */
export async function insertAttempt(db: Db, attempt: NewAttempt, now: Date): Promise<void> {
  await db.query(
    `UPDATE assessment_attempts SET test_token_expires_at = $2
     WHERE assessment_order_id = $1 AND test_token_expires_at > $2`,
    [attempt.orderId, now.toISOString()],
  );
  await db.query(
    `INSERT INTO assessment_attempts (assessment_order_id, workflow_instance_id, test_token_hash,
       test_token_expires_at, supervised, started_by_user_id, language, privacy_client_timestamp,
       privacy_server_timestamp, started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      attempt.orderId,
      attempt.workflowInstanceId,
      attempt.testTokenHash,
      attempt.testTokenExpiresAt.toISOString(),
      attempt.supervised,
      attempt.startedByUserId,
      attempt.language,
      attempt.privacyClientTimestamp,
      attempt.privacyServerTimestamp,
      now.toISOString(),
    ],
  );
  await db.query('UPDATE assessment_orders SET last_started_language = $2, updated_at = $3 WHERE id = $1', [
    attempt.orderId,
    attempt.language,
    now.toISOString(),
  ]);
  await appendOrderEvent(db, {
    orderId: attempt.orderId,
    kind: 'TEST_STARTED',
    at: now,
    actorUserId: attempt.startedByUserId,
    detail: { language: attempt.language, deviceClass: attempt.deviceClass },
  });
}

export interface AttemptRow {
  id: number;
  orderId: number;
  patientId: number;
  workflowInstanceId: string;
  testTokenExpiresAt: Date;
  language: string;
  batteryCode: string;
  outcome: 'COMPLETED' | 'ERROR' | null;
  errorCode: string | null;
  finishedAt: Date | null;
}

const attemptSelect = `
  SELECT a.id, a.assessment_order_id AS "orderId", o.patient_id AS "patientId", a.workflow_instance_id AS "workflowInstanceId",
         a.test_token_expires_at AS "testTokenExpiresAt", a.language, o.battery_code AS "batteryCode",
         a.outcome, a.error_code AS "errorCode", a.finished_at AS "finishedAt"
  FROM assessment_attempts a JOIN assessment_orders o ON o.id = a.assessment_order_id`;

/** The attempt the runner's token belongs to, whatever its state (the token's expiry is checked by the caller). */
export async function findAttemptByTestToken(
  db: Db,
  workflowInstanceId: string,
  testTokenHash: string,
): Promise<AttemptRow | null> {
  return queryOne<AttemptRow>(
    db,
    `${attemptSelect} WHERE a.workflow_instance_id = $1 AND a.test_token_hash = $2 FOR UPDATE OF a`,
    [workflowInstanceId, testTokenHash],
  );
}

/** An order's attempt by its workflow instance id, or its latest one. */
export async function findOrderAttempt(
  db: Db,
  orderId: number,
  workflowInstanceId: string | undefined,
): Promise<AttemptRow | null> {
  const rows = workflowInstanceId
    ? await db.query<AttemptRow>(
        `${attemptSelect} WHERE a.assessment_order_id = $1 AND a.workflow_instance_id = $2 FOR UPDATE OF a`,
        [orderId, workflowInstanceId],
      )
    : await db.query<AttemptRow>(
        `${attemptSelect} WHERE a.assessment_order_id = $1 ORDER BY a.started_at DESC, a.id DESC LIMIT 1
         FOR UPDATE OF a`,
        [orderId],
      );
  return rows[0] ?? null;
}

/** Who began an attempt: the staff member of an on-site test, null for the patient's own. */
export async function findAttemptStarter(db: Db, attemptId: number): Promise<number | null> {
  const rows = await db.query<{ startedByUserId: number | null }>(
    `SELECT started_by_user_id AS "startedByUserId" FROM assessment_attempts WHERE id = $1 AND supervised`,
    [attemptId],
  );
  return rows[0]?.startedByUserId ?? null;
}

/** The runner finished the test: its trial-by-trial record kept, token spent. */
export async function recordAttemptCompleted(db: Db, attemptId: number, results: TestRecord, now: Date): Promise<void> {
  await db.query(
    `UPDATE assessment_attempts SET outcome = 'COMPLETED', results = $2::jsonb, finished_at = $3,
       test_token_expires_at = LEAST(test_token_expires_at, $3::timestamptz)
     WHERE id = $1 AND outcome IS NULL`,
    [attemptId, JSON.stringify(results), now.toISOString()],
  );
}

/** The test ended in an error: the attempt keeps the code and its token is spent; the order's log says so, once. */
export async function recordAttemptError(db: Db, attemptId: number, errorCode: string, now: Date): Promise<void> {
  await db.query(
    `WITH ended AS (
       UPDATE assessment_attempts SET outcome = 'ERROR', error_code = $2, finished_at = $3,
         test_token_expires_at = LEAST(test_token_expires_at, $3::timestamptz)
       WHERE id = $1 AND outcome IS NULL
       RETURNING assessment_order_id)
     INSERT INTO order_events (assessment_order_id, kind, at, detail)
     SELECT assessment_order_id, 'RUNNER_ERROR', $3, jsonb_build_object('errorCode', $2::text) FROM ended`,
    [attemptId, errorCode, now.toISOString()],
  );
}

/** Spec §4: SCHD to FINI, once; a finished order keeps its first completion time, and its log says so once. */
export async function markOrderFinished(db: Db, orderId: number, completedAt: Date): Promise<void> {
  await db.query(
    `WITH finished AS (
       UPDATE assessment_orders SET status = 'FINI', completed_date_time = $2, last_error_code = NULL, updated_at = $2
       WHERE id = $1 AND status = 'SCHD'
       RETURNING id)
     INSERT INTO order_events (assessment_order_id, kind, at) SELECT id, 'COMPLETED', $2 FROM finished`,
    [orderId, completedAt.toISOString()],
  );
}

/** Spec §4 error callback: the order stays open (it can be begun again) and remembers the code. */
export async function markOrderError(db: Db, orderId: number, errorCode: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE assessment_orders SET last_error_code = $2, updated_at = $3 WHERE id = $1 AND status = 'SCHD'`,
    [orderId, errorCode, now.toISOString()],
  );
}

/**
 * Issue 32: the person cannot take the test. The attempt under way (if any) ends without a result and its runner
 * token is spent, so the runner can no longer record it as completed; the order stays open and keeps `errorCode`,
 * which the clinic's follow-up shows as needing attention; the person's reason is kept for the clinic.
 */
export async function recordUnableToTake(
  db: Db,
  values: {
    orderId: number;
    attempt: Pick<AttemptRow, 'id' | 'outcome'> | null;
    reason: UnableToTakeReason;
    details: string;
    reportedByUserId: number | null;
    errorCode: string;
  },
  now: Date,
): Promise<void> {
  const attemptId = values.attempt?.outcome === null ? values.attempt.id : null;
  if (attemptId !== null) {
    await db.query(
      `UPDATE assessment_attempts SET outcome = 'ERROR', error_code = $2, finished_at = $3,
         test_token_expires_at = LEAST(test_token_expires_at, $3::timestamptz)
       WHERE id = $1 AND outcome IS NULL`,
      [attemptId, values.errorCode, now.toISOString()],
    );
  }
  await db.query(
    `INSERT INTO unable_to_take_reports (assessment_order_id, attempt_id, reason, details, reported_by_user_id,
       reported_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [values.orderId, attemptId, values.reason, values.details, values.reportedByUserId, now.toISOString()],
  );
  // The order's timeline tells the clinic, in the person's own words when they gave some.
  await db.query(
    `INSERT INTO order_events (assessment_order_id, kind, at, actor_user_id, detail)
     VALUES ($1, 'UNABLE_TO_TAKE', $2, $3, jsonb_build_object('reason', $4::text, 'details', $5::text))`,
    [values.orderId, now.toISOString(), values.reportedByUserId, values.reason, values.details],
  );
  await markOrderError(db, values.orderId, values.errorCode, now);
}

/**
 * Issue 32: a patient's session lasts while their test is under way (the runner's token lives that long), so that
 * the person who finishes after a long pause comes back to their own page, not to "Confirm your details".
 */
export async function keepSessionUntil(db: Db, sessionId: number, until: Date): Promise<void> {
  await db.query(
    `UPDATE sessions SET expires_at = GREATEST(expires_at, LEAST($2::timestamptz, ends_at))
     WHERE id = $1 AND revoked_at IS NULL`,
    [sessionId, until.toISOString()],
  );
}

/** Once the test has ended, the session is back to its ordinary idle time from now. */
export async function endSessionTestAllowance(db: Db, sessionId: number, idleExpiry: Date): Promise<void> {
  await db.query(`UPDATE sessions SET expires_at = LEAST(expires_at, $2::timestamptz) WHERE id = $1`, [
    sessionId,
    idleExpiry.toISOString(),
  ]);
}

export async function insertReportToken(
  db: Db,
  values: { tokenHash: string; patientId: number; userId: number; sessionId: number; expiresAt: Date },
  now: Date,
): Promise<void> {
  // Housekeeping first: report tokens live minutes, nothing is worth keeping once they are past.
  await db.query('DELETE FROM report_tokens WHERE expires_at < $1', [now.toISOString()]);
  await db.query(
    `INSERT INTO report_tokens (token_hash, patient_id, user_id, session_id, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [values.tokenHash, values.patientId, values.userId, values.sessionId, values.expiresAt.toISOString()],
  );
}

/**
 * The patient a live report token opens (null when unknown or expired), only while the session that asked for it
 * lasts and its user is active: signing out or deactivating the account ends the token too.
 */
export async function findReportTokenHolder(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ patientId: number; userId: number } | null> {
  const rows = await db.query<{ patientId: number; userId: number }>(
    `SELECT rt.patient_id AS "patientId", rt.user_id AS "userId"
     FROM report_tokens rt
     JOIN sessions s ON s.id = rt.session_id
     JOIN users u ON u.id = rt.user_id
     WHERE rt.token_hash = $1 AND rt.expires_at > $2
       AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.ends_at > $2 AND NOT u.is_disabled`,
    [tokenHash, now.toISOString()],
  );
  return rows[0] ?? null;
}

/** A refreshed session replaces its token; the report tokens it gave out follow it to the new one. */
export async function moveReportTokens(db: Db, fromSessionId: number, toSessionId: number): Promise<void> {
  await db.query('UPDATE report_tokens SET session_id = $2 WHERE session_id = $1', [fromSessionId, toSessionId]);
}

export interface FinishedAssessmentRow {
  orderId: number;
  orderType: string;
  batteryCode: string;
  batteryName: string;
  completedDateTime: Date;
  language: string | null;
  results: unknown;
}

/** A patient's finished assessments, oldest first, each with the results of its completed attempt (if any). */
export async function listFinishedAssessments(db: Db, patientId: number): Promise<FinishedAssessmentRow[]> {
  return db.query<FinishedAssessmentRow>(
    `SELECT o.id AS "orderId", o.order_type AS "orderType", o.battery_code AS "batteryCode",
            b.name AS "batteryName", o.completed_date_time AS "completedDateTime",
            o.last_started_language AS language,
            (SELECT a.results FROM assessment_attempts a
             WHERE a.assessment_order_id = o.id AND a.outcome = 'COMPLETED'
             ORDER BY a.finished_at DESC LIMIT 1) AS results
     FROM assessment_orders o JOIN batteries b ON b.code = o.battery_code
     WHERE o.patient_id = $1 AND o.status = 'FINI'
     ORDER BY o.completed_date_time, o.id`,
    [patientId],
  );
}

export interface PatientSummaryRow {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export async function findPatientSummary(db: Db, patientId: number): Promise<PatientSummaryRow | null> {
  return queryOne<PatientSummaryRow>(
    db,
    `SELECT id, first_name AS "firstName", last_name AS "lastName", date_of_birth AS "dateOfBirth"
     FROM patients WHERE id = $1`,
    [patientId],
  );
}
