import type { QueryClient } from '@tanstack/react-query';
import { listPageSize, type ListParams } from '#common/contract/lists';
import type { HttpClient } from '../shared/api/http';
import type { SessionStore } from '../shared/auth/session-store';
import { cardPageSize, type ListPage } from '../shared/ui/general-list/list-source';

/**
 * Issue 36: a technician's day is the in-clinic tests waiting at their provider service. At sign-in and on each
 * start, the Orders tab's first page (patients with outstanding orders, as the tab asks for it on a tablet), each of
 * those patients and their orders are fetched into the encrypted per-user cache, so a tablet that loses the network
 * still shows them. Only spec §7 list and detail calls; nothing is written.
 */
export async function keepTheDaysWork(
  queryClient: QueryClient,
  http: HttpClient,
  session: SessionStore,
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
  const [{ patientQueries }, { orderQueries }] = await Promise.all([
    import('../shared/api/patient-queries'),
    import('../features/orders/queries'),
  ]);
  const source = patientQueries.listSource(http, 'outstandingOrders');
  // The Orders tab's own query (card mode, name order), so the tab shows this copy.
  const params: ListParams = {
    searchText: '',
    orderBy: 'name',
    ascending: true,
    skip: 0,
    take: cardPageSize,
    providerServiceId,
  };
  const list = await queryClient.infiniteQuery({
    queryKey: source.queryKey(params, 'pages'),
    queryFn: ({ pageParam, signal }) => source.fetchPage({ ...params, skip: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<unknown>, pages: ListPage<unknown>[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.dataList.length, 0);
      return loaded < last.count && last.dataList.length > 0 ? loaded : undefined;
    },
    meta: { persist: true },
  });
  const waiting = list.pages.flatMap((page) => page.dataList).slice(0, listPageSize);
  await Promise.all(
    waiting.flatMap((patient) => [
      queryClient.query(patientQueries.detail(http, patient.id)),
      queryClient.query(orderQueries.patientOrders(http, patient.id)),
    ]),
  );
}

/**
 * Keeps the day's work at this start, and again whenever the technician, their provider service or their
 * acceptance of the policy changes (a sign-in among them). A failure (offline, a refusal) leaves the cache as it is:
 * the pages say what they can.
 */
export function followTheDaysWork(queryClient: QueryClient, http: HttpClient, session: SessionStore): () => void {
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
    keepTheDaysWork(queryClient, http, session).catch(() => undefined);
  };
  follow();
  return session.subscribe(follow);
}
