import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { recordIdParamSchema } from '#common/contract';
import { useHttp } from '../api/http-context';
import { patientQueries } from '../api/patient-queries';

/**
 * The patient the address names (`:patientId`) and the read of their profile. The id is null, and nothing is read,
 * when the address names no valid one.
 */
export function useRoutedPatient() {
  const http = useHttp();
  const id = recordIdParamSchema.safeParse(useParams().patientId).data ?? null;
  const query = useQuery({ ...patientQueries.detail(http, id ?? 0), enabled: id !== null });
  return { id, query };
}
