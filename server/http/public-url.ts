import type { AddressInfo } from 'node:net';

/** Addresses only this machine can reach: demo mode on them exposes nothing to the clinic network. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || bare === '::ffff:127.0.0.1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * The origin emailed links get when PUBLIC_URL is not set: the address and port the server listens on (a wildcard
 * address becomes localhost, which at least works on the server's own machine). It comes from the socket, never
 * from a request, so a forged Host header cannot change it.
 */
export function originFromAddress(address: AddressInfo | string | null, fallbackPort: number): string {
  if (address === null || typeof address === 'string') return `http://localhost:${String(fallbackPort)}`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${String(address.port)}`;
}
