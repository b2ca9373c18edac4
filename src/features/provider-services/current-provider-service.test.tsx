import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ManageHomePage, ProviderServiceSwitchPage, providerServiceRedirectMs } from './current-provider-service';
import type { ProviderServiceRef } from '#common/contract';
import { renderFeature, signedInStore, type HttpCall } from './testing';

vi.setConfig({ testTimeout: 30_000 });

const northside = {
  id: 1,
  provider: { id: 1, name: 'Northside Memory Clinic' },
  service: { id: 1, name: 'Neurology' },
};
const lakeside = { id: 2, provider: { id: 2, name: 'Lakeside Primary Care' }, service: { id: 2, name: 'Geriatrics' } };
const addedLater = { id: 3, provider: { id: 3, name: 'Harbor Clinic' }, service: { id: 3, name: 'Memory' } };

function visible(list: unknown[]) {
  return (call: HttpCall) => {
    if (call.path === '/api/cgm/providerservices/updatedproviderservices')
      return { dataList: list, count: list.length };
    throw new Error(`unexpected call ${call.path}`);
  };
}

const routes = [
  { path: '/cgm/providerservice/:providerServiceId', element: <ProviderServiceSwitchPage /> },
  { path: '/cgm/manage', element: <ManageHomePage /> },
  { path: '/cgm/manage/cops', element: <h1>Provider Services</h1> },
  { path: '/cgm/manage/patients', element: <h1>Patients</h1> },
];

/**
 * Opens `initialPath` for someone signed in as `role` with the provider services `signedInWith`, who may now see
 * `visibleNow`.
 */
function openAs(
  role: Parameters<typeof signedInStore>[0]['role'],
  services: { signedInWith: ProviderServiceRef[]; visibleNow: ProviderServiceRef[] },
  initialPath: string,
) {
  const store = signedInStore({ role, providerServices: services.signedInWith });
  const { router } = renderFeature(routes, { initialPath, script: visible(services.visibleNow), store });
  return { store, router };
}

describe('/{product}/providerservice/{id}', () => {
  it('makes a provider service added after sign-in current for a cops user, then opens the management home after 400 ms', async () => {
    // The clock stands still until the test moves it, so nothing can redirect early by accident.
    vi.useFakeTimers();
    const { store, router } = openAs(
      'cops',
      { signedInWith: [northside, lakeside], visibleNow: [northside, lakeside, addedLater] },
      '/cgm/providerservice/3',
    );
    // Only timers due now run (query batching, promise hops): the clock itself does not move.
    for (let step = 0; step < 100 && !screen.queryByText('Switching to Harbor Clinic -- Memory…'); step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
    }
    expect(screen.getByText('Switching to Harbor Clinic -- Memory…')).toBeInTheDocument();
    expect(store.getSnapshot().currentProviderServiceId).toBe(3);
    expect(router.state.location.pathname).toBe('/cgm/providerservice/3');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(providerServiceRedirectMs - 1);
    });
    expect(router.state.location.pathname).toBe('/cgm/providerservice/3');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    vi.useRealTimers();
    // /manage then opens the role home.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/cgm/manage/cops');
    });
  });

  it('refuses a provider service the user may not see, leaving the current one as it was', async () => {
    const { store, router } = openAs(
      'clinician',
      { signedInWith: [northside], visibleNow: [northside] },
      '/cgm/providerservice/2',
    );
    expect(
      await screen.findByText('Access forbidden: you do not have permission to open that page.'),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/cgm/manage/patients');
    });
    expect(store.getSnapshot().currentProviderServiceId).toBe(1);
  });
});

describe('/{product}/manage?providerserviceid=', () => {
  it('sets a visible provider service and goes to the role home', async () => {
    const { store, router } = openAs(
      'cops',
      { signedInWith: [northside, lakeside], visibleNow: [northside, lakeside] },
      '/cgm/manage?providerserviceid=2',
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/cgm/manage/cops');
    });
    expect(store.getSnapshot().currentProviderServiceId).toBe(2);
  });

  it('ignores an id the user may not see', async () => {
    const { store, router } = openAs(
      'technician',
      { signedInWith: [northside], visibleNow: [northside] },
      '/cgm/manage?providerserviceid=2',
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/cgm/manage/patients');
    });
    expect(store.getSnapshot().currentProviderServiceId).toBe(1);
  });
});
