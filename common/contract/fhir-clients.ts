import { z } from 'zod/mini';
import { recordIdParamSchema, recordIdSchema } from './ids';
import { listResponseSchema } from './lists';
import { requiredTextSaying } from '../validation/text';

/**
 * Issue 38: backend clients of the FHIR API (SMART Backend Services). An administrator registers a client for one
 * provider service with its public key set; the client then signs a JWT with its private key to get a token. Beyond
 * spec §7: a production API has none of it.
 */

/** A pasted key set is a few keys; anything larger is a mistake (or not a key set). */
export const maxJwksLength = 16_384;
/** Keys per set: the one in use and the next one, with room for a spare. */
export const maxJwksKeys = 5;
export const maxFhirClientNameLength = 100;

/** The two signing algorithms SMART Backend Services requires a server to support. */
export const fhirClientAlgorithms = ['RS384', 'ES384'] as const;

/** Members of a JWK that only a private key has: a set holding one would hand out the client's secret. */
const privateKeyMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** Translation keys (namespace `fhirClients`, under `validation`) of what can be wrong with a pasted key set. */
export const jwksMessages = {
  required: 'VALID_JWKS_IS_REQUIRED',
  tooLong: 'VALID_JWKS_TOO_LONG',
  notJson: 'VALID_JWKS_NOT_JSON',
  noKeys: 'VALID_JWKS_NO_KEYS',
  tooManyKeys: 'VALID_JWKS_TOO_MANY_KEYS',
  privateKey: 'VALID_JWKS_PRIVATE_KEY',
  keyType: 'VALID_JWKS_KEY_TYPE',
  keyId: 'VALID_JWKS_KEY_ID',
  keyUse: 'VALID_JWKS_KEY_USE',
} as const;

type JwksMessage = (typeof jwksMessages)[keyof typeof jwksMessages];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** What is wrong with one key, or null: RS384 (RSA) or ES384 (EC P-384), public, with a key id, for signing. */
function keyProblem(key: unknown): JwksMessage | null {
  if (!isRecord(key)) return jwksMessages.keyType;
  if (privateKeyMembers.some((member) => member in key)) return jwksMessages.privateKey;
  if (!isText(key.kid) || key.kid.length > 255) return jwksMessages.keyId;
  if (key.use !== undefined && key.use !== 'sig') return jwksMessages.keyUse;
  if (key.kty === 'RSA') {
    if (!isText(key.n) || !isText(key.e)) return jwksMessages.keyType;
    return key.alg === undefined || key.alg === 'RS384' ? null : jwksMessages.keyType;
  }
  if (key.kty === 'EC') {
    if (key.crv !== 'P-384' || !isText(key.x) || !isText(key.y)) return jwksMessages.keyType;
    return key.alg === undefined || key.alg === 'ES384' ? null : jwksMessages.keyType;
  }
  return jwksMessages.keyType;
}

/**
 * What is wrong with a pasted JSON Web Key Set, as a translation key, or null when its shape is right. The server
 * also loads every key (server/fhir/smart/jwks.ts), which a browser cannot do the same way.
 */
export function jwksProblem(text: string): JwksMessage | null {
  if (text.trim() === '') return jwksMessages.required;
  if (text.length > maxJwksLength) return jwksMessages.tooLong;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return jwksMessages.notJson;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.keys)) return jwksMessages.notJson;
  const keys: unknown[] = parsed.keys;
  if (keys.length === 0) return jwksMessages.noKeys;
  if (keys.length > maxJwksKeys) return jwksMessages.tooManyKeys;
  for (const key of keys) {
    const problem = keyProblem(key);
    if (problem) return problem;
  }
  const ids = keys.map((key) => (isRecord(key) ? key.kid : null));
  return new Set(ids).size === ids.length ? null : jwksMessages.keyId;
}

/** POST /api/{product}/fhirclients: the administrator's form. */
export const fhirClientInputSchema = z.object({
  providerServiceId: recordIdSchema,
  name: requiredTextSaying(
    { required: 'VALID_CLIENT_NAME_IS_REQUIRED', tooLong: 'VALID_CLIENT_NAME_TOO_LONG' },
    maxFhirClientNameLength,
  ),
  jwks: z.string().check(
    z.superRefine((value, ctx) => {
      const problem = jwksProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
  ),
});
export type FhirClientInput = z.input<typeof fhirClientInputSchema>;

/** One registered client, as the list and the registration answer it (never its keys' material beyond their ids). */
export const fhirClientSchema = z.object({
  id: z.int(),
  /** The OAuth client_id the client puts in its assertion's iss and sub. */
  clientId: z.string(),
  name: z.string(),
  providerServiceId: z.int(),
  providerServiceName: z.string(),
  /** The `kid` of each key in its set. */
  keyIds: z.array(z.string()),
  createdAt: z.string(),
  /** Null while the client may get tokens. */
  revokedAt: z.nullable(z.string()),
});
export type FhirClient = z.infer<typeof fhirClientSchema>;

export const fhirClientListSchema = listResponseSchema(fhirClientSchema);
export type FhirClientList = z.infer<typeof fhirClientListSchema>;

export const fhirClientIdParamsSchema = z.object({ id: recordIdParamSchema });
