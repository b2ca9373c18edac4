import { useQueryClient } from '@tanstack/react-query';
import { patientProfileSchema, type PatientProfile, type PatientUpdate, type PatientWrite } from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import { patientQueries } from '../../shared/api/patient-queries';
import { useFormSave } from '../../shared/api/submission-keys';

export { patientQueries };

/** POST adds, PUT (id in the body) edits; the form shows its own 400 messages (spec §7 email in use). */
export function useSavePatient() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useFormSave({
    save: (body: PatientWrite | PatientUpdate, keyFor): Promise<PatientProfile> =>
      'id' in body
        ? http.put('/api/profile/patients', body, patientProfileSchema)
        : http.post('/api/profile/patients', body, patientProfileSchema, { idempotencyKey: keyFor(body) }),
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientQueries.detail(http, patient.id).queryKey, patient);
      await queryClient.invalidateQueries({ queryKey: patientQueries.lists() });
    },
  });
}
