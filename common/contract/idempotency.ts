/**
 * Issue 15: orders and creates carry an Idempotency-Key header, made once per submitted form and reused when
 * the same submission is retried, so a double tap or a retried request creates one record. Lower case, as
 * Node hands header names to the server; HTTP header names are case-insensitive.
 */
export const idempotencyKeyHeader = 'idempotency-key';

/** A UUID fits; anything from 8 to 64 letters, digits and dashes is accepted. */
export const idempotencyKeyPattern = /^[A-Za-z0-9-]{8,64}$/;
