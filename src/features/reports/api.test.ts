import { describe, expect, it } from 'vitest';
import { addressParts } from '../../shared/testing/addresses';
import { isAppleHandheld, reportPageUrl, reportPdfUrl } from './api';

describe('reportPageUrl (spec §7 report page)', () => {
  it('names patient, baseline, host environment, locale and the access token', () => {
    const url = new URL(
      reportPageUrl(
        { reportUrl: '/report/', apiHost: '' },
        'https://clinic.test',
        12,
        {
          token: 'abc',
          expiresOn: '2025-06-02T10:00:00.000Z',
          baselineId: 40,
        },
        'es-US',
      ),
    );
    expect(addressParts(url)).toEqual({
      page: 'https://clinic.test/report/',
      params: {
        patientId: '12',
        baselineId: '40',
        hostEnvironment: 'https://clinic.test',
        locale: 'es-US',
        token: 'abc',
      },
    });
  });

  it('leaves the baseline out when there is none and names a separate API host', () => {
    const url = new URL(
      reportPageUrl(
        { reportUrl: 'https://report.test/r', apiHost: 'https://api.test' },
        'https://clinic.test',
        1,
        {
          token: 't',
          expiresOn: '2025-06-02T10:00:00.000Z',
          baselineId: null,
        },
        'en-US',
      ),
    );
    expect(url.searchParams.has('baselineId')).toBe(false);
    expect(url.searchParams.get('hostEnvironment')).toBe('https://api.test');
  });
});

describe('isAppleHandheld (spec §2: iPhone and iPad open the report in a new tab)', () => {
  const desktop = { platform: 'Linux x86_64', maxTouchPoints: 0 };
  it('knows iPhones, iPads and iPadOS asking as a Mac', () => {
    expect(isAppleHandheld({ ...desktop, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(
      true,
    );
    expect(isAppleHandheld({ ...desktop, userAgent: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)' })).toBe(true);
    expect(
      isAppleHandheld({
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
        platform: 'MacIntel',
        maxTouchPoints: 5,
      }),
    ).toBe(true);
  });

  it('leaves desktops, Macs and Android tablets to the dialog', () => {
    expect(isAppleHandheld({ ...desktop, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' })).toBe(false);
    expect(
      isAppleHandheld({
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
        platform: 'MacIntel',
        maxTouchPoints: 0,
      }),
    ).toBe(false);
    expect(isAppleHandheld({ ...desktop, userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/130' })).toBe(
      false,
    );
  });
});

describe('reportPdfUrl (issue 33: the report as a PDF)', () => {
  const access = { token: 'abc', expiresOn: '2025-06-02T10:00:00.000Z', baselineId: 40 };
  it('is the report page’s address with pdf under it, and the same parameters', () => {
    const page = reportPageUrl({ reportUrl: '/report/', apiHost: '' }, 'https://clinic.test', 12, access, 'fr-FR');
    const pdf = reportPdfUrl({ reportUrl: '/report/', apiHost: '' }, 'https://clinic.test', 12, access, 'fr-FR');
    expect(addressParts(pdf)).toEqual({ ...addressParts(page), page: 'https://clinic.test/report/pdf' });
  });

  it('adds the slash a report address without one lacks', () => {
    const pdf = reportPdfUrl(
      { reportUrl: 'https://report.test/r', apiHost: '' },
      'https://clinic.test',
      1,
      access,
      'en-US',
    );
    expect(addressParts(pdf).page).toBe('https://report.test/r/pdf');
  });
});
