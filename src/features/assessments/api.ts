import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
// The patient link's start imports this module: each schema from its own contract module, not the index (which
// would bring every schema of the contract into that first download, issue 32).
import {
  assessmentOrderDetailSchema,
  batteryTasks,
  beginTestResultSchema,
  patientLoginResultSchema,
} from '#common/contract/assessment-tests';
import { devopsSchema } from '#common/contract/auth';
import { patientLinkStateSchema } from '#common/contract/order-events';
import { assessmentOrderSchema } from '#common/contract/orders';
import type {
  AssessmentOrder,
  AssessmentOrderDetail,
  BeginSupervisedTestRequest,
  PatientLoginRequest,
  PatientProfile,
  UnableToTakeRequest,
} from '#common/contract';
import { knownNotOffered, noteAnswer } from '../../shared/api/capabilities';
import { ApiError, type HttpClient } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';
import { patientLinkTokenAtStart } from './patient-link-token';

/** The one key factory of the assessments feature (DESIGN §2 rule 4). */
export const assessmentQueries = {
  all: () => ['assessments'] as const,
  details: () => [...assessmentQueries.all(), 'detail'] as const,
  /** GET /api/profile/patients/{id}/assessmentorders/{assessmentId}: the order and what its begin page needs. */
  detail: (http: HttpClient, patientId: number, assessmentId: number) =>
    queryOptions({
      queryKey: [...assessmentQueries.details(), patientId, assessmentId] as const,
      queryFn: ({ signal }) =>
        http.get(
          `/api/profile/patients/${String(patientId)}/assessmentorders/${String(assessmentId)}`,
          assessmentOrderDetailSchema,
          { signal },
        ),
      // The status decides whether the test can begin: ask the server again whenever the page opens. The copy its
      // route loader fetched as the page was opening counts as that answer, not as an old one to fetch twice.
      staleTime: 5_000,
    }),
  /** Spec §7 GET /api/{product}/assessmentorders/{id}: one order, as staff read it (viewAssessmentOrder). */
  order: (http: HttpClient, product: string, assessmentId: number) =>
    queryOptions({
      queryKey: [...assessmentQueries.all(), 'order', assessmentId] as const,
      queryFn: ({ signal }) => http.get(ordersPath(product, assessmentId), assessmentOrderSchema, { signal }),
      // As the detail above: the status decides whether the test can begin.
      staleTime: 5_000,
      // Issue 36: a technician's day keeps today's orders, so an offline begin page still says what the order is.
      meta: { persist: true },
    }),
  /**
   * Issue 18: whether the patient's link still works, asked once as its page opens (which the order's timeline
   * records as opened); issue 32: with the clinic that sent it and the patient's language. An ended link changes
   * the page; a failed check leaves it as it is.
   */
  linkState: (http: HttpClient, product: string, token: string) =>
    queryOptions({
      queryKey: [...assessmentQueries.all(), 'link', token] as const,
      queryFn: async ({ signal, client }) => {
        const path = `/api/${product}/login/patient/link`;
        // Issue 37: an API without the link's own check said so once; the page then goes on without it.
        if (knownNotOffered('patientLinkCheck')) {
          throw new ApiError({ status: 404, code: 'NOT_FOUND', serverMessage: null, path });
        }
        try {
          return await http.post(path, { patientLoginToken: token }, patientLinkStateSchema, { signal });
        } catch (error) {
          noteAnswer(client, 'patientLinkCheck', error);
          throw error;
        }
      },
      staleTime: Infinity,
      retry: false,
    }),
};

/**
 * Issue 32: the link page's check, started by the application's start-up as soon as the token is read and the API
 * is known, beside the translations, the session and the page's own code, instead of after the page has rendered
 * (one round trip more on a phone's network). The page's query has the same key: it takes this answer, or waits for
 * it, and never asks twice. Without a token there is nothing to check (the page says so).
 */
export function prefetchPatientLinkState(queryClient: QueryClient, http: HttpClient, product: string, search: string) {
  const token = patientLinkTokenAtStart(search, product);
  // A failed check is the page's to handle, as if it had asked itself.
  if (token !== null) queryClient.query(assessmentQueries.linkState(http, product, token)).catch(() => undefined);
}

function ordersPath(product: string, id: number): string {
  return `/api/${product}/assessmentorders/${String(id)}`;
}

/**
 * Spec §4 on-site test: Begin needs the patient's profile and the order, both loaded. What the begin page needs of
 * the profile (deactivated, default language, the languages of the order's provider service) joins the order here;
 * null when the order is not this patient's.
 */
export function onSiteOrder(order: AssessmentOrder, patient: PatientProfile): AssessmentOrderDetail | null {
  if (order.patient.id !== patient.id) return null;
  const service = patient.providerServices.find((entry) => entry.id === order.providerService.id);
  return {
    ...order,
    patientIsDisabled: patient.isDisabled,
    patientDefaultLanguage: patient.defaultLanguage,
    supportedAssessmentLanguages: service?.supportedAssessmentLanguages ?? [],
    // The staff order answer does not estimate the length; the number of parts is the battery's.
    estimatedMinutes: null,
    testParts: batteryTasks[order.batteryType.code]?.length ?? null,
  };
}

/** Spec §7 login/patient; the page decides what each answer means, so no global 400 toast. */
export function usePatientLogin() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useMutation({
    mutationFn: (request: PatientLoginRequest) =>
      http.post(`/api/${product}/login/patient`, request, patientLoginResultSchema),
    meta: { handlesBadRequest: true },
  });
}

/** GET /api/{product}/devops: the server time a privacy acceptance records (spec §4). */
export function useServerTime() {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useMutation({ mutationFn: () => http.get(`/api/${product}/devops`, devopsSchema) });
}

/** Spec §7 begintest: the patient's own test in the chosen language. */
export function useBeginTest(assessmentId: number) {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useMutation({
    mutationFn: (language: string) =>
      http.post(`${ordersPath(product, assessmentId)}/begintest`, { language }, beginTestResultSchema),
    meta: { handlesBadRequest: true },
  });
}

/** Spec §7 beginsupervisedtest: on site, with both privacy timestamps and the test language. */
export function useBeginSupervisedTest(assessmentId: number) {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useMutation({
    mutationFn: (request: BeginSupervisedTestRequest) =>
      http.post(`${ordersPath(product, assessmentId)}/beginsupervisedtest`, request, beginTestResultSchema),
    meta: { handlesBadRequest: true },
  });
}

export type RunnerOutcome = { kind: 'completed' } | { kind: 'error'; errorCode: string };

/** Spec §4 completion and error callbacks; the order then changes, so every view of it is refetched. */
export function useRecordOutcome(assessmentId: number) {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ outcome, workflowInstanceId }: { outcome: RunnerOutcome; workflowInstanceId: string | null }) => {
      const attempt = workflowInstanceId ? { workflowInstanceId } : {};
      return outcome.kind === 'completed'
        ? http.post(`${ordersPath(product, assessmentId)}/testcompleted`, attempt, assessmentOrderSchema)
        : http.post(
            `${ordersPath(product, assessmentId)}/testerror`,
            { errorCode: outcome.errorCode, ...attempt },
            assessmentOrderSchema,
          );
    },
    meta: { handlesBadRequest: true },
    // Patient lists, profiles and order tables of other features all show the order's status and last result:
    // everything is marked stale (only what is on screen refetches), which also spares the patient's pages from
    // loading those features.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/**
 * Issue 32: "I cannot do this test": the attempt ends without a result and the clinic is told why. The order then
 * changes (it needs the clinic's attention), so every view of it is marked stale.
 */
export function useUnableToTake(assessmentId: number) {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UnableToTakeRequest) =>
      http.post(`${ordersPath(product, assessmentId)}/unabletotake`, request, assessmentOrderSchema),
    meta: { handlesBadRequest: true },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
