import { verify } from 'node:crypto';
import { recordAudit, type AuditContext } from '../../audit/audit';
import type { Db } from '../../db/db';
import { findFhirClientByClientId, type FhirClientRow } from '../../db/queries/fhir-clients';
import { claimAssertionId, findLiveFhirAccessToken, insertFhirAccessToken } from '../../db/queries/fhir-tokens';
import { hashToken, newToken } from '../../db/tokens';
import { loadJwks, type SigningAlgorithm } from './jwks';
import { grantScopes } from './scopes';

/** SMART Backend Services: an access token lives five minutes, and so may an assertion at most. */
export const accessTokenSeconds = 300;
export const maxAssertionSeconds = 300;
/** Clocks of two machines differ a little; an assertion "issued" this much in the future is still taken. */
const clockSkewSeconds = 60;

export const jwtBearerAssertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export type OAuthErrorCode =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type';

/**
 * An OAuth error answer (RFC 6749 §5.2): invalid_client (401) when the client is not who it says (unknown,
 * revoked, wrong signature), invalid_grant (400) when its assertion cannot be taken (expired, too long-lived, for
 * another audience, replayed), invalid_scope (400) when it asks for more than it may have.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get statusCode(): number {
    return this.error === 'invalid_client' ? 401 : 400;
  }

  /** Seconds after which the same request may succeed (Retry-After), when it was refused for being too many. */
  retryAfterSeconds(): number | null {
    return null;
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

/** Too many token requests (429 with Retry-After): OAuth has no code of its own for it, so invalid_request. */
export class TooManyTokenRequests extends OAuthError {
  constructor(
    readonly waitSeconds: number,
    who: string,
  ) {
    super('invalid_request', `Too many token requests from ${who}; try again in ${String(waitSeconds)} seconds`);
    this.name = 'TooManyTokenRequests';
  }

  override get statusCode(): number {
    return 429;
  }

  override retryAfterSeconds(): number {
    return this.waitSeconds;
  }
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

interface DecodedAssertion {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signedPart: string;
  signature: Buffer;
}

const base64url = /^[A-Za-z0-9_-]+$/;

function decodePart(part: string): Record<string, unknown> | null {
  if (!base64url.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A compact JWS, split and decoded; null when it is not one. Nothing in it is trusted before the signature. */
function decodeAssertion(assertion: string): DecodedAssertion | null {
  if (assertion.length > 16_384) return null;
  const parts = assertion.split('.');
  if (parts.length !== 3) return null;
  const [headerPart = '', claimsPart = '', signaturePart = ''] = parts;
  const header = decodePart(headerPart);
  const claims = decodePart(claimsPart);
  if (!header || !claims || !base64url.test(signaturePart)) return null;
  return {
    header,
    claims,
    signedPart: `${headerPart}.${claimsPart}`,
    signature: Buffer.from(signaturePart, 'base64url'),
  };
}

const isAlgorithm = (value: unknown): value is SigningAlgorithm => value === 'RS384' || value === 'ES384';

/** Whether the assertion is signed by the client's key named in its header, with that key's algorithm. */
function signedByClient(client: FhirClientRow, decoded: DecodedAssertion): boolean {
  const { alg, kid } = decoded.header;
  if (!isAlgorithm(alg) || typeof kid !== 'string') return false;
  const loaded = loadJwks(JSON.stringify(client.jwks));
  if (!('keys' in loaded)) return false;
  const key = loaded.keys.find((candidate) => candidate.kid === kid && candidate.alg === alg);
  if (!key) return false;
  const data = Buffer.from(decoded.signedPart, 'ascii');
  // A JWS's EC signature is r and s side by side (RFC 7518 §3.4), not DER.
  return alg === 'ES384'
    ? verify('sha384', data, { key: key.key, dsaEncoding: 'ieee-p1363' }, decoded.signature)
    : verify('sha384', data, key.key, decoded.signature);
}

export interface TokenRequestContext {
  /** The token endpoint's own URL: an assertion's aud must be exactly this. */
  tokenUrl: string;
  audit: AuditContext;
  /**
   * Counts a request signed by the client (its registration id): null when within the client's limit, otherwise
   * the seconds until it may ask again.
   */
  countClientRequest?: (clientId: number) => number | null;
  now?: Date;
}

/**
 * The token endpoint of SMART Backend Services (client_credentials with a signed JWT assertion): checks the
 * assertion (RFC 7523: iss = sub = client_id, aud = this endpoint, exp within five minutes, a jti never used, signed
 * by the key its kid names) and answers an opaque token for that client's provider service, stored hashed.
 */
export async function issueBackendToken(
  db: Db,
  form: Readonly<Record<string, string | undefined>>,
  context: TokenRequestContext,
): Promise<TokenAnswer> {
  const now = context.now ?? new Date();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (form.grant_type !== 'client_credentials') {
    throw new OAuthError('unsupported_grant_type', 'grant_type must be client_credentials');
  }
  if (form.client_assertion_type !== jwtBearerAssertionType) {
    throw new OAuthError('invalid_client', `client_assertion_type must be ${jwtBearerAssertionType}`);
  }
  const decoded = decodeAssertion(form.client_assertion ?? '');
  if (!decoded) throw new OAuthError('invalid_client', 'client_assertion is not a signed JWT');
  const { iss, sub, aud, exp, jti } = decoded.claims;
  if (typeof iss !== 'string' || iss !== sub)
    throw new OAuthError('invalid_client', 'iss and sub must be the client_id');
  const client = await findFhirClientByClientId(db, iss);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client');

  const refuse = async (error: OAuthError): Promise<never> => {
    await recordAudit(db, context.audit, {
      action: 'fhirClient.token',
      entity: 'fhirClient',
      entityId: client.id,
      outcome: 'refused',
    });
    throw error;
  };
  if (client.revokedAt !== null) return refuse(new OAuthError('invalid_client', 'The client was revoked'));
  if (!signedByClient(client, decoded)) {
    return refuse(new OAuthError('invalid_client', 'The signature does not match a key of the client'));
  }
  const wait = context.countClientRequest?.(client.id) ?? null;
  if (wait !== null) return refuse(new TooManyTokenRequests(wait, 'this client'));
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(context.tokenUrl)) {
    return refuse(new OAuthError('invalid_grant', `aud must be ${context.tokenUrl}`));
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp))
    return refuse(new OAuthError('invalid_grant', 'exp is missing'));
  if (exp <= nowSeconds) return refuse(new OAuthError('invalid_grant', 'The assertion has expired'));
  if (exp > nowSeconds + maxAssertionSeconds + clockSkewSeconds) {
    return refuse(new OAuthError('invalid_grant', 'exp may be at most five minutes ahead'));
  }
  if (typeof jti !== 'string' || jti === '' || jti.length > 255) {
    return refuse(new OAuthError('invalid_grant', 'jti is missing'));
  }
  const scopes = grantScopes(form.scope ?? '');
  if (!scopes) {
    return refuse(
      new OAuthError('invalid_scope', 'Only system/<type>.rs (or .read) of the served resource types may be asked'),
    );
  }
  // Claimed last, so an assertion refused for another reason may be corrected and sent again with the same jti.
  if (!(await claimAssertionId(db, client.id, jti, new Date(exp * 1000), now))) {
    return refuse(new OAuthError('invalid_grant', 'The assertion was used before (jti)'));
  }

  const token = newToken();
  const scope = scopes.join(' ');
  await insertFhirAccessToken(
    db,
    {
      tokenHash: hashToken(token),
      clientId: client.id,
      scope,
      expiresAt: new Date(now.getTime() + accessTokenSeconds * 1000),
    },
    now,
  );
  await recordAudit(db, context.audit, { action: 'fhirClient.token', entity: 'fhirClient', entityId: client.id });
  return { access_token: token, token_type: 'bearer', expires_in: accessTokenSeconds, scope };
}

/** What a backend client's bearer token lets it read: one provider service, with the scopes it was granted. */
export interface BackendAccess {
  clientId: number;
  providerServiceId: number;
  scope: string;
}

/**
 * The access an `Authorization: Bearer …` header carries, or null (no such token, expired, or its client revoked).
 * Takes the header's value whole or the token alone.
 */
export async function verifyBackendToken(
  db: Db,
  bearer: string | undefined,
  now: Date = new Date(),
): Promise<BackendAccess | null> {
  if (!bearer) return null;
  const match = /^(?:Bearer\s+)?([A-Za-z0-9_-]{16,128})$/i.exec(bearer.trim());
  if (!match?.[1]) return null;
  const live = await findLiveFhirAccessToken(db, hashToken(match[1]), now);
  return live ? { clientId: live.clientId, providerServiceId: live.providerServiceId, scope: live.scope } : null;
}
