import { runtimeConfigSchema, type RuntimeConfig } from '../shared/api/contract';

/** One build serves any API: where it is comes from /config.json, fetched at start (DESIGN §1). */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json answered ${String(response.status)}`);
  return runtimeConfigSchema.parse(await response.json());
}
