import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Entitlement } from '#common/contract';
import { SessionStore } from '../../shared/auth/session-store';
import { catchDownloads } from '../../shared/testing/downloads';
import { authResult } from '../../shared/testing/factories';
import { fakeHttp, serverError, type HttpRoutes } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { EhrDownload } from './ehr-download';

vi.setConfig({ testTimeout: 30_000 });

const bundle = {
  resourceType: 'Bundle',
  type: 'searchset',
  total: 1,
  entry: [{ resource: { resourceType: 'Patient', id: '8' } }],
};
const metadata = { resourceType: 'CapabilityStatement', status: 'active' };

function render(entitlements: Entitlement[], routes: HttpRoutes) {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ entitlements }));
  const fake = fakeHttp(routes);
  renderApp([{ path: '/cgm/manage/patient/8', element: <EhrDownload patientId={8} /> }], {
    store,
    http: fake.http,
    initialEntries: ['/cgm/manage/patient/8'],
  });
  return fake;
}

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('Download for the EHR (issue 38)', () => {
  it("downloads the patient's FHIR bundle as a .json file for a clinician", async () => {
    const downloads = catchDownloads();
    const { sent } = render(['viewReport'], {
      'GET /fhir/R4/metadata': metadata,
      'GET /fhir/R4/Patient/8/$everything': bundle,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download for the EHR' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The file was downloaded.');
    expect(sent).toHaveBeenCalledWith('GET', '/fhir/R4/Patient/8/$everything', undefined);
    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    if (!download) throw new Error('nothing saved');
    expect(download.name).toMatch(/^fhir-patient-8-\d{4}-\d{2}-\d{2}\.json$/);
    expect(download.file.type).toBe('application/fhir+json;charset=utf-8');
    expect(JSON.parse(await download.file.text())).toEqual(bundle);
  });

  it('says so when the download fails', async () => {
    render(['viewReport'], {
      'GET /fhir/R4/metadata': metadata,
      'GET /fhir/R4/Patient/8/$everything': () =>
        Promise.reject(serverError('/fhir/R4/Patient/8/$everything', 500, { code: 'ERROR', message: 'x' })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download for the EHR' }));
    expect(await screen.findByText('The file could not be downloaded. Try again.')).toBeInTheDocument();
  });

  it('is not there, without an error, when the API has no FHIR', async () => {
    const { sent } = render(['viewReport'], {
      'GET /fhir/R4/metadata': () =>
        Promise.reject(serverError('/fhir/R4/metadata', 404, { code: 'NOT_FOUND', message: 'Not found' })),
    });
    await waitFor(() => {
      expect(sent).toHaveBeenCalledWith('GET', '/fhir/R4/metadata', undefined);
    });
    expect(screen.queryByRole('button', { name: 'Download for the EHR' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not there for staff who may not view reports, and FHIR is not even asked', () => {
    const { sent } = render(['listPatients'], { 'GET /fhir/R4/metadata': metadata });
    expect(screen.queryByRole('button', { name: 'Download for the EHR' })).not.toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });
});
