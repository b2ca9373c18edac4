import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../api/http';
import { authResult, testConfig } from '../testing/factories';
import { authApi } from './auth-api';

function signedOutApi() {
  const fetchImpl = vi.fn<typeof fetch>(() =>
    Promise.resolve(new Response(JSON.stringify(authResult()), { headers: { 'content-type': 'application/json' } })),
  );
  const http = createHttpClient({
    config: testConfig(),
    getAuthToken: () => null,
    getRoute: () => '/cgm',
    getLanguage: () => 'en-US',
    fetchImpl,
  });
  return { api: authApi(http, 'cgm'), fetchImpl };
}

describe('the login calls of spec §7', () => {
  it('send the token they check as the authToken header while nobody is signed in, not NA', async () => {
    const { api, fetchImpl } = signedOutApi();
    await api.refresh('link-token');
    await api.validate('tab-token');
    expect(fetchImpl.mock.calls[0]?.[1]?.headers).toMatchObject({ authToken: 'link-token' });
    expect(fetchImpl.mock.calls[1]?.[1]?.headers).toMatchObject({ authToken: 'tab-token' });
  });
});
