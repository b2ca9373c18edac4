import { describe, expect, it } from 'vitest';
import { formatVideoDuration, replaceStaticHost, type ResourceConfig } from './resources';

const config: ResourceConfig = {
  globalUrls: {
    patientPrivacyPolicy: '{staticHost}/docs/privacy/patient-en-US.pdf',
    clinicianPrivacyPolicy: '{staticHost}/docs/privacy/clinician-en-US.pdf',
    technicianPrivacyPolicy: 'https://elsewhere.test/technician.pdf',
  },
  resourcePage: {
    videoOEmbedUrl: 'https://video.test/api/oembed.json',
    tabs: [
      {
        name: 'Guides {staticHost}',
        sections: [
          {
            name: 'Section',
            layout: 'list',
            contents: [{ type: 'PDF_LINK', title: 'Guide', url: '{staticHost}/docs/a.pdf' }],
          },
        ],
      },
    ],
  },
  footer: { copyright: '(c) 2022' },
};

describe('replaceStaticHost', () => {
  it('replaces the placeholder in every string, however deep, and leaves other URLs alone', () => {
    const replaced = replaceStaticHost(config, 'https://static.test');
    expect(replaced.globalUrls.patientPrivacyPolicy).toBe('https://static.test/docs/privacy/patient-en-US.pdf');
    expect(replaced.globalUrls.technicianPrivacyPolicy).toBe('https://elsewhere.test/technician.pdf');
    expect(replaced.resourcePage.tabs[0]?.sections[0]?.contents[0]?.url).toBe('https://static.test/docs/a.pdf');
    expect(replaced.resourcePage.tabs[0]?.name).toBe('Guides https://static.test');
    expect(JSON.stringify(replaced)).not.toContain('{staticHost}');
  });

  it('drops a trailing slash of the host and turns an empty host into same-origin paths', () => {
    expect(replaceStaticHost(config, 'https://static.test/').globalUrls.clinicianPrivacyPolicy).toBe(
      'https://static.test/docs/privacy/clinician-en-US.pdf',
    );
    expect(replaceStaticHost(config, '').globalUrls.clinicianPrivacyPolicy).toBe('/docs/privacy/clinician-en-US.pdf');
  });

  it('does not change the config it is given', () => {
    replaceStaticHost(config, 'https://static.test');
    expect(config.globalUrls.patientPrivacyPolicy).toBe('{staticHost}/docs/privacy/patient-en-US.pdf');
  });
});

describe('formatVideoDuration (minutes:seconds)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [185, '3:05'],
    [600, '10:00'],
    [3600, '60:00'],
    [59.6, '1:00'],
  ])('shows %d seconds as %s', (seconds, shown) => {
    expect(formatVideoDuration(seconds)).toBe(shown);
  });
});
