import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fhirClientSchema, type FhirClient } from '#common/contract';
import { callApi } from '../../testing/test-app';
import { jwtBearerAssertionType } from './token';

/** A backend client's key pair, as its own machine would make it; the public half goes into the key set. */
export interface TestKeyPair {
  kid: string;
  alg: 'RS384' | 'ES384';
  privateKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

export function testKeyPair(alg: 'RS384' | 'ES384' = 'ES384', kid: string = randomUUID()): TestKeyPair {
  const { privateKey, publicKey } =
    alg === 'RS384'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-384' });
  return { kid, alg, privateKey, publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg, use: 'sig' } };
}

export const jwksOf = (...pairs: TestKeyPair[]): string =>
  JSON.stringify({ keys: pairs.map((pair) => pair.publicJwk) });

/** A signed client assertion (RFC 7523) with the claims SMART asks for; `claims` overrides any of them. */
export function signAssertion(
  pair: TestKeyPair,
  clientId: string,
  tokenUrl: string,
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${encode({ alg: pair.alg, kid: pair.kid, typ: 'JWT', ...header })}.${encode({
    iss: clientId,
    sub: clientId,
    aud: tokenUrl,
    exp: now + 240,
    jti: randomUUID(),
    ...claims,
  })}`;
  const signature =
    pair.alg === 'ES384'
      ? sign('sha384', Buffer.from(signed), { key: pair.privateKey, dsaEncoding: 'ieee-p1363' })
      : sign('sha384', Buffer.from(signed), pair.privateKey);
  return `${signed}.${signature.toString('base64url')}`;
}

/** The token request a backend client sends. */
export function requestToken(app: FastifyInstance, assertion: string, scope = 'system/*.rs') {
  return app.inject({
    method: 'POST',
    url: '/fhir/R4/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: jwtBearerAssertionType,
      client_assertion: assertion,
      scope,
    }).toString(),
  });
}

/** Registers a client through the administrators' call, as the Manage screen does. */
export async function registerTestClient(
  app: FastifyInstance,
  adminToken: string,
  pair: TestKeyPair,
  providerServiceId = 1,
): Promise<FhirClient> {
  const response = await callApi(app, 'POST', '/api/cgm/fhirclients', adminToken, {
    providerServiceId,
    name: `EHR ${pair.kid.slice(0, 8)}`,
    jwks: jwksOf(pair),
  });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  return fhirClientSchema.parse(response.json());
}

/** A live access token for a fresh client of the provider service. */
export async function backendToken(
  app: FastifyInstance,
  adminToken: string,
  tokenUrl: string,
  providerServiceId = 1,
  scope = 'system/*.rs',
): Promise<string> {
  const pair = testKeyPair();
  const client = await registerTestClient(app, adminToken, pair, providerServiceId);
  const response = await requestToken(app, signAssertion(pair, client.clientId, tokenUrl), scope);
  const body = response.json<{ access_token?: string }>();
  if (!body.access_token) throw new Error(`no token: ${response.body}`);
  return body.access_token;
}
