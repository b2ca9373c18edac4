import type { FastifyPluginCallback } from 'fastify';
import type { z } from 'zod/mini';
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

interface Passwords {
  newPassword: string;
  confirmPassword: string;
}

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
      { userId: auth.userId, sessionId: auth.sessionId },
      body,
      new Date(),
    );
  });

  // Spec §4: sign-in said the password expired; the person proves the current one and chooses another.
  app.post('/updateexpiredpassword', async (request): Promise<PasswordActionResult> => {
    const body = parseBody(updateExpiredPasswordRequestSchema, request);
    return updateExpiredPassword(db, auditContextOf(request), body, new Date());
  });

  /**
   * Spec §7: the setup link and the reset link work alike. Each has a call that checks its token (and the passwords,
   * when given) without using it, and a call that uses it; only the name of the token's field differs.
   */
  const linkCalls = <F extends string>(link: {
    purpose: Parameters<typeof useLink>[2];
    mode: Parameters<typeof useLink>[3];
    tokenField: F;
    checkPath: string;
    checkSchema: z.ZodMiniType<Record<F, string> & Partial<Passwords>>;
    usePath: string;
    useSchema: z.ZodMiniType<Record<F, string> & Passwords>;
  }) => {
    app.post(link.checkPath, async (request) => {
      const body = parseBody(link.checkSchema, request);
      return validateLink(db, link.purpose, link.mode, {
        token: body[link.tokenField],
        newPassword: body.newPassword,
        confirmPassword: body.confirmPassword,
      });
    });
    app.post(link.usePath, async (request) => {
      const body = parseBody(link.useSchema, request);
      return useLink(db, auditContextOf(request), link.purpose, link.mode, {
        token: body[link.tokenField],
        newPassword: body.newPassword,
        confirmPassword: body.confirmPassword,
      });
    });
  };
  linkCalls({
    purpose: 'SETUP',
    mode: 'FirstTimeSetup',
    tokenField: 'setupToken',
    checkPath: '/setupfirsttimepasswordvalidatetoken',
    checkSchema: setupTokenValidationRequestSchema,
    usePath: '/setupfirsttimepassword',
    useSchema: setupFirstTimePasswordRequestSchema,
  });
  linkCalls({
    purpose: 'RESET',
    mode: 'ResetPassword',
    tokenField: 'resetToken',
    checkPath: '/resetpasswordvalidatetoken',
    checkSchema: resetTokenValidationRequestSchema,
    usePath: '/resetpassword',
    useSchema: resetPasswordRequestSchema,
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
