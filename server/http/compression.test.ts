import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../testing/test-app';
import { expectMapping } from '#common/testing/expect-mapping';
import { apiCompressionOptions, compressOnce, pickEncoding } from './encoding';

let testApp: TestApp;
let clientDir: string;

const script = `export const app = ${JSON.stringify('x'.repeat(2000))};`;
const style = `body { color: #1a1a1a; }\n${'.x { margin: 0; }\n'.repeat(100)}`;
const html = '<!doctype html><title>client</title><div id="root"></div>';
const locale = JSON.stringify({ hello: 'Hello', words: 'word '.repeat(300) });

/** Writes a file with the brotli and gzip twins the build makes. */
function writeWithTwins(file: string, text: string): void {
  const body = compressOnce(Buffer.from(text));
  writeFileSync(file, body.identity);
  writeFileSync(`${file}.br`, body.br);
  writeFileSync(`${file}.gz`, body.gzip);
}

beforeAll(async () => {
  // A stand-in for the built client with its compressed twins, so these tests never depend on `vite build`.
  clientDir = mkdtempSync(path.join(tmpdir(), 'cgm-compressed-client-'));
  writeWithTwins(path.join(clientDir, 'index.html'), html);
  mkdirSync(path.join(clientDir, 'assets'));
  writeWithTwins(path.join(clientDir, 'assets', 'index-abc123.js'), script);
  writeWithTwins(path.join(clientDir, 'assets', 'index-abc123.css'), style);
  mkdirSync(path.join(clientDir, 'locales', 'en-US'), { recursive: true });
  writeWithTwins(path.join(clientDir, 'locales', 'en-US', 'common.json'), locale);
  testApp = await createTestApp({ clientDir });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const browserAccepts = 'gzip, deflate, br, zstd';

function get(url: string, acceptEncoding?: string, token?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  if (token) headers.authToken = token;
  return testApp.app.inject({ method: 'GET', url, headers });
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

function expectVary(response: LightMyRequestResponse): void {
  expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
}

const staticFiles = [
  { name: 'a hashed script', url: '/assets/index-abc123.js', type: 'javascript', text: script },
  { name: 'a stylesheet', url: '/assets/index-abc123.css', type: 'text/css', text: style },
  { name: 'the HTML shell', url: '/', type: 'text/html', text: html },
  { name: 'the HTML shell of a client route', url: '/cgm/login', type: 'text/html', text: html },
  { name: 'a locale file', url: '/locales/en-US/common.json', type: 'application/json', text: locale },
];

describe('compression on the wire', () => {
  for (const file of staticFiles) {
    it(`sends ${file.name} brotli-encoded to a browser, gzip to a gzip-only client, plain to the rest`, async () => {
      const brotli = await get(file.url, browserAccepts);
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(String(brotli.headers['content-type'])).toContain(file.type);
      expectVary(brotli);
      expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(file.text));
      expect(decoded(brotli)).toBe(file.text);

      const gzip = await get(file.url, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expectVary(gzip);
      expect(decoded(gzip)).toBe(file.text);

      for (const identity of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
        const plain = await get(file.url, identity);
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expectVary(plain);
        expect(plain.body).toBe(file.text);
      }
    });
  }

  it("sends the reference runner's script and style compressed, and plain when not accepted", async () => {
    for (const url of ['/runner/assets/runner.js', '/runner/assets/pages.css']) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expectVary(plain);

      const brotli = await get(url, browserAccepts);
      expect(brotli.headers['content-encoding']).toBe('br');
      expectVary(brotli);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decoded(brotli)).toBe(plain.body);

      const gzip = await get(url, 'gzip;q=1, br;q=0');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decoded(gzip)).toBe(plain.body);
    }
  });

  it('compresses an API answer above 1 KB, and leaves a small one and a client without compression plain', async () => {
    const token = await loginAs(testApp.app, 'admin@demo.test');
    const large = await get('/api/profile/patients?providerServiceId=1', browserAccepts, token);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expectVary(large);
    const plain = await get('/api/profile/patients?providerServiceId=1', undefined, token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(JSON.parse(decoded(large))).toEqual(plain.json());
    // A full page of patients, the hottest answer, is compressed in one call rather than through a zlib stream.
    const fullPage = await get('/api/profile/patients?take=25', undefined, token);
    expect(fullPage.rawPayload.length).toBeGreaterThan(8192);
    expect(fullPage.rawPayload.length).toBeLessThanOrEqual(apiCompressionOptions.syncThreshold);

    const small = await get('/api/cgm/devops', browserAccepts);
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('apiCompressionOptions', () => {
  it('compresses answers made per request at a brotli quality meant for them, not the one meant for files', () => {
    // Quality 11, brotli's default, costs tens of milliseconds of CPU on one page of patients.
    expect(apiCompressionOptions.brotliOptions.params[zlibConstants.BROTLI_PARAM_QUALITY]).toBeLessThanOrEqual(5);
    expect(apiCompressionOptions.threshold).toBe(1024);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honours q=0 and the wildcard, and falls back to identity', () => {
    expectMapping(pickEncoding, {
      gzip: 'gzip',
      identity: null,
      'gzip, deflate, br': 'br',
      'br;q=0, gzip': 'gzip',
      '*': 'br',
      '*, br;q=0': 'gzip',
      'gzip;q=0': null,
    });
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip, br', ['gzip'])).toBe('gzip');
  });
});
