import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../shared/testing/factories';
import { renderApp } from '../shared/testing/render';
import { displayVersion, Footer } from './footer';

describe('displayVersion', () => {
  it.each([
    ['1.2.3-beta+45', '1.2.3'],
    ['1.2.3', '1.2.3'],
    ['10.20.30.40', '10.20.30'],
    ['2.0.0+build.7', '2.0.0'],
  ])('shows %s as %s', (version, shown) => {
    expect(displayVersion(version)).toBe(shown);
  });
});

describe('Footer', () => {
  it('shows only major.minor.patch of the configured version, and the UDI', async () => {
    renderApp([{ path: '/cgm', element: <Footer /> }], {
      config: testConfig({ version: '1.2.3-beta+45', uniqueDeviceIdentificationNumber: 'UDI-777' }),
    });
    expect(await screen.findByText('Version 1.2.3')).toBeInTheDocument();
    expect(screen.queryByText(/beta/)).not.toBeInTheDocument();
    expect(screen.getByText('UDI UDI-777')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'CE marking' })).toBeInTheDocument();
  });
});
