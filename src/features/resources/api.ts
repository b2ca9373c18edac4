import { queryOptions, useQuery } from '@tanstack/react-query';
import { oEmbedVideoSchema } from '#common/contract';
import { resourceConfigQueries } from '../../shared/api/resource-config';
import type { StaticJsonFetcher } from '../../shared/api/static-json';
import { useStaticJson } from '../../shared/api/static-json-context';

/** The URL of a video's oEmbed answer: the endpoint with the video's absolute address as `url`. */
export function oEmbedRequestUrl(endpoint: string, videoUrl: string, base: string): string {
  const request = new URL(endpoint, base);
  request.searchParams.set('url', new URL(videoUrl, base).href);
  request.searchParams.set('format', 'json');
  return request.href;
}

/** The feature's key factory (DESIGN §2 rule 4), under the resource config's ['resources'] family. */
export const resourceQueries = {
  all: () => resourceConfigQueries.all(),
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

/** A video's duration in seconds from the video service's oEmbed; undefined while unknown or unreachable. */
export function useVideoDuration(endpoint: string, videoUrl: string): number | undefined {
  const fetcher = useStaticJson();
  const { data } = useQuery(resourceQueries.videoDuration(fetcher, endpoint, videoUrl, window.location.href));
  return data;
}
