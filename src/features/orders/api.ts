import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assessmentOrderSchema,
  handoffResultSchema,
  massOrderResultSchema,
  type HandoffResult,
  type AssessmentOrder,
  type AssessmentOrderInput,
  type MassOrderInput,
  type MassOrderResult,
} from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';
import { patientQueries } from '../../shared/api/patient-queries';
import { orderQueries } from './queries';
import { useFormSave } from '../../shared/api/submission-keys';

export { orderQueries };

/**
 * POST /api/{product}/assessmentorders. The dialog shows the server's 400 reasons on its fields; the patient's open
 * orders (and maybe default email) change, so their views refresh.
 */
export function useCreateOrder() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useFormSave({
    save: (body: AssessmentOrderInput, keyFor): Promise<AssessmentOrder> =>
      http.post(`/api/${product}/assessmentorders`, body, assessmentOrderSchema, { idempotencyKey: keyFor(body) }),
    onSuccess: async (order) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderQueries.patientOrders(http, order.patient.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: patientQueries.all() }),
      ]);
    },
  });
}

/** POST /api/{product}/assessmentorders/bulk (spec §3 Mass order payload), one transaction on the server. */
export function useMassOrder() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useFormSave({
    save: (body: MassOrderInput, keyFor): Promise<MassOrderResult> =>
      http.post(`/api/${product}/assessmentorders/bulk`, body, massOrderResultSchema, {
        idempotencyKey: keyFor(body),
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderQueries.all() }),
        queryClient.invalidateQueries({ queryKey: patientQueries.all() }),
      ]);
    },
  });
}

/** After any follow-up action the order's row, its timeline and the patient's open orders are read again. */
function useFollowUpMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { handlesBadRequest: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderQueries.all() }),
        queryClient.invalidateQueries({ queryKey: patientQueries.all() }),
      ]);
    },
  });
}

/** Issue 18: a new link for a home order, emailed; the old one stops working. */
export function useResendLink() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useFollowUpMutation((orderId: number) =>
    http.post(`/api/${product}/assessmentorders/${String(orderId)}/resendlink`, {}, assessmentOrderSchema),
  );
}

/** Issue 18: cancel an order, with the reason the timeline keeps. */
export function useCancelOrder() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useFollowUpMutation(({ orderId, reason }: { orderId: number; reason: string }) =>
    http.post(`/api/${product}/assessmentorders/${String(orderId)}/cancel`, { reason }, assessmentOrderSchema),
  );
}

/** Issue 18: a link of its own for the patient's phone, shown as a QR code or printed in a letter. */
export function useHandoff() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useFollowUpMutation(({ orderId, kind }: { orderId: number; kind: 'QR' | 'LETTER' }): Promise<HandoffResult> =>
    http.post(`/api/${product}/assessmentorders/${String(orderId)}/handoff`, { kind }, handoffResultSchema),
  );
}
