import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with N=2^14, r=8, p=1 (about 16 MiB and a few tens of ms per hash): slow enough to make
 * guessing expensive, fast enough that hashing the four demo passwords at start stays well under 1 s.
 * The parameters are stored in each hash so they can be raised later without breaking old hashes.
 */
const defaultParams = { N: 16_384, r: 8, p: 1 } as const;
const keyLength = 32;
const saltLength = 16;
const prefix = 'scrypt';

function deriveKey(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, params, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** Returns 'scrypt$N$r$p$salt$key' (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await deriveKey(password, salt, defaultParams);
  const { N, r, p } = defaultParams;
  return [prefix, N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [name, n, r, p, salt, key] = stored.split('$');
  if (name !== prefix || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so an unknown email cannot be told apart from a wrong
 * password by how long the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password never matches');
  await verifyPassword(password, await dummyHash);
}
