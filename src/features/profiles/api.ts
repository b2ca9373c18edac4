import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  accountActionResultSchema,
  clinicianListSchema,
  clinicianProfileSchema,
  listQueryString,
  profileReferencesSchema,
  rulesSchema,
  technicianListSchema,
  technicianProfileSchema,
  type AccountStateRequest,
  type ClinicianProfile,
  type ClinicianUpdate,
  type ClinicianWrite,
  type ResendSetupLinkRequest,
  type SendResetPasswordLinkRequest,
  type StaffProfileType,
  type TechnicianProfile,
  type TechnicianUpdate,
  type TechnicianWrite,
} from '../../shared/api/contract';
import type { HttpClient } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import type { ListSource } from '../../shared/ui/general-list';
import { useSubmissionKeys } from '../../shared/api/submission-keys';

export type StaffProfile = ClinicianProfile | TechnicianProfile;

const staffSchemas = {
  clinician: { list: clinicianListSchema, detail: clinicianProfileSchema },
  technician: { list: technicianListSchema, detail: technicianProfileSchema },
} as const;

/** One key factory for clinician and technician profiles (DESIGN §2 rule 4). */
export const staffQueries = {
  all: (type: StaffProfileType) => ['profiles', type] as const,
  lists: (type: StaffProfileType) => [...staffQueries.all(type), 'list'] as const,
  details: (type: StaffProfileType) => [...staffQueries.all(type), 'detail'] as const,
  listSource: (http: HttpClient, type: StaffProfileType): ListSource<StaffProfile> => ({
    queryKey: (params, shape) => [...staffQueries.lists(type), shape, params],
    fetchPage: (params, signal) =>
      http.get(`/api/profile/${type}s?${listQueryString(params)}`, staffSchemas[type].list, { signal }),
    persist: false,
  }),
  detail: (http: HttpClient, type: StaffProfileType, id: number) =>
    queryOptions({
      queryKey: [...staffQueries.details(type), id],
      queryFn: ({ signal }): Promise<StaffProfile> =>
        http.get(`/api/profile/${type}s/${String(id)}`, staffSchemas[type].detail, { signal }),
    }),
};

/** What the profile forms choose from, and the birth-date rules (spec §3 Rules). */
export const referenceQueries = {
  profile: (http: HttpClient) =>
    queryOptions({
      queryKey: ['references', 'profile'] as const,
      queryFn: ({ signal }) => http.get('/api/references/profile', profileReferencesSchema, { signal }),
      staleTime: 10 * 60_000,
      // A clinic tablet that adds a patient offline still needs its provider services (DESIGN §3).
      meta: { persist: true },
    }),
  rules: (http: HttpClient) =>
    queryOptions({
      queryKey: ['references', 'rules'] as const,
      queryFn: ({ signal }) => http.get('/api/rules', rulesSchema, { signal }),
      staleTime: 10 * 60_000,
      meta: { persist: true },
    }),
};

export function useStaffListSource(type: StaffProfileType): ListSource<StaffProfile> {
  const http = useHttp();
  return useMemo(() => staffQueries.listSource(http, type), [http, type]);
}

export type StaffSave =
  | { type: 'clinician'; body: ClinicianWrite | ClinicianUpdate }
  | { type: 'technician'; body: TechnicianWrite | TechnicianUpdate };

/** POST adds, PUT (with the id in the body) edits; the form shows its own 400 messages. */
export function useSaveStaff() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const submissions = useSubmissionKeys();
  return useMutation({
    mutationFn: (save: StaffSave): Promise<StaffProfile> => {
      const path = `/api/profile/${save.type}s`;
      const schema = staffSchemas[save.type].detail;
      return 'id' in save.body
        ? http.put(path, save.body, schema)
        : http.post(path, save.body, schema, { idempotencyKey: submissions.keyFor(save) });
    },
    meta: { handlesBadRequest: true },
    onSettled: (_data, error) => {
      submissions.settle(error);
    },
    onSuccess: async (profile, save) => {
      queryClient.setQueryData(staffQueries.detail(http, save.type, profile.id).queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: staffQueries.lists(save.type) });
    },
  });
}

/**
 * Spec §7 account administration; each answers { success: true } or an error the caller shows. Deactivating and
 * reactivating refresh `refreshKey`, which the owning feature takes from its own key factory.
 */
export function useAccountActions(refreshKey: QueryKey) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: refreshKey });
  return {
    deactivate: useMutation({
      mutationFn: (request: AccountStateRequest) =>
        http.post('/api/profiles/deactivateaccount', request, accountActionResultSchema),
      meta: { handlesBadRequest: true },
      onSuccess: refresh,
    }),
    reactivate: useMutation({
      mutationFn: (request: AccountStateRequest) =>
        http.post('/api/profiles/reactivateaccount', request, accountActionResultSchema),
      meta: { handlesBadRequest: true },
      onSuccess: refresh,
    }),
    resendSetupLink: useMutation({
      mutationFn: (request: ResendSetupLinkRequest) =>
        http.post('/api/profiles/resendsetupaccountlink', request, accountActionResultSchema),
      meta: { handlesBadRequest: true },
    }),
    sendResetLink: useMutation({
      mutationFn: (request: SendResetPasswordLinkRequest) =>
        http.post('/api/profiles/sendresetpasswordlink', request, accountActionResultSchema),
      meta: { handlesBadRequest: true },
    }),
  };
}
