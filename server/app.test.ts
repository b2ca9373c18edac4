import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

// Issue 35: behind one proxy (TRUST_PROXY=1) the rate limit counts the address the proxy saw, the right-most
// X-Forwarded-For entry, never the left-most one a client writes itself.
let testApp: TestApp;
const limit = 3;

beforeAll(async () => {
  testApp = await createTestApp({ trustProxy: 1, rateLimits: { contact: limit } });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.close();
});

function contact(forwardedFor: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/cgm/contact',
    remoteAddress: '10.0.0.5',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    payload: '{}',
  });
}

describe('the client address behind a proxy one hop away', () => {
  it('is the one the proxy saw: a client cannot escape its rate limit with a spoofed X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) {
      // The proxy appends the address it saw (203.0.113.50) to whatever the client sent.
      statuses.push((await contact(`198.51.100.${String(index)}, 203.0.113.50`)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);

    // Another client behind the same proxy has a limit of its own.
    expect((await contact('203.0.113.51')).statusCode).toBe(400);
  });
});
