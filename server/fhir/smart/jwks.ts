import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { jwksMessages, jwksProblem } from '#common/contract';

/** Below this an RSA key is too weak to trust with a provider service's patients (NIST SP 800-131A). */
const minimumRsaBits = 2048;

export type SigningAlgorithm = 'RS384' | 'ES384';

export interface PublicSigningKey {
  kid: string;
  alg: SigningAlgorithm;
  key: KeyObject;
}

/**
 * A key set's keys, loaded: only public RSA (RS384, 2048 bits or more) or EC P-384 (ES384) keys, each with its kid.
 * Answers a translation key of what is wrong instead when the set cannot be used (the form's field message).
 */
export function loadJwks(text: string): { keys: PublicSigningKey[] } | { problem: string } {
  const problem = jwksProblem(text);
  if (problem) return { problem };
  const { keys } = JSON.parse(text) as { keys: (JsonWebKey & { kid: string })[] };
  const loaded: PublicSigningKey[] = [];
  for (const jwk of keys) {
    let key: KeyObject;
    try {
      key = createPublicKey({ key: jwk, format: 'jwk' });
    } catch {
      return { problem: jwksMessages.keyType };
    }
    // createPublicKey takes the public half of a private JWK; the shape check refused those already.
    if (key.type !== 'public') return { problem: jwksMessages.privateKey };
    const details = key.asymmetricKeyDetails;
    if (key.asymmetricKeyType === 'rsa') {
      if ((details?.modulusLength ?? 0) < minimumRsaBits) return { problem: jwksMessages.keyType };
      loaded.push({ kid: jwk.kid, alg: 'RS384', key });
    } else if (key.asymmetricKeyType === 'ec' && details?.namedCurve === 'secp384r1') {
      loaded.push({ kid: jwk.kid, alg: 'ES384', key });
    } else {
      return { problem: jwksMessages.keyType };
    }
  }
  return { keys: loaded };
}

/** The key ids of a stored set, for the list. */
export function keyIdsOf(jwks: unknown): string[] {
  if (typeof jwks !== 'object' || jwks === null || !('keys' in jwks) || !Array.isArray(jwks.keys)) return [];
  return jwks.keys.flatMap((key: unknown) =>
    typeof key === 'object' && key !== null && 'kid' in key && typeof key.kid === 'string' ? [key.kid] : [],
  );
}
