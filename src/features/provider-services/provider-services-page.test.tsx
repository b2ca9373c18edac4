import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProviderService } from '#common/contract';
import { searchDebounceMs } from '../../shared/ui/general-list';
import { assessmentLanguages, testProviderService } from '../../shared/testing/factories';
import { onWideScreen } from '../../shared/testing/wide-screen';
import { ProviderServicesPage } from './provider-services-page';
import { renderFeature, signedInStore, type HttpCall } from './testing';

vi.setConfig({ testTimeout: 30_000 });

function providerService(id: number, provider: string, service: string): ProviderService {
  return testProviderService({
    id,
    provider: { id, name: provider },
    service: { id: 100 + id, name: service },
    supportedAssessmentLanguages: assessmentLanguages('es-US'),
    defaultAssessmentLanguage: 'es-US',
    supportedBatteryTypes: [{ code: 'FullCBB', name: 'Full assessment', isDefault: true }],
    configurationsToggledBatteryTypes: {},
  });
}

const all = Array.from({ length: 30 }, (_, index) =>
  providerService(index + 1, `Clinic ${String(index + 1).padStart(2, '0')}`, 'Neurology'),
);

/** A tiny stand-in for the server: filters by searchText and pages with skip/take. */
function answer(call: HttpCall) {
  const url = new URL(call.path, 'http://test');
  const search = (url.searchParams.get('searchText') ?? '').toLowerCase();
  const skip = Number(url.searchParams.get('skip') ?? 0);
  const take = Number(url.searchParams.get('take') ?? 10_000);
  const matches = all.filter((row) => `${row.provider.name} -- ${row.service.name}`.toLowerCase().includes(search));
  return { dataList: matches.slice(skip, skip + take), count: matches.length };
}

const listCalls = (calls: HttpCall[]) =>
  calls
    .filter((call) => call.path.startsWith('/api/cgm/providerservices?'))
    .map((call) => new URL(call.path, 'http://test').searchParams);

function renderList(store = signedInStore({})) {
  return renderFeature([{ path: '/cgm/manage/cops', element: <ProviderServicesPage /> }], {
    initialPath: '/cgm/manage/cops',
    script: answer,
    store,
  });
}

onWideScreen();

describe('ProviderServicesPage', () => {
  it('asks for the first 25 by provider name, shows the count, the columns and the edit links', async () => {
    const { calls } = renderList();
    expect(await screen.findByText('30 records found')).toBeInTheDocument();
    const first = listCalls(calls)[0];
    expect(Object.fromEntries(first ?? [])).toEqual({
      searchText: '',
      orderBy: 'Provider.Name',
      ascending: 'true',
      skip: '0',
      take: '25',
    });
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(26);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Clinic 01 -- Neurology',
      'Standard cognitive report',
      'Out-Of-Clinic, In-Clinic',
      'United States - Spanish',
      'Edit',
    ]);
    expect(screen.getByRole('link', { name: 'Clinic 01 -- Neurology' })).toHaveAttribute(
      'href',
      '/cgm/manage/editproviderservice/1',
    );
    expect(screen.getByRole('link', { name: 'Edit Clinic 01 -- Neurology' })).toHaveAttribute(
      'href',
      '/cgm/manage/editproviderservice/1',
    );
    expect(screen.getByRole('link', { name: 'Add provider service' })).toHaveAttribute(
      'href',
      '/cgm/manage/addproviderservice',
    );
    expect(screen.getByRole('columnheader', { name: /Provider service/ })).toHaveAttribute('aria-sort', 'ascending');
    // Spec §9: the provider grid's value columns are 17 wide each; the name takes the rest.
    for (const name of [/Reports/, /Order type/, /Default language/])
      expect(screen.getByRole('columnheader', { name })).toHaveStyle({ width: '17%' });
  });

  it('names the default language from the localities when the answer gives its locality id only (issue 37)', async () => {
    const [first] = all;
    if (!first) throw new Error('a provider service expected');
    const shaped = {
      ...first,
      supportedAssessmentLanguages: first.supportedAssessmentLanguages.map(({ id, localityId, isDefault }) => ({
        id,
        localityId,
        isDefault,
      })),
    };
    renderFeature([{ path: '/cgm/manage/cops', element: <ProviderServicesPage /> }], {
      initialPath: '/cgm/manage/cops',
      store: signedInStore({}),
      script: (call) =>
        call.path.startsWith('/api/references/localities')
          ? { dataList: [{ id: 'es-US', name: 'United States - Spanish' }], count: 1 }
          : { dataList: [shaped], count: 1 },
    });
    expect(await screen.findByRole('cell', { name: 'United States - Spanish' })).toBeInTheDocument();
  });

  it('fetches the next page ahead as the reader nears the end of the grid, and shows it when asked', async () => {
    const user = userEvent.setup();
    const { calls } = renderList();
    await screen.findByText('30 records found');
    expect(listCalls(calls).some((params) => params.get('skip') === '25')).toBe(false);
    // jsdom lays nothing out, so any scroll of the grid is a scroll to its end.
    const viewport = screen.getByRole('table').closest('.mantine-ScrollArea-viewport');
    if (!viewport) throw new Error('the grid does not scroll');
    fireEvent.scroll(viewport, { target: { scrollTop: 200 } });
    await waitFor(() => {
      expect(listCalls(calls).some((params) => params.get('skip') === '25')).toBe(true);
    });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Clinic 26 -- Neurology' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it('sorts on the server: a header click asks for that column, a second click reverses it', async () => {
    const user = userEvent.setup();
    const { calls } = renderList();
    await screen.findByText('30 records found');
    await user.click(screen.getByRole('button', { name: /Default language/ }));
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.get('orderBy')).toBe('DefaultLanguage.Name');
    });
    expect(listCalls(calls).at(-1)?.get('ascending')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Default language/ }));
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.get('ascending')).toBe('false');
    });
    expect(screen.getByRole('columnheader', { name: /Default language/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('searches 1200 ms after the last key, and says when nothing matches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { calls } = renderList();
    await screen.findByText('30 records found');
    await user.type(screen.getByRole('searchbox', { name: 'Search provider services' }), 'zzz');
    act(() => {
      vi.advanceTimersByTime(searchDebounceMs - 100);
    });
    expect(listCalls(calls).some((params) => params.get('searchText') === 'zzz')).toBe(false);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    expect(screen.getByText('Try a different search.')).toBeInTheDocument();
    expect(screen.getByText('0 records found')).toBeInTheDocument();
  });

  it('offers no add or edit action without editProviderService', async () => {
    renderList(signedInStore({ entitlements: [] }));
    await screen.findByText('30 records found');
    expect(screen.queryByRole('link', { name: 'Add provider service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
  });

  it('says the provider services could not be loaded when the call fails', async () => {
    renderFeature([{ path: '/cgm/manage/cops', element: <ProviderServicesPage /> }], {
      initialPath: '/cgm/manage/cops',
      script: () => {
        throw new Error('network down');
      },
    });
    expect(await screen.findByText('The provider services could not be loaded.')).toBeInTheDocument();
  });
});
