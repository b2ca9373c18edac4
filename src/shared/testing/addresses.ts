/** An address as the page it opens and its query parameters, so a test can compare both in one go. */
export function addressParts(address: URL | string): { page: string; params: Record<string, string> } {
  const url = typeof address === 'string' ? new URL(address) : address;
  return { page: `${url.origin}${url.pathname}`, params: Object.fromEntries(url.searchParams) };
}
