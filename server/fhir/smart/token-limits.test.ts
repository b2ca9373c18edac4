import { describe, expect, it } from 'vitest';
import { useSignedInApp } from '../../testing/signed-in-app';
import { testRateLimits } from '../../testing/test-app';
import { auditEntriesAfter, lastAuditSequence } from '../../testing/audit';
import { registerTestClient, signAssertion, testKeyPair, type TestKeyPair } from './testing';
import { jwtBearerAssertionType } from './token';

const origin = 'https://clinic.example';
const tokenUrl = `${origin}/fhir/R4/auth/token`;
const windowSeconds = 60;
const testApp = useSignedInApp({
  publicUrl: origin,
  rateLimits: { ...testRateLimits, fhirToken: 5, fhirTokenClient: 2, windowSeconds },
});

function requestToken(assertion: string, remoteAddress: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/fhir/R4/auth/token',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: jwtBearerAssertionType,
      client_assertion: assertion,
      scope: 'system/*.rs',
    }).toString(),
  });
}

async function freshClient(): Promise<{ pair: TestKeyPair; clientId: string; id: number }> {
  const pair = testKeyPair();
  const client = await registerTestClient(testApp.app, testApp.tokens.admin, pair);
  return { pair, clientId: client.clientId, id: client.id };
}

function expectTooMany(response: Awaited<ReturnType<typeof requestToken>>, who: RegExp) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = response.json<{ error: string; error_description: string }>();
  expect(body.error).toBe('invalid_request');
  expect(body.error_description).toMatch(who);
  expect(response.json()).not.toHaveProperty('access_token');
}

describe('the token endpoint’s own limits (issue 38)', () => {
  it('answers 429 with Retry-After once one address asks too often, good assertion or not; another address goes on', async () => {
    const { pair, clientId } = await freshClient();
    const address = '203.0.113.40';
    for (let index = 0; index < 5; index += 1) {
      const response = await requestToken(`not.a.jwt${String(index)}`, address);
      expect(response.statusCode).toBe(401);
    }
    expectTooMany(await requestToken(signAssertion(pair, clientId, tokenUrl), address), /this address/);
    const elsewhere = await requestToken(signAssertion(pair, clientId, tokenUrl), '203.0.113.41');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('answers 429 once one client asks too often from any address, and says so in the audit trail', async () => {
    const { pair, clientId, id } = await freshClient();
    const other = await freshClient();
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      expect((await requestToken(signAssertion(pair, clientId, tokenUrl), address)).statusCode).toBe(200);
    }
    const before = await lastAuditSequence(testApp.db);
    expectTooMany(await requestToken(signAssertion(pair, clientId, tokenUrl), '198.51.100.3'), /this client/);
    expect(await auditEntriesAfter(testApp.db, before)).toContainEqual(
      expect.objectContaining({ action: 'fhirClient.token', entityId: String(id), outcome: 'refused' }),
    );
    // Another client is not held back by the first one.
    expect((await requestToken(signAssertion(other.pair, other.clientId, tokenUrl), '198.51.100.4')).statusCode).toBe(
      200,
    );
  });

  it('does not count assertions the client did not sign: naming a client id cannot lock it out', async () => {
    const { pair, clientId } = await freshClient();
    const forger = testKeyPair('ES384', pair.kid);
    for (let index = 0; index < 4; index += 1) {
      const forged = await requestToken(signAssertion(forger, clientId, tokenUrl), `192.0.2.${String(index + 1)}`);
      expect(forged.statusCode).toBe(401);
    }
    for (const address of ['192.0.2.10', '192.0.2.11']) {
      expect((await requestToken(signAssertion(pair, clientId, tokenUrl), address)).statusCode).toBe(200);
    }
  });
});
