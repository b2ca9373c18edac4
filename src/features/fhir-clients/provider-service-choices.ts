import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../shared/api/http-context';
import { providerServiceQueries } from '../../shared/api/provider-service-queries';
import { providerServiceName } from '../../shared/lib/provider-service-name';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';

/** The provider services an administrator may register a client for (all of them), by their merged name. */
export function useVisibleProviderServiceRefs(): { id: number; name: string }[] {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const query = useQuery(providerServiceQueries.visible(http, product));
  return (query.data ?? []).map((ref) => ({ id: ref.id, name: providerServiceName(ref) }));
}
