import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fhirClientListSchema, fhirClientSchema, type FhirClient, type FhirClientInput } from '#common/contract';
import type { HttpClient } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import { useFormSave } from '../../shared/api/submission-keys';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';

const basePath = (product: string) => `/api/${product}/fhirclients`;

/**
 * The one key factory of the backend clients (issue 38, DESIGN §2 rule 4). Not kept in the offline cache: no tablet
 * needs the list of systems that may read a clinic's data, and it is the administrators' alone.
 */
export const fhirClientQueries = {
  all: () => ['fhir-clients'] as const,
  list: (http: HttpClient, product: string) =>
    queryOptions({
      queryKey: [...fhirClientQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => http.get(basePath(product), fhirClientListSchema, { signal }),
      meta: { persist: false },
    }),
};

export function useFhirClients() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useQuery(fhirClientQueries.list(http, product));
}

/** POST a registration; the form shows its own 400 messages under its fields. */
export function useRegisterFhirClient() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useFormSave({
    save: (input: FhirClientInput, keyFor): Promise<FhirClient> =>
      http.post(basePath(product), input, fhirClientSchema, { idempotencyKey: keyFor(input) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fhirClientQueries.all() }),
  });
}

export function useRevokeFhirClient() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post(`${basePath(product)}/${String(id)}/revoke`, {}, fhirClientSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fhirClientQueries.all() }),
  });
}
