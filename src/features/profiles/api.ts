import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  clinicianListSchema,
  clinicianProfileSchema,
  listQueryString,
  technicianListSchema,
  technicianProfileSchema,
  type ClinicianProfile,
  type ClinicianUpdate,
  type ClinicianWrite,
  type StaffProfileType,
  type TechnicianProfile,
  type TechnicianUpdate,
  type TechnicianWrite,
} from '#common/contract';
import type { HttpClient } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import type { ListSource } from '../../shared/ui/general-list';
import { useFormSave } from '../../shared/api/submission-keys';

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
  return useFormSave({
    save: (save: StaffSave, keyFor): Promise<StaffProfile> => {
      const path = `/api/profile/${save.type}s`;
      const schema = staffSchemas[save.type].detail;
      return 'id' in save.body
        ? http.put(path, save.body, schema)
        : http.post(path, save.body, schema, { idempotencyKey: keyFor(save) });
    },
    onSuccess: async (profile, save) => {
      queryClient.setQueryData(staffQueries.detail(http, save.type, profile.id).queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: staffQueries.lists(save.type) });
    },
  });
}
