import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testProviderService } from '../../shared/testing/factories';
import { AddProviderServicePage, EditProviderServicePage } from './provider-service-edit-pages';
import { referenceAnswers, renderFeature, type HttpCall } from './testing';

// Mantine forms in jsdom are slow on a busy machine; these tests wait on behaviour, not on time.
vi.setConfig({ testTimeout: 30_000 });

/**
 * The batteries as the server names them for a Spanish-speaking administrator (spec §3 Battery localizedText):
 * `name` stays the stored English name, so a form that showed it would be found out.
 */
const inSpanish = {
  FullCBB: 'Evaluación completa',
  MemOnlyCBB: 'Evaluación de la memoria',
} as const;

function answer(call: HttpCall): unknown {
  const path = call.path.split('?')[0];
  if (path === '/api/references/localities') return referenceAnswers.localities;
  if (path === '/api/references/reporttypes') return referenceAnswers.reportTypes;
  if (path === '/api/references/batteries' || path === '/api/cgm/providerservices/batteries') {
    const ownList = path === '/api/cgm/providerservices/batteries';
    return {
      ...referenceAnswers.batteries,
      dataList: referenceAnswers.batteries.dataList.map((battery) => ({
        ...battery,
        localizedText: inSpanish[battery.code as keyof typeof inSpanish],
        // Only the provider service's own list marks what it offers.
        selected: ownList && battery.code === 'FullCBB',
      })),
    };
  }
  if (path === '/api/cgm/providerservices/1') {
    return testProviderService({
      supportedBatteryTypes: [{ code: 'FullCBB', name: 'Full assessment', isDefault: true }],
    });
  }
  return undefined;
}

function batteryCalls(calls: readonly HttpCall[]): string[] {
  return calls.filter((call) => call.path.includes('batteries')).map((call) => call.path);
}

describe('the batteries of the provider-service form (spec §3, §7)', () => {
  it('lists an existing provider service’s batteries from GET providerservices/batteries, by their localized names', async () => {
    const { calls } = renderFeature(
      [{ path: '/cgm/manage/editproviderservice/:providerServiceId', element: <EditProviderServicePage /> }],
      { initialPath: '/cgm/manage/editproviderservice/1', script: answer },
    );
    const full = await screen.findByRole('checkbox', { name: inSpanish.FullCBB });
    expect(full).toBeChecked();
    expect(screen.getByRole('checkbox', { name: inSpanish.MemOnlyCBB })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Full assessment' })).not.toBeInTheDocument();
    expect(batteryCalls(calls)).toEqual(['/api/cgm/providerservices/batteries?providerServiceId=1']);
  });

  it('lists every battery for a new provider service from the reference list, by their localized names', async () => {
    const { calls } = renderFeature([{ path: '/cgm/manage/addproviderservice', element: <AddProviderServicePage /> }], {
      initialPath: '/cgm/manage/addproviderservice',
      script: answer,
    });
    expect(await screen.findByRole('checkbox', { name: inSpanish.FullCBB })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: inSpanish.MemOnlyCBB })).not.toBeChecked();
    expect(batteryCalls(calls)).toEqual(['/api/references/batteries']);
  });
});

describe('the languages of the provider-service form (spec §5 TEXT_FIELD_REQUIRED)', () => {
  it('are read as required with their group, as every required field is', async () => {
    renderFeature([{ path: '/cgm/manage/addproviderservice', element: <AddProviderServicePage /> }], {
      initialPath: '/cgm/manage/addproviderservice',
      script: answer,
    });
    expect(await screen.findByRole('group', { name: 'Languages' })).toHaveAccessibleDescription(
      'This field is required',
    );
  });
});
