import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  oEmbedVideoSchema,
  replaceStaticHost,
  resourceConfigSchema,
  staticHostPlaceholder,
  type ResourceConfig,
} from '../../shared/api/contract';
import type { StaticJsonFetcher } from '../../shared/api/static-json';
import { useStaticJson } from '../../shared/api/static-json-context';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';

/** The URL of a video's oEmbed answer: the endpoint with the video's absolute address as `url`. */
export function oEmbedRequestUrl(endpoint: string, videoUrl: string, base: string): string {
  const request = new URL(endpoint, base);
  request.searchParams.set('url', new URL(videoUrl, base).href);
  request.searchParams.set('format', 'json');
  return request.href;
}

/** The one key factory of the feature (DESIGN §2 rule 4). */
export const resourceQueries = {
  all: () => ['resources'] as const,
  config: (fetcher: StaticJsonFetcher, url: string, staticHost: string) =>
    queryOptions({
      queryKey: [...resourceQueries.all(), 'config', url, staticHost] as const,
      queryFn: async ({ signal }): Promise<ResourceConfig> =>
        replaceStaticHost(await fetcher(url, resourceConfigSchema, { signal }), staticHost),
      // The config changes with a deployment, not during a session.
      staleTime: 60 * 60 * 1000,
      retry: 1,
      retryDelay: 500,
    }),
  videoDuration: (fetcher: StaticJsonFetcher, endpoint: string, videoUrl: string, base: string) =>
    queryOptions({
      queryKey: [...resourceQueries.all(), 'video-duration', endpoint, videoUrl] as const,
      queryFn: async ({ signal }): Promise<number> =>
        (await fetcher(oEmbedRequestUrl(endpoint, videoUrl, base), oEmbedVideoSchema, { signal })).duration,
      staleTime: Infinity,
      // Without the video service the link still works; it shows no duration rather than waiting for retries.
      retry: false,
    }),
};

/**
 * Spec §3/§7: the resource config, read at start from the runtime config's `resourcesConfigUrl`, with the
 * static-host placeholder replaced (in the URL too, should the configuration carry it there).
 */
export function useResourceConfig() {
  const fetcher = useStaticJson();
  const { resourcesConfigUrl, staticHost } = useRuntimeConfig();
  const host = staticHost.replace(/\/+$/, '');
  return useQuery(resourceQueries.config(fetcher, resourcesConfigUrl.split(staticHostPlaceholder).join(host), host));
}

/** A video's duration in seconds from the video service's oEmbed; undefined while unknown or unreachable. */
export function useVideoDuration(endpoint: string, videoUrl: string): number | undefined {
  const fetcher = useStaticJson();
  const { data } = useQuery(resourceQueries.videoDuration(fetcher, endpoint, videoUrl, window.location.href));
  return data;
}
