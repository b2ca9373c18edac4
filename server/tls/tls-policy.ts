import type { Socket } from 'node:net';
import type { Server as TlsServer } from 'node:tls';

/**
 * Issue 35 F10: TLS 1.2 only with forward secrecy (ECDHE) and an AEAD cipher (AES-GCM, ChaCha20-Poly1305); TLS 1.3,
 * whose suites all have both, keeps Node's own list. Node turns TLS 1.3 off when `ciphers` names none of its suites,
 * hence they are named too.
 */
export const tlsCiphers = [
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'TLS_AES_128_GCM_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/** The protocol and cipher options of the HTTPS server. */
export const tlsPolicy = { minVersion: 'TLSv1.2', ciphers: tlsCiphers, honorCipherOrder: true } as const;

/** Every TLS connection starts with a handshake record; a plain HTTP request starts with a method's letter. */
const tlsHandshakeRecord = 0x16;
/** A connection that sends nothing this long is closed (the TLS handshake has its own limit once it starts). */
const firstByteTimeoutMs = 10_000;
/** Enough for any request line and Host header a browser sends. */
const maxPlainHeadBytes = 8192;
const hostPattern = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/;
const pathPattern = /^\/[\x21-\x7e]*$/;

/**
 * Where a plain HTTP request to the HTTPS port is sent: the same host (from its Host header, when that is a plain
 * host name or address, else the address it connected to), the same port and path, over https.
 */
export function httpsLocation(head: string, socket: Pick<Socket, 'localAddress' | 'localPort'>): string {
  const [requestLine = '', ...headerLines] = head.split('\r\n');
  const target = requestLine.split(' ')[1] ?? '/';
  const hostHeader =
    headerLines
      .find((line) => /^host:/i.test(line))
      ?.slice(5)
      .trim() ?? '';
  const hostName = hostHeader.replace(/:\d+$/, '');
  const local = socket.localAddress ?? 'localhost';
  const host = hostPattern.test(hostName) ? hostName : local.includes(':') ? `[${local}]` : local;
  const path = pathPattern.test(target) ? target : '/';
  return `https://${host}:${String(socket.localPort ?? 443)}${path}`;
}

function answerPlainHttp(socket: Socket, head: string): void {
  const method = head.slice(0, head.indexOf(' '));
  // 308 keeps the method and body of a form's POST; a browser's GET gets the ordinary 301.
  const status = method === 'GET' || method === 'HEAD' ? '301 Moved Permanently' : '308 Permanent Redirect';
  const location = httpsLocation(head, socket);
  const body = `This server answers over HTTPS only: ${location}\n`;
  socket.end(
    `HTTP/1.1 ${status}\r\nLocation: ${location}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${String(Buffer.byteLength(body))}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n` +
      (method === 'HEAD' ? '' : body),
  );
}

/** Reads a plain HTTP request's head (up to its blank line, or a limit), then answers it with the redirect. */
function redirectPlainRequest(socket: Socket, first: Buffer): void {
  let head = first.toString('latin1');
  const answer = (): void => {
    socket.removeAllListeners('data');
    answerPlainHttp(socket, head);
  };
  if (head.includes('\r\n\r\n') || head.length >= maxPlainHeadBytes) {
    answer();
    return;
  }
  socket.on('data', (chunk: Buffer) => {
    head += chunk.toString('latin1');
    if (head.includes('\r\n\r\n') || head.length >= maxPlainHeadBytes) answer();
  });
  socket.once('end', answer);
}

/**
 * Issue 35 F10: plain HTTP sent to the HTTPS port is answered with a redirect to https on the same port, instead of
 * an empty reply. The first byte of each connection tells them apart: a TLS handshake goes on to the HTTPS server
 * (HTTP/2 and HTTP/1.1) unchanged, anything else is read as a plain request and redirected.
 */
export function redirectPlainHttpOnTlsPort(server: TlsServer): void {
  const tlsListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    // Until the connection is handed on, an error (a reset) or silence just closes it.
    const closeOnError = (): void => {
      socket.destroy();
    };
    const closeSilent = (): void => {
      socket.destroy();
    };
    socket.on('error', closeOnError);
    socket.on('timeout', closeSilent);
    socket.setTimeout(firstByteTimeoutMs);
    socket.once('readable', () => {
      socket.setTimeout(0);
      socket.removeListener('timeout', closeSilent);
      const first = socket.read() as Buffer | null;
      if (first === null || first.length === 0) {
        socket.destroy();
        return;
      }
      if (first[0] === tlsHandshakeRecord) {
        socket.removeListener('error', closeOnError);
        socket.unshift(first);
        for (const listener of tlsListeners) listener.call(server, socket);
        return;
      }
      redirectPlainRequest(socket, first);
    });
  });
}
