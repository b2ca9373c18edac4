import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  providerServiceSchema,
  type ProviderService,
  type ProviderServiceInput,
  type ProviderServiceRef,
} from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import { useSession } from '../../shared/auth/session-context';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';
import { useFormSave } from '../../shared/api/submission-keys';
import { providerServiceQueries, useProviderServiceListSource } from '../../shared/api/provider-service-queries';

// The route loader and this feature's pages reach the shared factory through here.
export { providerServiceQueries, useProviderServiceListSource };

/**
 * The provider services this user may see. Until the server answers (or when it cannot be reached) the list
 * from sign-in stands in, so an offline tablet still shows its own provider service.
 */
export function useVisibleProviderServices() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const session = useSession();
  const query = useQuery({
    ...providerServiceQueries.visible(http, product),
    placeholderData: [...session.userProviderServices],
  });
  const list: readonly ProviderServiceRef[] = query.data ?? session.userProviderServices;
  return { list, isPlaceholderData: query.isPlaceholderData, isFetching: query.isFetching, isError: query.isError };
}

/** POST (id null) or PUT a provider service; the form shows its own 400 and 409 messages. */
export function useSaveProviderService(id: number | null) {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const base = `/api/${product}/providerservices`;
  return useFormSave({
    save: (input: ProviderServiceInput, keyFor): Promise<ProviderService> =>
      id === null
        ? http.post(base, input, providerServiceSchema, { idempotencyKey: keyFor(input) })
        : http.put(`${base}/${String(id)}`, input, providerServiceSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(providerServiceQueries.detail(http, product, saved.id).queryKey, saved);
      // Not awaited: the form moves on at once; lists and the header refetch when next shown.
      void queryClient.invalidateQueries({ queryKey: providerServiceQueries.all() });
    },
  });
}
