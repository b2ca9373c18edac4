import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useRuntimeConfig } from '../lib/runtime-config';
import { isApiError, type HttpClient } from './http';
import { useHttp } from './http-context';

/**
 * Issue 37: what the API offers beyond the calls of spec §7. A production API offers none of it; the reference
 * server offers all of it unless started with API_SURFACE=spec. The client finds out by itself, never by asking the
 * user, and this module is the one place that decides: features ask `useCapability(name)` and leave out what is
 * not offered, without an error, a toast or an empty frame.
 *
 * - followUp: the follow-up list and "Needs attention", an order's timeline, resend, cancel, hand-off and letters,
 *   and a provider service's follow-up days (link expiry, reminder).
 * - unableToTake: "I cannot do this test" on the begin pages. Asked apart from followUp because a patient may not
 *   read the follow-up list: its probe would be refused, and every refusal is a security event of the audit trail.
 * - results: results over time and the result summaries of the lists and the profile.
 * - reportAccess: a short-lived token for the embedded report page.
 * - audit: the administrators' audit trail (issue 35), its Manage tab.
 * - fhirClients: the backend clients of the FHIR API (issue 38), their Manage tab.
 * - fhir: the FHIR R4 API (issue 38), for the patient page's "Download for the EHR".
 * - handover, patientLinkCheck, resetLinkCheck, profileReferences: learnt from their own call the first time it is
 *   made (noteAnswer), since asking before would change something or needs what only that moment has.
 */
export type Capability =
  | 'followUp'
  | 'unableToTake'
  | 'results'
  | 'reportAccess'
  | 'audit'
  | 'fhirClients'
  | 'fhir'
  | 'handover'
  | 'patientLinkCheck'
  | 'resetLinkCheck'
  | 'profileReferences';

/** What an answer says about a capability; 'offline' (a network error) says nothing and is never remembered. */
export type CapabilityState = 'offered' | 'notOffered' | 'offline';

/**
 * A 404 or 405 from a call beyond spec §7 means the API does not have it. A network error means offline. Any
 * other answer (200, 400, 403, a 500…) means the call exists.
 */
export function capabilityFromAnswer(error: unknown): CapabilityState {
  if (error === null || error === undefined) return 'offered';
  if (!isApiError(error)) return 'offered';
  if (error.isNetworkError) return 'offline';
  return error.status === 404 || error.status === 405 ? 'notOffered' : 'offered';
}

/** Whether an error is the API saying it has no such call (the feature then leaves its extra out). */
export const isNotOffered = (error: unknown): boolean => capabilityFromAnswer(error) === 'notOffered';

const anything = z.unknown();

/**
 * A call that asks without changing anything and whose path names no record, so that only a missing call answers
 * 404: an empty follow-up page, the summaries of no patient, a report token for nobody (400), a reason for no order
 * (400).
 */
const probes: Partial<
  Record<Capability, (http: HttpClient, product: string, signal: AbortSignal) => Promise<unknown>>
> = {
  followUp: (http, product, signal) =>
    http.get(`/api/${product}/assessmentorders/followup?filter=ATTENTION`, anything, { signal }),
  // An order 0 with an empty reason, which any signed-in person may send and the server refuses as bad input (400).
  unableToTake: (http, product, signal) =>
    http.post(`/api/${product}/assessmentorders/0/unabletotake`, {}, anything, { signal }),
  results: (http, _product, signal) => http.get('/api/profile/patients/results/summary?ids=', anything, { signal }),
  reportAccess: (http, product, signal) => http.post(`/api/${product}/cbbreport/access`, {}, anything, { signal }),
  audit: (http, product, signal) => http.get(`/api/${product}/audit?take=1`, anything, { signal }),
  fhirClients: (http, product, signal) => http.get(`/api/${product}/fhirclients`, anything, { signal }),
  fhir: (http, _product, signal) => http.get('/fhir/R4/metadata', anything, { signal }),
};

/**
 * What was found out is kept in the tab's sessionStorage, so a reload in the same session does not ask again. It
 * names calls of the API, never a person.
 */
const rememberedKey = (capability: Capability) => `capability.${capability}`;

function remembered(capability: Capability): CapabilityState | undefined {
  try {
    const value = window.sessionStorage.getItem(rememberedKey(capability));
    return value === 'offered' || value === 'notOffered' ? value : undefined;
  } catch {
    return undefined;
  }
}

function remember(capability: Capability, state: CapabilityState): void {
  if (state === 'offline') return;
  try {
    window.sessionStorage.setItem(rememberedKey(capability), state);
  } catch {
    // Storage refused (private mode): the page asks again after a reload, nothing worse.
  }
}

/** Whether an earlier answer in this session said the API has no such call (the caller then does not ask). */
export const knownNotOffered = (capability: Capability): boolean => remembered(capability) === 'notOffered';

export const capabilityKeys = {
  all: () => ['capability'] as const,
  one: (capability: Capability) => [...capabilityKeys.all(), capability] as const,
};

/**
 * The probe of a capability, kept for the session (the query client is cleared at sign-out). Offline the probe
 * fails and is asked again the next time a screen needs it.
 */
export const capabilityQuery = (http: HttpClient, product: string, capability: Capability) =>
  queryOptions({
    queryKey: capabilityKeys.one(capability),
    queryFn: async ({ signal }): Promise<CapabilityState> => {
      const probe = probes[capability];
      if (!probe) return 'offered';
      // Asked once per session: a query asked again all the same (every query is invalidated when a user's cached
      // lists are restored at sign-in) gets the answer already found out, without a second question to the API.
      const known = remembered(capability);
      if (known) return known;
      try {
        await probe(http, product, signal);
        remember(capability, 'offered');
        return 'offered';
      } catch (error) {
        const state = capabilityFromAnswer(error);
        if (state === 'offline') throw error;
        remember(capability, state);
        return state;
      }
    },
    initialData: () => remembered(capability),
    staleTime: Infinity,
    gcTime: Infinity,
    // A refusal is caught above and is an answer; only a network error reaches the query. Offline, it is asked
    // again when the network is back (refetchOnReconnect), not by every screen that mounts meanwhile.
    retry: false,
    retryOnMount: false,
  });

/**
 * Remembers what a feature's own call said about its capability: after a 404 or 405 the extra is left out for the
 * rest of the session. Returns whether the call was "not offered", so the caller can carry on without it.
 */
export function noteAnswer(queryClient: QueryClient, capability: Capability, error: unknown): boolean {
  const state = capabilityFromAnswer(error);
  if (state !== 'offline') queryClient.setQueryData(capabilityKeys.one(capability), state);
  remember(capability, state);
  return state === 'notOffered';
}

export interface CapabilityAnswer {
  /** Show the extra: the API has it, or the device is offline and the extra shows its own offline state. */
  offered: boolean;
  /** Still asking: show nothing yet (never a frame that then disappears). */
  pending: boolean;
}

/**
 * Whether a screen shows an extra. Capabilities with a probe ask once per session; the others are offered until
 * their own call said otherwise.
 */
export function useCapability(capability: Capability | null): CapabilityAnswer {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const hasProbe = capability !== null && capability in probes;
  // Hooks run whatever is asked: `null` (nothing to ask, e.g. the person may not see the extra anyway) watches a
  // query it never runs. Without a probe the query only holds what the capability's own call said (noteAnswer).
  const query = useQuery({ ...capabilityQuery(http, product, capability ?? 'handover'), enabled: hasProbe });
  if (capability === null) return { offered: false, pending: false };
  if (query.data !== undefined) return { offered: query.data !== 'notOffered', pending: false };
  // Asking right now: nothing yet. Offline (failed or paused), the extra shows its own offline state.
  // Only the first question hides the extra; asking again after a network error keeps what is on screen.
  const asking = hasProbe && query.isPending && query.fetchStatus === 'fetching';
  return { offered: !asking, pending: asking };
}
