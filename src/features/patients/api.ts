import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  listQueryString,
  patientListSchema,
  patientProfileSchema,
  type PatientProfile,
  type PatientUpdate,
  type PatientWrite,
} from '../../shared/api/contract';
import type { HttpClient } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import type { ListSource } from '../../shared/ui/general-list';
import { useSubmissionKeys } from '../../shared/api/submission-keys';

/** Spec §2/§7: all patients, patients with results, patients with outstanding orders. */
export type PatientListKind = 'all' | 'withResults' | 'outstandingOrders';

const listPaths: Readonly<Record<PatientListKind, string>> = {
  all: '/api/profile/patients',
  withResults: '/api/profile/patients/withresults',
  outstandingOrders: '/api/profile/patients/outstandingorders',
};

/**
 * The one key factory of the patients feature (DESIGN §2 rule 4). Patient lists and profiles are kept for an
 * offline clinic tablet (meta.persist).
 */
export const patientQueries = {
  all: () => ['patients'] as const,
  lists: () => [...patientQueries.all(), 'list'] as const,
  listSource: (http: HttpClient, kind: PatientListKind): ListSource<PatientProfile> => ({
    queryKey: (params, shape) => [...patientQueries.lists(), kind, shape, params],
    fetchPage: (params, signal) =>
      http.get(`${listPaths[kind]}?${listQueryString(params)}`, patientListSchema, { signal }),
    persist: true,
  }),
  detail: (http: HttpClient, id: number) =>
    queryOptions({
      queryKey: [...patientQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => http.get(`/api/profile/patients/${String(id)}`, patientProfileSchema, { signal }),
      meta: { persist: true },
    }),
};

export function usePatientListSource(kind: PatientListKind): ListSource<PatientProfile> {
  const http = useHttp();
  return useMemo(() => patientQueries.listSource(http, kind), [http, kind]);
}

/** POST adds, PUT (id in the body) edits; the form shows its own 400 messages (spec §7 email in use). */
export function useSavePatient() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const submissions = useSubmissionKeys();
  return useMutation({
    mutationFn: (body: PatientWrite | PatientUpdate): Promise<PatientProfile> =>
      'id' in body
        ? http.put('/api/profile/patients', body, patientProfileSchema)
        : http.post('/api/profile/patients', body, patientProfileSchema, {
            idempotencyKey: submissions.keyFor(body),
          }),
    meta: { handlesBadRequest: true },
    onSettled: (_data, error) => {
      submissions.settle(error);
    },
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientQueries.detail(http, patient.id).queryKey, patient);
      await queryClient.invalidateQueries({ queryKey: patientQueries.lists() });
    },
  });
}
