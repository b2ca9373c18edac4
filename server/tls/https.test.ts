import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strictTransportSecurity } from '../http/security-headers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { makeClinicCertificate, subjectAltNames } from './make-cert';

let folder: string;
let testApp: TestApp;
let origin: string;
let caCert: Buffer;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'cgm-tls-'));
  const made = makeClinicCertificate(folder, ['localhost', '127.0.0.1']);
  caCert = readFileSync(made.caCertFile);
  testApp = await createTestApp({ tls: { cert: readFileSync(made.certFile), key: readFileSync(made.keyFile) } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://localhost:${String((testApp.app.server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  await testApp.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** HTTP/1.1 over TLS that trusts only the throw-away clinic CA, as a tablet with it installed would. */
function getHttp1(pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${origin}${pathname}`, { ca: caCert }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function getHttp2(session: ClientHttp2Session, pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': pathname });
    let body = '';
    let headers: Record<string, string | string[] | undefined> = {};
    stream.setEncoding('utf8');
    stream.on('response', (received) => {
      headers = received;
    });
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      resolve({ status: Number(headers[':status']), headers, body });
    });
    stream.on('error', reject);
    stream.end();
  });
}

function expectEverySecurityHeader(answer: Answer): void {
  expect(answer.headers['strict-transport-security']).toBe(strictTransportSecurity);
  expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('no-referrer');
  expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(String(answer.headers['permissions-policy'])).toContain('camera=()');
  expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
}

describe('HTTPS with a clinic certificate', () => {
  it('answers HTTP/1.1 clients over TLS with every security header, HSTS included', async () => {
    const answer = await getHttp1('/api/cgm/devops');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('serverUtcTime');
    expectEverySecurityHeader(answer);
  });

  it('answers HTTP/2 clients with every security header', async () => {
    const session = connect(origin, { ca: caCert });
    try {
      const answer = await getHttp2(session, '/api/cgm/devops');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty('serverUtcTime');
      expectEverySecurityHeader(answer);
    } finally {
      session.close();
    }
  });

  it('is refused by a client that does not trust the clinic CA', async () => {
    await expect(
      new Promise((resolve, reject) => {
        const req = httpsRequest(`${origin}/api/cgm/devops`, resolve);
        req.on('error', reject);
        req.end();
      }),
    ).rejects.toThrow(/self[- ]signed|unable to (get|verify)/i);
  });
});

describe('make-cert names', () => {
  it('turns host names and addresses into subjectAltName entries', () => {
    expect(subjectAltNames(['tablet-server.local', '192.168.1.20', '::1'])).toBe(
      'DNS:tablet-server.local,IP:192.168.1.20,IP:::1',
    );
  });

  it('refuses no name and anything that is neither a host name nor an address', () => {
    expect(() => subjectAltNames([])).toThrow(/at least one/);
    expect(() => subjectAltNames(['bad name; rm -rf'])).toThrow(/Not a host name/);
  });
});
