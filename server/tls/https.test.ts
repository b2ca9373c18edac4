import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
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
let port: number;
let caCert: Buffer;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'cgm-tls-'));
  const made = makeClinicCertificate(folder, ['localhost', '127.0.0.1']);
  caCert = readFileSync(made.caCertFile);
  testApp = await createTestApp({ tls: { cert: readFileSync(made.certFile), key: readFileSync(made.keyFile) } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as AddressInfo).port;
  origin = `https://localhost:${String(port)}`;
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

/** Reads a whole HTTP/1.1 response as text, for either request below. */
function readAnswer(resolve: (answer: Answer) => void) {
  return (res: IncomingMessage) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
    });
  };
}

/** HTTP/1.1 over TLS that trusts only the throw-away clinic CA, as a tablet with it installed would. */
function getHttp1(pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${origin}${pathname}`, { ca: caCert }, readAnswer(resolve));
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

/** A TLS handshake with the given options: the protocol and suite agreed, or the error that refused it. */
function handshake(options: ConnectionOptions): Promise<{ protocol: string | null; cipher: string } | Error> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, servername: 'localhost', ca: caCert, ...options }, () => {
      resolve({ protocol: socket.getProtocol(), cipher: socket.getCipher().name });
      socket.end();
    });
    socket.on('error', resolve);
  });
}

/** Plain HTTP/1.1, as someone typing http:// in front of the HTTPS port's address sends it. */
function getPlainHttp(pathname: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: pathname, method, headers: { host: `localhost:${String(port)}` } },
      readAnswer(resolve),
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the HTTPS port (issue 35 F10)', () => {
  it('refuses TLS 1.2 clients that offer only suites without forward secrecy or without AEAD', async () => {
    for (const ciphers of ['AES128-SHA', 'AES256-SHA256', 'ECDHE-RSA-AES128-SHA', 'DHE-RSA-AES128-GCM-SHA256']) {
      const outcome = await handshake({ maxVersion: 'TLSv1.2', ciphers });
      expect(outcome, ciphers).toBeInstanceOf(Error);
    }
  });

  it('agrees TLS 1.2 with an ECDHE AEAD suite, and TLS 1.3 as before', async () => {
    expect(await handshake({ maxVersion: 'TLSv1.2' })).toEqual({
      protocol: 'TLSv1.2',
      cipher: expect.stringMatching(/^ECDHE-RSA-(AES(128|256)-GCM-SHA(256|384)|CHACHA20-POLY1305)$/) as unknown,
    });
    expect(await handshake({ maxVersion: 'TLSv1.2', ciphers: 'ECDHE-RSA-CHACHA20-POLY1305' })).toEqual({
      protocol: 'TLSv1.2',
      cipher: 'ECDHE-RSA-CHACHA20-POLY1305',
    });
    expect(await handshake({ minVersion: 'TLSv1.3' })).toMatchObject({ protocol: 'TLSv1.3' });
  });

  it('redirects plain http to https on the same port and path, instead of an empty reply', async () => {
    const answer = await getPlainHttp('/cgm/login?from=tablet');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://localhost:${String(port)}/cgm/login?from=tablet`);
    expect(answer.body).toContain('HTTPS');

    const posted = await getPlainHttp('/api/cgm/login', 'POST');
    expect(posted.status).toBe(308);
    expect(posted.headers.location).toBe(`https://localhost:${String(port)}/api/cgm/login`);

    // HTTPS on the same port still answers after the plain requests.
    expect((await getHttp1('/api/cgm/devops')).status).toBe(200);
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
