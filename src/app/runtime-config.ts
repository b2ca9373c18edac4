import { runtimeConfigSchema, type RuntimeConfig } from '#common/contract/config';

/** One build serves any API: where it is comes from /config.json, fetched at start (DESIGN §1). */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  // The page preloads it (index.html); a request of the same kind takes that response instead of a second one. The
  // server marks it for revalidation, so the browser never starts from a stale copy.
  const response = await fetchImpl('/config.json');
  if (!response.ok) throw new Error(`config.json answered ${String(response.status)}`);
  return runtimeConfigSchema.parse(await response.json());
}
