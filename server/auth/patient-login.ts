import type { z } from 'zod/mini';
import {
  patientLoginAnswer,
  type OrderStatusId,
  type PatientLinkAnswer,
  type PatientLoginResult,
  type patientLoginRequestSchema,
} from '#common/contract';
import type { InterfaceLanguage } from '#common/languages';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db } from '../db/db';
import {
  findOrderByPatientLoginToken,
  findPatientLinkOrder,
  recordFailedPatientLogin,
  recordLinkOpened,
  recordSuccessfulPatientLogin,
  type OrderLinkState,
  type PatientLoginOrderRow,
} from '../db/queries/assessment-tests';
import { hashToken } from '../db/tokens';
import { validationFailed } from '../http/errors';
import { serverText } from '../http/messages';
import { patientSessionAuthResult } from './auth-result';
import { sessionEndFrom, startSession } from './session-service';

/**
 * Spec §4 Patient login outcomes: `maxFailures` mismatches lock the link (templock) for `minutes`; issue 35: the
 * lock that makes `maxLocks` keeps the link locked until staff resend it (no endless few guesses an hour).
 */
export const patientLinkLock = { maxFailures: 3, minutes: 15, maxLocks: 2 } as const;

/** The server time the privacy acceptance names must be one this server gave out recently (spec §5). */
const serverTimestampMaxAgeMs = 12 * 3_600_000;
const clockSlackMs = 5 * 60_000;
/** A birthday is a local date: "today" may already be tomorrow somewhere, but no later. */
const latestTimeZoneOffsetMs = 14 * 3_600_000;

/** Names are compared as people type them: case, accents' composition and extra spaces do not matter. */
export function sameName(typed: string, stored: string): boolean {
  const normal = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
  return normal(typed) === normal(stored);
}

/**
 * Too many mismatches: the link is locked for a while, or (issue 35 F14) until staff send it again, which the
 * patient is told with linkEnded 'locked' (their page then says to ask the clinic for a new link, not to wait).
 */
const lockedAnswer = (untilResent: boolean): PatientLoginResult =>
  patientLoginAnswer({ orderLockedFailedAuthAttemptsExceeded: true, linkEnded: untilResent ? 'locked' : null });

/**
 * The patient reads this on the login page, so it is in the language the page asks for (its interface language).
 * When the next lock is the one that lasts until the link is resent, it says so instead of naming minutes.
 */
function mismatch(
  attempts: { left: number; lastLock: boolean } | null,
  language: InterfaceLanguage,
): PatientLoginResult {
  const message = [serverText(language, 'TEXT_PATIENT_DETAILS_DO_NOT_MATCH')];
  if (attempts !== null) {
    message.push(
      attempts.lastLock
        ? serverText(language, 'TEXT_PATIENT_ATTEMPTS_LEFT_BEFORE_RESEND', { count: attempts.left })
        : serverText(language, 'TEXT_PATIENT_ATTEMPTS_LEFT', {
            count: attempts.left,
            minutes: patientLinkLock.minutes,
          }),
    );
  }
  return patientLoginAnswer({
    messageTitle: serverText(language, 'assessments:login.mismatchTitle'),
    failedMessage: message.join(' '),
  });
}

function checkTimestamps(serverTimestamp: string, now: Date): void {
  const server = Date.parse(serverTimestamp);
  if (server > now.getTime() + clockSlackMs || server < now.getTime() - serverTimestampMaxAgeMs) {
    throw validationFailed([
      { path: 'acceptPrivacyPolicyServerTimestamp', message: 'ERROR_RETRIEVING_SERVER_TIMESTAMP' },
    ]);
  }
}

function detailsMatch(order: PatientLoginOrderRow, body: { firstName: string; lastName: string; dateOfBirth: string }) {
  return (
    sameName(body.firstName, order.firstName) &&
    sameName(body.lastName, order.lastName) &&
    body.dateOfBirth === order.dateOfBirth
  );
}

/** Issue 18: a cancelled order's link, or an expired one of an order not yet finished, no longer opens anything. */
function linkEnded(order: OrderLinkState & { status: OrderStatusId }, now: Date): 'expired' | 'cancelled' | null {
  if (order.status === 'FINI') return null;
  if (order.cancelledAt !== null) return 'cancelled';
  if (order.linkExpiresAt !== null && order.linkExpiresAt <= now) return 'expired';
  return null;
}

/** An open counts once per this many minutes, so reloading the page does not fill the order's timeline. */
const linkOpenedEveryMinutes = 10;

/** Input the schema cannot judge alone: a recent server time, and a birthday that is not in the future. */
export function checkPatientLoginInput(body: z.output<typeof patientLoginRequestSchema>, now: Date): void {
  checkTimestamps(body.acceptPrivacyPolicyServerTimestamp, now);
  const latestToday = new Date(now.getTime() + latestTimeZoneOffsetMs).toISOString().slice(0, 10);
  if (body.dateOfBirth > latestToday) {
    throw validationFailed([{ path: 'dateOfBirth', message: 'VALID_FIELD_SHOULD_BE_VALID_DATE' }]);
  }
}

/** How long a patient's session lasts: its idle minutes and its absolute end. */
export interface PatientSessionLimits {
  sessionMinutes: number;
  sessionMaxHours: number;
}

/**
 * Spec §4 Patient login: the link's token plus the patient's own details open a session on that one order; a
 * mismatch counts towards the link's lock.
 */
export function signInPatient(
  db: Db,
  audit: AuditContext,
  body: z.output<typeof patientLoginRequestSchema>,
  language: InterfaceLanguage,
  { sessionMinutes, sessionMaxHours }: PatientSessionLimits,
  now: Date,
): Promise<PatientLoginResult> {
  return db.tx(async (tx) => {
    const order = await findOrderByPatientLoginToken(tx, hashToken(body.patientLoginToken));
    // An unknown link reads like a mismatch, so a guessed token learns nothing; there is nothing to lock.
    if (!order) {
      await recordAudit(tx, audit, { action: 'patientLink.identityFailed', outcome: 'failure' });
      return mismatch(null, language);
    }
    const concerned = { patientIds: [order.patientId], entity: 'order', entityId: order.orderId } as const;
    const ended = linkEnded(order, now);
    if (ended) return patientLoginAnswer({ linkEnded: ended });
    // While locked even the right details are refused, otherwise the lock would not slow guessing.
    if (order.lockedUntilResent || (order.lockedUntil && order.lockedUntil > now)) {
      await recordAudit(tx, audit, { ...concerned, action: 'patientLink.identityFailed', outcome: 'refused' });
      return lockedAnswer(order.lockedUntilResent);
    }
    if (!detailsMatch(order, body)) {
      const lockUntil = new Date(now.getTime() + patientLinkLock.minutes * 60_000);
      const outcome = await recordFailedPatientLogin(tx, order.orderId, now, {
        maxFailures: patientLinkLock.maxFailures,
        lockUntil,
        maxLocks: patientLinkLock.maxLocks,
      });
      await recordAudit(tx, audit, { ...concerned, action: 'patientLink.identityFailed', outcome: 'failure' });
      if (outcome.locked) {
        await recordAudit(tx, audit, { ...concerned, action: 'patientLink.locked', outcome: 'refused' });
        return lockedAnswer(order.lockCount + 1 >= patientLinkLock.maxLocks);
      }
      const left = Math.max(0, patientLinkLock.maxFailures - outcome.failedCount);
      return mismatch({ left, lastLock: order.lockCount + 1 >= patientLinkLock.maxLocks }, language);
    }
    // Only the patient learns that the order is finished: the details are checked first.
    if (order.status === 'FINI') {
      return patientLoginAnswer({ assessmentOrderStatusId: 'FINI', patientAssessmentId: order.orderId });
    }
    await recordSuccessfulPatientLogin(
      tx,
      order.orderId,
      {
        clientTimestamp: body.acceptPrivacyPolicyClientBrowserTimestamp,
        serverTimestamp: body.acceptPrivacyPolicyServerTimestamp,
      },
      now,
    );
    const session = await startSession(
      tx,
      { patientId: order.patientId, assessmentOrderId: order.orderId },
      sessionMinutes,
      now,
      sessionEndFrom(now, sessionMaxHours),
    );
    await recordAudit(tx, audit, {
      ...concerned,
      action: 'patientLink.identityChecked',
      actor: {
        userId: null,
        role: 'patient',
        providerServiceId: null,
        patientSessionOrderId: order.orderId,
        patientId: order.patientId,
      },
    });
    return patientLoginAnswer({
      success: true,
      assessmentOrderStatusId: order.status,
      patientAssessmentId: order.orderId,
      patientId: order.patientId,
      auth: patientSessionAuthResult(
        { id: order.patientId, firstName: order.firstName, lastName: order.lastName },
        order.orderId,
        session,
      ),
    });
  });
}

/** Issue 18, 32: whether a link still works, which clinic sent it and in which language (login/patient/link). */
export function openPatientLink(db: Db, patientLoginToken: string, now: Date): Promise<PatientLinkAnswer> {
  return db.tx(async (tx) => {
    const order = await findPatientLinkOrder(tx, hashToken(patientLoginToken));
    if (!order) return { state: 'open' as const, clinic: null, language: null };
    const clinic = { provider: order.providerName, service: order.serviceName };
    const state =
      linkEnded(order, now) ??
      (order.status === 'FINI' ? 'finished' : order.lockedUntilResent ? ('locked' as const) : 'open');
    if (state === 'open') await recordLinkOpened(tx, order.orderId, now, linkOpenedEveryMinutes);
    return { state, clinic, language: order.language };
  });
}
