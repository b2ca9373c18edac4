import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capabilityQuery } from '../shared/api/capabilities';
import { useHttp } from '../shared/api/http-context';
import { renderApp } from '../shared/testing/render';
import { OfflineBanner } from './offline-banner';

/** A page showing one list kept on the tablet (saved an hour ago) or none, beside what the app knows of the API. */
function Page({ withSavedList }: { withSavedList: boolean }) {
  const http = useHttp();
  useQuery(capabilityQuery(http, 'cgm', 'followUp'));
  const list = useQuery({
    queryKey: ['patients', 'list'],
    queryFn: (): Promise<string[]> => Promise.reject(new Error('offline')),
    enabled: withSavedList,
  });
  return (
    <>
      <OfflineBanner />
      {list.data !== undefined && <p>Rosa Alvarez</p>}
    </>
  );
}

function renderOffline(withSavedList: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  // What an earlier visit in this tab found out: the API follows orders up.
  window.sessionStorage.setItem('capability.followUp', 'offered');
  const view = renderApp([{ path: '/', element: <Page withSavedList={withSavedList} /> }], { initialEntries: ['/'] });
  if (withSavedList) {
    view.queryClient.setQueryData(['patients', 'list'], ['Rosa Alvarez'], { updatedAt: Date.now() - 60 * 60 * 1000 });
  }
  return view;
}

describe('the offline banner (issue 36)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('says how old the saved list on screen is, not how old what the app knows of the API is', async () => {
    renderOffline(true);
    expect(await screen.findByText('Rosa Alvarez')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/You are offline.*Saved 1 hour ago\./);
  });

  it('gives no age when nothing saved is on screen', async () => {
    renderOffline(false);
    expect(await screen.findByRole('status')).toHaveTextContent('You are offline');
    expect(screen.getByRole('status')).not.toHaveTextContent(/Saved/);
  });
});
