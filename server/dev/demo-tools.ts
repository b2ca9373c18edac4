/**
 * What the demo back doors (routes/dev.ts) change or read, for the outbox page and the end-to-end tests: only in
 * demo mode, only for a signed-in administrator.
 */
export { expireOrderLink } from '../db/queries/assessment-orders';
export { listOutboxMessages } from '../db/queries/outbox';
export { expireUserSessions } from '../db/queries/sessions';
export { expireUserPassword } from '../db/queries/users';
export { seedBenchPatients } from '../seed/bench-seed';
