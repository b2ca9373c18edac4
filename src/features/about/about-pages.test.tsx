import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LicenseList } from '#common/contract';
import { fakeStaticJson, testConfig } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { AboutLayout } from './about-layout';
import { AboutIndexPage, AboutIndexSectionPage, AboutOverviewPage } from './about-pages';
import { LicensesPage } from './licenses-page';

const licenses: LicenseList = {
  packages: [
    {
      name: 'react',
      version: '19.3.1',
      license: 'MIT',
      repository: 'https://github.com/facebook/react',
      licenseText: 'MIT License\n\nCopyright (c) Meta',
    },
    { name: 'tslib', version: '2.8.1', license: '0BSD', repository: null, licenseText: null },
  ],
};

function renderAbout(path: string, answer: (url: string) => unknown = () => undefined) {
  return renderApp(
    [
      {
        path: '/about',
        element: <AboutLayout />,
        children: [
          { index: true, element: <AboutOverviewPage /> },
          { path: 'index', element: <AboutIndexPage /> },
          { path: 'index/:index', element: <AboutIndexSectionPage /> },
          { path: 'licenses', element: <LicensesPage /> },
        ],
      },
    ],
    {
      initialEntries: [path],
      config: testConfig({ version: '2.4.6-rc.1', uniqueDeviceIdentificationNumber: 'UDI-42', staticHost: '' }),
      staticJson: fakeStaticJson(answer),
    },
  );
}

describe('About area', () => {
  it('marks the page shown in its navigation', async () => {
    renderAbout('/about/index');
    const nav = await screen.findByRole('navigation', { name: 'About' });
    expect(within(nav).getByRole('link', { name: 'Index' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 1, name: 'Index' })).toBeInTheDocument();
  });

  it('shows the product information: version without suffix, test component version, UDI', async () => {
    renderAbout('/about/index/productinformation');
    const table = await screen.findByRole('table', { name: 'Product details' });
    expect(within(table).getByRole('row', { name: /Client version/ })).toHaveTextContent('2.4.6');
    expect(within(table).getByRole('row', { name: /Client version/ })).not.toHaveTextContent('rc');
    expect(within(table).getByRole('row', { name: /Test component version/ })).toHaveTextContent('8.1.3');
    expect(within(table).getByRole('row', { name: /UDI/ })).toHaveTextContent('UDI-42');
  });

  it('sends an unknown index topic back to the index', async () => {
    const view = renderAbout('/about/index/nonsense');
    expect(await screen.findByRole('heading', { level: 1, name: 'Index' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/about/index');
  });

  it('lists the licenses, filters them and shows a license text when opened', async () => {
    const view = renderAbout('/about/licenses', (url) => (url === '/licenses.json' ? licenses : undefined));
    expect(await screen.findByText('2 packages')).toBeInTheDocument();
    await view.user.type(screen.getByRole('searchbox', { name: 'Filter packages' }), 'react');
    expect(screen.getByText('1 package')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: /^react 19\.3\.1 · MIT$/ }));
    expect(await screen.findByText(/Copyright \(c\) Meta/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Source code/ })).toHaveAttribute(
      'href',
      'https://github.com/facebook/react',
    );

    await view.user.clear(screen.getByRole('searchbox', { name: 'Filter packages' }));
    await view.user.click(screen.getByRole('button', { name: /^tslib/ }));
    expect(await screen.findByText('This package ships no license file; its license is 0BSD.')).toBeInTheDocument();
  });

  it('says so when the licenses cannot be loaded', async () => {
    renderAbout('/about/licenses');
    expect(await screen.findByRole('alert')).toHaveTextContent('The list of licenses could not be loaded.');
  });
});
