/**
 * What the route tests read from, or put straight into, the database beside the HTTP calls they make: the routes
 * themselves never reach server/db, so the tests that check what was stored take it from here.
 */
export { createAccountToken, findUsableAccountToken, markAccountTokenUsed } from '../db/queries/account-tokens';
export { insertOutboxMessage } from '../db/queries/outbox';
export { hashToken } from '../db/tokens';
