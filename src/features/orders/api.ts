import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod/mini';
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

/** Orders and the patients' open orders (and maybe default email) change together, so both are read again. */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return async (changedOrders: QueryKey = orderQueries.all()) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: changedOrders }),
      queryClient.invalidateQueries({ queryKey: patientQueries.all() }),
    ]);
  };
}

/** An order form's save: the server's 400 reasons show on its fields, and a submission is sent once. */
function useOrderFormSave<Body, Result>(
  path: string,
  schema: z.ZodMiniType<Result>,
  changedOrders?: (result: Result) => QueryKey,
) {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const refresh = useRefreshOrders();
  return useFormSave({
    save: (body: Body, keyFor): Promise<Result> =>
      http.post(`/api/${product}/${path}`, body, schema, { idempotencyKey: keyFor(body) }),
    onSuccess: (result) => refresh(changedOrders?.(result)),
  });
}

/** POST /api/{product}/assessmentorders: of the orders, only the patient's are read again. */
export function useCreateOrder() {
  const http = useHttp();
  return useOrderFormSave<AssessmentOrderInput, AssessmentOrder>(
    'assessmentorders',
    assessmentOrderSchema,
    (order) => orderQueries.patientOrders(http, order.patient.id).queryKey,
  );
}

/** POST /api/{product}/assessmentorders/bulk (spec §3 Mass order payload), one transaction on the server. */
export function useMassOrder() {
  return useOrderFormSave<MassOrderInput, MassOrderResult>('assessmentorders/bulk', massOrderResultSchema);
}

/** After any follow-up action the order's row, its timeline and the patient's open orders are read again. */
function useFollowUpMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: send,
    meta: { handlesBadRequest: true },
    onSuccess: () => refresh(),
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
