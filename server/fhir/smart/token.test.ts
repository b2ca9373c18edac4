import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, fhirClientListSchema } from '#common/contract';
import { useSignedInApp } from '../../testing/signed-in-app';
import { callApi } from '../../testing/test-app';
import { auditEntriesAfter, lastAuditSequence } from '../../testing/audit';
import { hashToken } from '../../db/tokens';
import { jwksOf, registerTestClient, requestToken, signAssertion, testKeyPair } from './testing';
import { verifyBackendToken } from './token';

const origin = 'https://clinic.example';
const tokenUrl = `${origin}/fhir/R4/auth/token`;
const testApp = useSignedInApp({ publicUrl: origin });
const { tokens } = testApp;

async function freshClient(alg: 'RS384' | 'ES384' = 'ES384') {
  const pair = testKeyPair(alg);
  const client = await registerTestClient(testApp.app, tokens.admin, pair);
  return { pair, client };
}

describe('registering a backend client (issue 38)', () => {
  it('an administrator registers one with a pasted public key set, and sees it listed', async () => {
    const pair = testKeyPair('RS384');
    const response = await callApi(testApp.app, 'POST', '/api/cgm/fhirclients', tokens.admin, {
      providerServiceId: 1,
      name: 'Northside EHR',
      jwks: jwksOf(pair),
    });
    expect(response.statusCode).toBe(201);
    const list = fhirClientListSchema.parse(
      (await callApi(testApp.app, 'GET', '/api/cgm/fhirclients', tokens.admin)).json(),
    );
    expect(list.dataList.find((client) => client.name === 'Northside EHR')).toMatchObject({
      providerServiceId: 1,
      providerServiceName: 'Northside Memory Clinic -- Neurology',
      keyIds: [pair.kid],
      revokedAt: null,
    });
  });

  it('refuses a key set holding a private key, a wrong key type or a short RSA key, naming the field', async () => {
    const pair = testKeyPair('ES384');
    const privateJwk = { ...pair.privateKey.export({ format: 'jwk' }), kid: 'secret' };
    const p256 = { kty: 'EC', crv: 'P-256', kid: 'p256', x: 'AAAA', y: 'AAAA' };
    const cases: [string, string][] = [
      [JSON.stringify({ keys: [privateJwk] }), 'VALID_JWKS_PRIVATE_KEY'],
      [JSON.stringify({ keys: [p256] }), 'VALID_JWKS_KEY_TYPE'],
      [JSON.stringify({ keys: [{ kty: 'RSA', kid: 'short', n: 'AQAB', e: 'AQAB' }] }), 'VALID_JWKS_KEY_TYPE'],
      ['{"keys":', 'VALID_JWKS_NOT_JSON'],
      [JSON.stringify({ keys: [] }), 'VALID_JWKS_NO_KEYS'],
      [JSON.stringify({ keys: [pair.publicJwk], pad: 'x'.repeat(17_000) }), 'VALID_JWKS_TOO_LONG'],
    ];
    for (const [jwks, message] of cases) {
      const response = await callApi(testApp.app, 'POST', '/api/cgm/fhirclients', tokens.admin, {
        providerServiceId: 1,
        name: 'Bad keys',
        jwks,
      });
      expect(response.statusCode).toBe(400);
      expect(apiErrorBodySchema.parse(response.json()).fields).toEqual([{ path: 'jwks', message }]);
    }
  });

  it('is for administrators only', async () => {
    const response = await callApi(testApp.app, 'GET', '/api/cgm/fhirclients', tokens.clinician);
    expect(response.statusCode).toBe(403);
    const anonymous = await callApi(testApp.app, 'GET', '/api/cgm/fhirclients', null);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the token endpoint (SMART Backend Services)', () => {
  it('publishes its configuration', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/fhir/R4/.well-known/smart-configuration' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      token_endpoint: tokenUrl,
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      grant_types_supported: ['client_credentials'],
    });
  });

  it.each(['ES384', 'RS384'] as const)('answers a five-minute token for a good %s assertion', async (alg) => {
    const { pair, client } = await freshClient(alg);
    const before = await lastAuditSequence(testApp.db);
    const response = await requestToken(
      testApp.app,
      signAssertion(pair, client.clientId, tokenUrl),
      'system/Observation.rs',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ access_token: string; expires_in: number; scope: string; token_type: string }>();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: 'system/Observation.rs' });
    // Stored hashed only, limited to the client's provider service.
    const stored = await testApp.db.query<{ token_hash: string }>('SELECT token_hash FROM fhir_access_tokens');
    expect(stored.map((row) => row.token_hash)).toContain(hashToken(body.access_token));
    expect(stored.map((row) => row.token_hash)).not.toContain(body.access_token);
    expect(await verifyBackendToken(testApp.db, `Bearer ${body.access_token}`)).toMatchObject({
      clientId: client.id,
      providerServiceId: 1,
      scope: 'system/Observation.rs',
    });
    const entries = await auditEntriesAfter(testApp.db, before);
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.outcome])).toEqual([
      ['fhirClient.token', String(client.id), 'success'],
    ]);
  });

  it('accepts v1 scopes and grants only what was asked', async () => {
    const { pair, client } = await freshClient();
    const response = await requestToken(
      testApp.app,
      signAssertion(pair, client.clientId, tokenUrl),
      'system/Patient.read system/Observation.rs',
    );
    expect(response.json()).toMatchObject({ scope: 'system/Patient.read system/Observation.rs' });
  });

  it('refuses a wrong signature', async () => {
    const { pair, client } = await freshClient();
    // The impostor names the client's key id but signs with a key of its own.
    const impostor = { ...testKeyPair('ES384'), kid: pair.kid };
    const response = await requestToken(testApp.app, signAssertion(impostor, client.clientId, tokenUrl));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses an assertion signed by a key the set does not name', async () => {
    const { client } = await freshClient();
    const response = await requestToken(testApp.app, signAssertion(testKeyPair(), client.clientId, tokenUrl));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses an expired assertion and one that lives longer than five minutes', async () => {
    const { pair, client } = await freshClient();
    const now = Math.floor(Date.now() / 1000);
    const expired = await requestToken(testApp.app, signAssertion(pair, client.clientId, tokenUrl, { exp: now - 1 }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: 'invalid_grant', error_description: 'The assertion has expired' });
    const tooLong = await requestToken(
      testApp.app,
      signAssertion(pair, client.clientId, tokenUrl, { exp: now + 3600 }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a replayed jti, even with a fresh signature', async () => {
    const { pair, client } = await freshClient();
    const jti = randomUUID();
    const first = await requestToken(testApp.app, signAssertion(pair, client.clientId, tokenUrl, { jti }));
    expect(first.statusCode).toBe(200);
    const again = await requestToken(testApp.app, signAssertion(pair, client.clientId, tokenUrl, { jti }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The assertion was used before (jti)',
    });
  });

  it('refuses an unknown client', async () => {
    const response = await requestToken(testApp.app, signAssertion(testKeyPair(), randomUUID(), tokenUrl));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client', error_description: 'Unknown client' });
  });

  it('refuses a revoked client, and its tokens stop working at once', async () => {
    const { pair, client } = await freshClient();
    const issued = await requestToken(testApp.app, signAssertion(pair, client.clientId, tokenUrl));
    const token = issued.json<{ access_token: string }>().access_token;
    const revoked = await callApi(
      testApp.app,
      'POST',
      `/api/cgm/fhirclients/${String(client.id)}/revoke`,
      tokens.admin,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: client.id, revokedAt: expect.any(String) as unknown });
    expect(await verifyBackendToken(testApp.db, token)).toBeNull();
    const response = await requestToken(testApp.app, signAssertion(pair, client.clientId, tokenUrl));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client', error_description: 'The client was revoked' });
  });

  it('refuses an assertion for another audience', async () => {
    const { pair, client } = await freshClient();
    const response = await requestToken(
      testApp.app,
      signAssertion(pair, client.clientId, 'https://elsewhere.example/token'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant', error_description: `aud must be ${tokenUrl}` });
  });

  it.each(['system/*.cruds', 'system/Patient.write', 'user/*.rs', 'system/Account.rs', ''])(
    'refuses the scope "%s"',
    async (scope) => {
      const { pair, client } = await freshClient();
      const response = await requestToken(testApp.app, signAssertion(pair, client.clientId, tokenUrl), scope);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_scope' });
    },
  );

  it.each([
    [
      'another grant type',
      'application/x-www-form-urlencoded',
      'grant_type=password&username=a',
      'unsupported_grant_type',
    ],
    ['a JSON body', 'application/json', '{"grant_type":"client_credentials"}', 'invalid_request'],
  ])('refuses %s as an OAuth error, never a 500', async (_case, contentType, payload, error) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/fhir/R4/auth/token',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  it('refuses a malformed assertion as an OAuth error, never a 500', async () => {
    const garbage = await requestToken(testApp.app, 'not.a.jwt!');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toMatchObject({ error: 'invalid_client' });
  });
});
