import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientLog } from './client-log';
import type { ResourceConfig } from '#common/contract/resources';
import { replaceStaticHost, resourceConfigSchema, staticHostPlaceholder } from '#common/contract/resources';
import type { StaticJsonFetcher } from './static-json';
import { useStaticJson } from './static-json-context';
import { useRuntimeConfig } from '../lib/runtime-config';

/**
 * The resource config of spec §3/§7 is read by the footer, the privacy documents, the About pages and the
 * Resources page: it lives here so that none of them borrows it from another feature. Its keys start the
 * ['resources'] family, which the Resources page extends with its video durations.
 */
export const resourceConfigQueries = {
  all: () => ['resources'] as const,
  config: (fetcher: StaticJsonFetcher, url: string, staticHost: string) =>
    queryOptions({
      queryKey: [...resourceConfigQueries.all(), 'config', url, staticHost] as const,
      queryFn: async ({ signal }): Promise<ResourceConfig> =>
        replaceStaticHost(await fetcher(url, resourceConfigSchema, { signal }), staticHost),
      // The config changes with a deployment, not during a session.
      staleTime: 60 * 60 * 1000,
      retry: 1,
      retryDelay: 500,
    }),
};

/**
 * Spec §3/§7: the resource config, read at start from the runtime config's `resourcesConfigUrl`, with the
 * static-host placeholder replaced (in the URL too, should the configuration carry it there). A config that cannot
 * be read is only logged (spec §7), as `resourceConfig.loadFailed`, by the callers that show something instead
 * (`logIfFailed`); the others show the failure itself.
 */
export function useResourceConfig(options: { logIfFailed?: boolean } = {}) {
  const logIfFailed = options.logIfFailed ?? false;
  const fetcher = useStaticJson();
  const { resourcesConfigUrl, staticHost } = useRuntimeConfig();
  const host = staticHost.replace(/\/+$/, '');
  const config = useQuery(
    resourceConfigQueries.config(fetcher, resourcesConfigUrl.split(staticHostPlaceholder).join(host), host),
  );
  const failed = config.isError;
  useEffect(() => {
    if (failed && logIfFailed) clientLog.warn('resourceConfig.loadFailed');
  }, [failed, logIfFailed]);
  return config;
}
