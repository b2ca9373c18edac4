import type { FastifyPluginCallback } from 'fastify';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  resetTokenValidationRequestSchema,
  setupFirstTimePasswordRequestSchema,
  setupTokenValidationRequestSchema,
  updateExpiredPasswordRequestSchema,
  type PasswordActionResult,
} from '#common/contract';
import {
  acceptPrivacyPolicy,
  changePassword,
  sendForgotPasswordLink,
  updateExpiredPassword,
  useLink,
  validateLink,
} from '../auth/password-changes';
import { auditContextOf } from '../audit/audit';
import { needsPrivacyPolicy } from '../auth/session-service';
import { forbidden } from '../http/errors';
import { parseBody } from '../http/validation';
import { callerOf } from '../profiles/scope';
import type { RouteDeps } from '../http/route-deps';

export { maxForgotPasswordLinksPerHour } from '../auth/password-changes';

/** Spec §7 password calls and acceptprivacypolicy, under /api/profiles. */
export const passwordRoutes: FastifyPluginCallback<RouteDeps> = (app, { db, product, publicOrigin }, done) => {
  // Spec §2 mode normal: signed in, the current password required.
  app.post('/changepassword', { preHandler: app.requireAuth }, async (request): Promise<PasswordActionResult> => {
    const body = parseBody(changePasswordRequestSchema, request);
    const auth = callerOf(request);
    if (auth.userId === null) throw forbidden();
    return changePassword(
      db,
      auditContextOf(request),
      { userId: auth.userId, lineageId: auth.lineageId },
      body,
      new Date(),
    );
  });

  // Spec §4: sign-in said the password expired; the person proves the current one and chooses another.
  app.post('/updateexpiredpassword', async (request): Promise<PasswordActionResult> => {
    const body = parseBody(updateExpiredPasswordRequestSchema, request);
    return updateExpiredPassword(db, auditContextOf(request), body, new Date());
  });

  app.post('/setupfirsttimepasswordvalidatetoken', async (request) => {
    const { setupToken, newPassword, confirmPassword } = parseBody(setupTokenValidationRequestSchema, request);
    return validateLink(db, 'SETUP', 'FirstTimeSetup', { token: setupToken, newPassword, confirmPassword });
  });

  app.post('/setupfirsttimepassword', async (request) => {
    const { setupToken, newPassword, confirmPassword } = parseBody(setupFirstTimePasswordRequestSchema, request);
    return useLink(db, auditContextOf(request), 'SETUP', 'FirstTimeSetup', {
      token: setupToken,
      newPassword,
      confirmPassword,
    });
  });

  app.post('/resetpasswordvalidatetoken', async (request) => {
    const { resetToken, newPassword, confirmPassword } = parseBody(resetTokenValidationRequestSchema, request);
    return validateLink(db, 'RESET', 'ResetPassword', { token: resetToken, newPassword, confirmPassword });
  });

  app.post('/resetpassword', async (request) => {
    const { resetToken, newPassword, confirmPassword } = parseBody(resetPasswordRequestSchema, request);
    return useLink(db, auditContextOf(request), 'RESET', 'ResetPassword', {
      token: resetToken,
      newPassword,
      confirmPassword,
    });
  });

  // Spec §2/§4: the same answer whether or not the address has an account, so it cannot be used to find accounts.
  app.post('/forgotpassword', async (request): Promise<PasswordActionResult> => {
    const { userEmail } = parseBody(forgotPasswordRequestSchema, request);
    return sendForgotPasswordLink(
      db,
      auditContextOf(request),
      userEmail,
      { origin: publicOrigin(), product },
      new Date(),
    );
  });

  // Spec §7 acceptprivacypolicy (empty body): recorded with the time and the role's policy document.
  app.post('/acceptprivacypolicy', { preHandler: app.requireAuth }, async (request): Promise<PasswordActionResult> => {
    const auth = callerOf(request);
    if (auth.userId === null || !needsPrivacyPolicy(auth.role)) throw forbidden();
    return acceptPrivacyPolicy(db, auth.userId, auth.role, new Date());
  });
  done();
};
