export { AuditTrailPage } from './audit-trail-page';
