import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  accountStateRequestSchema,
  resendSetupLinkRequestSchema,
  sendResetPasswordLinkRequestSchema,
  type AccountActionResult,
  type Entitlement,
  type ProfileType,
  type StaffProfileType,
} from '#common/contract';
import { mapLoginRole } from '#common/contract';
import { auditContextOf, type AuditContext } from '../audit/audit';
import type { AuthContext } from '../auth/session-service';
import { forbidden, notFound, translatedError } from '../http/errors';
import { entitledRoute } from '../http/entitled-route';
import { parseBody } from '../http/validation';
import { recipientOf, sendAccountLink, type LinkRecipient } from '../profiles/account-emails';
import { findStaff, findUserByEmail, setProfileDisabled } from '../profiles/account-state';
import { callerOf, profileScope } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

const deactivateEntitlement: Readonly<Record<ProfileType, Entitlement>> = {
  patient: 'deActivatePatient',
  clinician: 'deActivateClinician',
  technician: 'deActivateTechnician',
};
const reactivateEntitlement: Readonly<Record<ProfileType, Entitlement>> = {
  patient: 'reActivatePatient',
  clinician: 'reActivateClinician',
  technician: 'reActivateTechnician',
};
const resendEntitlement: Readonly<Record<StaffProfileType, Entitlement>> = {
  clinician: 'reSendClinicianSetupAccountLink',
  technician: 'reSendTechnicianSetupAccountLink',
};

const ok: AccountActionResult = { success: true };

/** Spec §7 account administration: deactivate, reactivate, resend the setup link, send a reset link. */
export const accountAdminRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, product, publicOrigin }, done) => {
  // Setup and reset links go out the same way: to this site's address, recorded as sent by the caller.
  const sendLink = async (
    audit: AuditContext,
    purpose: 'SETUP' | 'RESET',
    recipient: LinkRecipient,
    sender: AuthContext,
  ): Promise<AccountActionResult> => {
    await sendAccountLink(db, audit, purpose, { origin: publicOrigin(), product }, recipient, sender.userId);
    return ok;
  };

  const setDisabled = (disabled: boolean) =>
    async function handler(request: FastifyRequest): Promise<AccountActionResult> {
      const { userId, profileType } = parseBody(accountStateRequestSchema, request);
      const auth = callerOf(request);
      const needed = (disabled ? deactivateEntitlement : reactivateEntitlement)[profileType];
      if (!auth.entitlements.has(needed)) throw forbidden();
      await setProfileDisabled(
        db,
        auditContextOf(request),
        profileScope(auth),
        profileType,
        userId,
        disabled,
        new Date(),
      );
      return ok;
    };
  app.post('/deactivateaccount', { preHandler: app.requireAuth }, setDisabled(true));
  app.post('/reactivateaccount', { preHandler: app.requireAuth }, setDisabled(false));

  // Spec §4: before first-time setup completes, the setup link can be sent again (the old one stops working).
  app.post(
    '/resendsetupaccountlink',
    { preHandler: app.requireAuth },
    async (request): Promise<AccountActionResult> => {
      const { userEmail, healthcareProfileId, profileType } = parseBody(resendSetupLinkRequestSchema, request);
      const auth = callerOf(request);
      if (!auth.entitlements.has(resendEntitlement[profileType])) throw forbidden();
      const scope = profileScope(auth);
      const profile = await findStaff(db, profileType, scope, healthcareProfileId);
      if (profile?.email.toLowerCase() !== userEmail.toLowerCase()) throw notFound('Profile not found');
      if (profile.isDisabled) throw translatedError(400, 'PROFILE_DISABLED', 'TEXT_SERVER_ACCOUNT_DEACTIVATED');
      if (profile.firstTimeSetupComplete) {
        throw translatedError(400, 'SETUP_COMPLETE', 'TEXT_SERVER_ACCOUNT_ALREADY_SET_UP');
      }
      return sendLink(auditContextOf(request), 'SETUP', recipientOf(profile), auth);
    },
  );

  // Spec §6: an administrator sends a reset link; never a clinician to another clinician.
  entitledRoute(
    app,
    {
      method: 'POST',
      url: '/sendresetpasswordlink',
      entitlement: 'sendResetPasswordLink',
      body: sendResetPasswordLinkRequestSchema,
    },
    async ({ input: { userEmail }, auth, audit }): Promise<AccountActionResult> => {
      const user = await findUserByEmail(db, userEmail);
      const role = user ? mapLoginRole(user.loginRole) : null;
      if (!user || (role !== 'clinician' && role !== 'technician')) throw notFound('Profile not found');
      if (auth.role === 'clinician' && role === 'clinician') throw forbidden();
      const scope = profileScope(auth);
      const profile = await findStaff(db, role, scope, user.id);
      if (!profile) throw notFound('Profile not found');
      if (profile.isDisabled) throw translatedError(400, 'PROFILE_DISABLED', 'TEXT_SERVER_ACCOUNT_DEACTIVATED');
      if (!profile.firstTimeSetupComplete) {
        throw translatedError(400, 'SETUP_INCOMPLETE', 'TEXT_SERVER_ACCOUNT_NOT_SET_UP');
      }
      return sendLink(audit, 'RESET', recipientOf(user), auth);
    },
  );
  done();
};
