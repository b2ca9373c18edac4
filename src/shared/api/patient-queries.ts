import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listQueryString } from '#common/contract/lists';
import { patientListSchema, patientProfileSchema, type PatientProfile } from '#common/contract/profiles';
import type { HttpClient } from './http';
import { useHttp } from './http-context';
import type { ListSource } from '../ui/general-list/list-source';

/** Spec §2/§7: all patients, patients with results, patients with outstanding orders. */
export type PatientListKind = 'all' | 'withResults' | 'outstandingOrders';

const listPaths: Readonly<Record<PatientListKind, string>> = {
  all: '/api/profile/patients',
  withResults: '/api/profile/patients/withresults',
  outstandingOrders: '/api/profile/patients/outstandingorders',
};

/**
 * The one key factory of patients (DESIGN §2 rule 4), in shared because ordering refreshes and reads patients too. Patient lists and profiles are kept for an
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
    // Offline, a search of any patient list looks through every patient any of them kept on the tablet.
    savedSearchKey: patientQueries.lists(),
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
