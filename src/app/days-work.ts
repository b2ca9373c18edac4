import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../shared/api/http';
import type { SessionStore } from '../shared/auth/session-store';
import { todayIso } from '#common/validation/dates';

/** How many of the day's patients and orders are read at once. */
const parallelReads = 4;

/**
 * Issue 36: a technician's day is the in-clinic tests scheduled for today at their provider service. At sign-in
 * and on each start, that list (the Orders tab's "Today's tests in the clinic"), each of its patients, their orders
 * and each order as its begin page reads it are fetched into the encrypted per-user cache, so a tablet that loses
 * the network still shows them. Only spec §7 list and detail calls; nothing is written. Spec §7 cannot ask for
 * "in clinic, today", so the list narrows on the tablet (see `orderQueries.todayInClinic`); "today" is the tablet's
 * day, as the tablet is in the clinic (the contract gives a provider service no time zone of its own).
 */
export async function keepTheDaysWork(
  queryClient: QueryClient,
  http: HttpClient,
  session: SessionStore,
  product: string,
  now: Date = new Date(),
): Promise<void> {
  const status = session.getSnapshot();
  const providerServiceId = status.currentProviderServiceId;
  if (
    !status.isLoggedIn ||
    status.userRole !== 'technician' ||
    !status.acceptedPrivacyPolicy ||
    status.handover !== null ||
    status.patientMode !== null ||
    providerServiceId === null
  ) {
    return;
  }
  // Loaded here, not with the app's first download: only a signed-in technician needs it.
  const [{ patientQueries }, { orderQueries }, { assessmentQueries }] = await Promise.all([
    import('../shared/api/patient-queries'),
    import('../features/orders/queries'),
    import('../features/assessments/api'),
  ]);
  // Fetched afresh: the day's list is what changed since the last start.
  const today = await queryClient.query({
    ...orderQueries.todayInClinic(http, providerServiceId, todayIso(now)),
    staleTime: 0,
  });
  const patientIds = [...new Set(today.map(({ patient }) => patient.id))];
  const reads: (() => Promise<unknown>)[] = [
    ...patientIds.map((id) => () => queryClient.query(patientQueries.detail(http, id))),
    ...today.map(
      ({ order }) =>
        () =>
          queryClient.query(assessmentQueries.order(http, product, order.id)),
    ),
  ];
  // A few at a time, so the pages the technician opens meanwhile are not queued behind the day's reads.
  for (let start = 0; start < reads.length; start += parallelReads) {
    await Promise.all(reads.slice(start, start + parallelReads).map((read) => read()));
  }
}

/**
 * Keeps the day's work at this start, and again whenever the technician, their provider service or their
 * acceptance of the policy changes (a sign-in among them). A failure (offline, a refusal) leaves the cache as it is:
 * the pages say what they can.
 */
export function followTheDaysWork(
  queryClient: QueryClient,
  http: HttpClient,
  session: SessionStore,
  product: string,
): () => void {
  let last = '';
  const follow = () => {
    const status = session.getSnapshot();
    const current = [
      status.isLoggedIn,
      status.userDatabaseId,
      status.userRole,
      status.acceptedPrivacyPolicy,
      status.currentProviderServiceId,
    ].join(':');
    if (current === last) return;
    last = current;
    keepTheDaysWork(queryClient, http, session, product).catch(() => undefined);
  };
  follow();
  return session.subscribe(follow);
}
