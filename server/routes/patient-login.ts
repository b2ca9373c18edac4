import type { FastifyPluginCallback } from 'fastify';
import {
  patientLinkRequestSchema,
  patientLoginRequestSchema,
  type PatientLinkAnswer,
  type PatientLoginResult,
} from '#common/contract';
import { checkPatientLoginInput, openPatientLink, signInPatient } from '../auth/patient-login';
import { auditContextOf } from '../audit/audit';
import { requestLanguage } from '../http/messages';
import { parseBody } from '../http/validation';
import type { RouteDeps } from '../http/route-deps';

export { patientLinkLock, sameName } from '../auth/patient-login';

/** POST /api/{product}/login/patient (spec §7): the link's token plus the patient's own details. */
export const patientLoginRoutes: FastifyPluginCallback<RouteDeps> = (
  app,
  { db, sessionMinutes, sessionMaxHours },
  done,
) => {
  app.post('/login/patient', async (request): Promise<PatientLoginResult> => {
    const body = parseBody(patientLoginRequestSchema, request);
    const language = requestLanguage(request);
    const now = new Date();
    checkPatientLoginInput(body, now);
    return signInPatient(db, auditContextOf(request), body, language, { sessionMinutes, sessionMaxHours }, now);
  });
  /**
   * Issue 18: the link page asks as it opens whether its link still works, and the order's timeline records that
   * the patient opened it. Issue 32: it also learns which clinic sent the link and the patient's language, so the
   * page greets the patient by the clinic's name, in their language, and an ended or finished link says so before
   * anything is typed. Nothing about the patient is told. An unknown link answers like a working one without a
   * clinic, so a guessed token learns nothing.
   */
  app.post('/login/patient/link', async (request): Promise<PatientLinkAnswer> => {
    const { patientLoginToken } = parseBody(patientLinkRequestSchema, request);
    const now = new Date();
    return openPatientLink(db, patientLoginToken, now);
  });
  done();
};
