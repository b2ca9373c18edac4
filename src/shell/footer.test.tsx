import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceConfig } from '#common/contract';
import { fakeStaticJson, testConfig } from '../shared/testing/factories';
import { renderApp } from '../shared/testing/render';
import { displayVersion, Footer } from './footer';
import { clientLog } from '../shared/api/client-log';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('displayVersion', () => {
  it.each([
    ['1.2.3-beta+45', '1.2.3', 'without its pre-release tag and build'],
    ['1.2.3', '1.2.3', 'as it is'],
    ['10.20.30.40', '10.20.30', 'without a fourth number'],
    ['2.0.0+build.7', '2.0.0', 'without its build'],
  ])('shows %s as %s (%s)', (version, shown) => {
    expect(displayVersion(version)).toBe(shown);
  });
});

const resourceConfig: ResourceConfig = {
  globalUrls: { patientPrivacyPolicy: '/p.pdf', clinicianPrivacyPolicy: '/c.pdf', technicianPrivacyPolicy: '/t.pdf' },
  resourcePage: { videoOEmbedUrl: '/api/oembed', tabs: [{ name: 'Guides', sections: [] }] },
  footer: { copyright: '© 2022 Example. All rights reserved.' },
};

describe('Footer', () => {
  it('shows only major.minor.patch of the configured version, the UDI, the CE mark and a link to About', async () => {
    vi.spyOn(clientLog, 'warn').mockImplementation(() => undefined);
    renderApp([{ path: '/cgm', element: <Footer /> }], {
      config: testConfig({ version: '1.2.3-beta+45', uniqueDeviceIdentificationNumber: 'UDI-777' }),
    });
    expect(await screen.findByText('Version 1.2.3')).toBeInTheDocument();
    expect(screen.queryByText(/beta/)).not.toBeInTheDocument();
    expect(screen.getByText('UDI UDI-777')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'CE marking' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });

  it('reads the resource config at start and shows its copyright line', async () => {
    const staticJson = fakeStaticJson(() => resourceConfig);
    renderApp([{ path: '/cgm', element: <Footer /> }], {
      config: testConfig({ resourcesConfigUrl: '{staticHost}/resources.json', staticHost: 'https://static.test' }),
      staticJson,
    });
    expect(await screen.findByText('© 2022 Example. All rights reserved.')).toBeInTheDocument();
    expect(staticJson.calls).toEqual(['https://static.test/resources.json']);
  });

  it('only logs a resource config that cannot be loaded, and still shows the rest', async () => {
    const warn = vi.spyOn(clientLog, 'warn').mockImplementation(() => undefined);
    renderApp([{ path: '/cgm', element: <Footer /> }]);
    await vi.waitFor(() => {
      expect(warn).toHaveBeenCalledWith('resourceConfig.loadFailed');
    }, 3_000);
    expect(screen.getByText('Version 1.2.3')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
