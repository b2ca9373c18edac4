import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, runtimeConfigSchema } from '#common/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { isPageSubresource, strictTransportSecurity } from './security-headers';

let testApp: TestApp;
let clientDir: string;
/** Like the build's browser check: an inline script in the head of index.html. */
const inlineCheck = 'document.documentElement.lang = "en-US";';

beforeAll(async () => {
  // A tiny stand-in for the built client, so these tests never depend on `vite build`.
  clientDir = mkdtempSync(path.join(tmpdir(), 'cgm-client-'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><title>client</title><script>${inlineCheck}</script><div id="root"></div>`,
  );
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  mkdirSync(path.join(clientDir, 'locales', 'en-US'), { recursive: true });
  writeFileSync(path.join(clientDir, 'locales', 'en-US', 'common.json'), '{"hello":"Hello"}');
  testApp = await createTestApp({ clientDir });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  const permissions = String(response.headers['permissions-policy']);
  for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
    expect(permissions).toContain(denied);
  }
  // A patient's on-site test keeps the tablet awake (issue 31): our own origin only, and no other feature with it.
  expect(permissions).toContain('screen-wake-lock=(self)');
  expect(permissions.match(/=\(self\)/g)).toEqual(['=(self)', '=(self)']);
  expect(permissions).toContain('fullscreen=(self)');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
}

/** A file loaded into a page: no sniffing, no referrer, not for other sites; none of a document's headers. */
function expectSubresourceHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  for (const documentHeader of [
    'content-security-policy',
    'x-frame-options',
    'permissions-policy',
    'cross-origin-opener-policy',
  ]) {
    expect(response.headers[documentHeader], documentHeader).toBeUndefined();
  }
}

describe('security headers and static serving', () => {
  it('puts every header on an API answer, with no-store', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/cgm/devops' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('puts them on API errors too (401, 404, 400)', async () => {
    const unauthorized = await testApp.app.inject({
      method: 'POST',
      url: '/api/cgm/login/logout',
      headers: { authToken: 'NA' },
    });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);

    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/cgm/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorBodySchema.parse(unknown.json()).code).toBe('NOT_FOUND');
    expect(unknown.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(unknown);

    const unknownPost = await testApp.app.inject({ method: 'POST', url: '/api/nothing' });
    expect(unknownPost.statusCode).toBe(404);
    expect(unknownPost.headers['content-type']).toContain('application/json');
  });

  it('serves /config.json with the headers of a subresource and a valid runtime configuration', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expectSubresourceHeaders(response);
    const config = runtimeConfigSchema.parse(response.json());
    expect(config).toMatchObject({
      product: 'cgm',
      apiHost: '',
      staticHost: '',
      workflowRunnerUrl: '/runner/',
      reportUrl: '/report/',
      currentLocale: 'en-US',
      resourcesConfigUrl: '/resources-config.json',
    });
    expect(config.uniqueDeviceIdentificationNumber).toContain(config.version);
  });

  it('serves index.html with the headers and no-cache, letting its own inline script run and no other', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expectSecurityHeaders(response);
    const hash = createHash('sha256').update(inlineCheck).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    // An API answer is no page: nothing inline runs there.
    const api = await testApp.app.inject({ method: 'GET', url: '/api/cgm/devops' });
    expect(api.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes but not for files or server paths', async () => {
    const deepLink = await testApp.app.inject({ method: 'GET', url: '/cgm/manage/patients?x=1' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['content-type']).toContain('text/html');
    expect(deepLink.body).toContain('<div id="root">');
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(deepLink);

    for (const url of ['/missing.js', '/runner/x', '/report/x', '/locales/fr-FR/common.json', '/dev/nothing']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expectSecurityHeaders(response);
    }
  });

  it('caches hashed assets for a year and the service worker not at all', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSubresourceHeaders(asset);
    // Never revalidated: no validators to send.
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();

    const sw = await testApp.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    // A worker's policy is its own answer's.
    expectSecurityHeaders(sw);
  });

  it('serves locale files', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/locales/en-US/common.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ hello: 'Hello' });
    expectSubresourceHeaders(response);
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain http, where browsers ignore it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/cgm/devops' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when an untrusted client merely claims https', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/cgm/devops',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent behind a trusted proxy that says the request came over https', async () => {
    const proxied = await createTestApp({ clientDir, trustProxy: ['127.0.0.1'] });
    /** The home page asked for from `remoteAddress`, which says the request came over `proto`. */
    const forwarded = (remoteAddress: string, proto: 'http' | 'https') =>
      proxied.app.inject({ method: 'GET', url: '/', remoteAddress, headers: { 'x-forwarded-proto': proto } });
    try {
      const overHttps = await forwarded('127.0.0.1', 'https');
      expect(overHttps.headers['strict-transport-security']).toBe(strictTransportSecurity);
      expectSecurityHeaders(overHttps);

      const overHttp = await forwarded('127.0.0.1', 'http');
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();

      const notTheProxy = await forwarded('10.0.0.9', 'https');
      expect(notTheProxy.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('which answers are a page subresource', () => {
  it('is a successful static script, stylesheet, JSON file or raster icon, never a page, worker, API answer or error', () => {
    expect(isPageSubresource('/assets/start-abc.js', 200, 'text/javascript; charset=utf-8')).toBe(true);
    expect(isPageSubresource('/assets/start-abc.css', 200, 'text/css; charset=utf-8')).toBe(true);
    expect(isPageSubresource('/locales/en-US/common.json?v=1', 200, 'application/json')).toBe(true);
    expect(isPageSubresource('/icons/icon-192.png', 200, 'image/png')).toBe(true);
    expect(isPageSubresource('/manifest.webmanifest', 200, 'application/manifest+json')).toBe(true);

    expect(isPageSubresource('/cgm/login', 200, 'text/html; charset=utf-8')).toBe(false);
    expect(isPageSubresource('/icons/icon.svg', 200, 'image/svg+xml')).toBe(false);
    expect(isPageSubresource('/docs/privacy/patient-en-US.pdf', 200, 'application/pdf')).toBe(false);
    expect(isPageSubresource('/sw.js', 200, 'text/javascript')).toBe(false);
    expect(isPageSubresource('/assets/pdf.worker.min-abc.mjs', 200, 'text/javascript')).toBe(false);
    expect(isPageSubresource('/api/cgm/devops', 200, 'application/json')).toBe(false);
    expect(isPageSubresource('/assets/missing.js', 404, 'application/json')).toBe(false);
  });
});
