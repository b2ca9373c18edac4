export { ChangeExpiredPasswordPage } from './change-expired-password-page';
export { ChangePasswordPage } from './change-password-page';
export { ResetPasswordPage, SetupAccountPage } from './link-password-page';
