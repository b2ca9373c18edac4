import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderFeature, signedInStore, type HttpCall } from '../features/provider-services/testing';
import { ProviderServiceHeader } from './provider-service-header';

vi.setConfig({ testTimeout: 30_000 });

const northside = {
  id: 1,
  provider: { id: 1, name: 'Northside Memory Clinic' },
  service: { id: 1, name: 'Neurology' },
};
const longName = {
  id: 7,
  provider: { id: 2, name: 'The Very Long Named Regional Cognitive and Memory Health Institute of the Great Lakes' },
  service: { id: 5, name: 'Geriatrics' },
};

const visible = (list: unknown[]) => (call: HttpCall) => {
  if (call.path === '/api/cgm/providerservices/updatedproviderservices') return { dataList: list, count: list.length };
  throw new Error(`unexpected call ${call.path}`);
};

const routes = [{ path: '/cgm/manage/cops', element: <ProviderServiceHeader /> }];

describe('ProviderServiceHeader', () => {
  it('lets a cops user choose the current provider service, names cut at 80 characters', async () => {
    const user = userEvent.setup();
    const store = signedInStore({ role: 'cops', providerServices: [northside] });
    const { container } = renderFeature(routes, {
      initialPath: '/cgm/manage/cops',
      script: visible([northside, longName]),
      store,
    });
    const select = await screen.findByRole('combobox', { name: 'Provider service' });
    expect(select).toHaveValue('All provider services');
    await user.click(select);
    const merged = `${longName.provider.name} -- ${longName.service.name}`;
    const option = await screen.findByRole('option', { name: `${merged.slice(0, 80)}…`, hidden: true });
    await user.click(option);
    expect(store.getSnapshot().currentProviderServiceId).toBe(7);
    // The dropdown's value is the spec's merged code, 'providerId,serviceId'.
    expect(container.querySelector('input[name="providerService"]')).toHaveValue('2,5');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'All provider services', hidden: true }));
    await waitFor(() => {
      expect(store.getSnapshot().currentProviderServiceId).toBeNull();
    });
  });

  it('shows staff their own provider and service, read-only', async () => {
    const store = signedInStore({ role: 'technician', providerServices: [northside] });
    renderFeature(routes, { initialPath: '/cgm/manage/cops', script: visible([northside]), store });
    const region = await screen.findByRole('region', { name: 'Current provider service' });
    expect(region).toHaveTextContent('Provider: Northside Memory Clinic');
    expect(region).toHaveTextContent('Service: Neurology');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
