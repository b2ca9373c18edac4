import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, base64url so it survives headers, URLs and JSON unchanged. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as their SHA-256: a leaked database cannot be replayed as sessions.
 * A fast hash is enough here because the tokens have 256 bits of entropy (unlike passwords).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
