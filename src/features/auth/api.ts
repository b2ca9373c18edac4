import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useHttp } from '../../shared/api/http-context';

/** POST /api/profiles/forgotpassword: the server answers alike whether or not the address is known. */
export function useForgotPassword() {
  const http = useHttp();
  return useMutation({
    mutationFn: (userEmail: string) => http.post('/api/profiles/forgotpassword', { userEmail }, z.unknown()),
    meta: { handlesBadRequest: true },
  });
}
