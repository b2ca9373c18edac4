export { ChangeExpiredPasswordPage, ChangePasswordPage } from './password-pages';
