import { staticHostPlaceholder, type ResourceConfig } from '#common/contract';
import { privacyDocuments, resourceDocuments, userManuals, type DemoDocument } from '../../build/documents/catalogue';
import { demoVideoPath, demoVideos } from './demo-videos';

const onStaticHost = (path: string): string => `${staticHostPlaceholder}/${path.replace(/^\//, '')}`;

const pdfLink = (document: DemoDocument) => ({
  type: 'PDF_LINK' as const,
  title: document.title,
  url: onStaticHost(document.path),
  description: document.subject,
});

function documentAt(list: readonly DemoDocument[], path: string): DemoDocument {
  const found = list.find((document) => document.path === path);
  if (!found) throw new Error(`No demo document at ${path}`);
  return found;
}

/**
 * The resource config of spec §3 as the reference server serves it at GET /resources-config.json. URLs carry
 * the static-host placeholder; the server replaces it with its static host before answering.
 */
export const resourceConfigTemplate: ResourceConfig = {
  globalUrls: {
    patientPrivacyPolicy: onStaticHost(documentAt(privacyDocuments, 'docs/privacy/patient-en-US.pdf').path),
    clinicianPrivacyPolicy: onStaticHost(documentAt(privacyDocuments, 'docs/privacy/clinician-en-US.pdf').path),
    technicianPrivacyPolicy: onStaticHost(documentAt(privacyDocuments, 'docs/privacy/technician-en-US.pdf').path),
  },
  resourcePage: {
    videoOEmbedUrl: onStaticHost('api/oembed'),
    tabs: [
      {
        name: 'Getting started',
        sections: [
          {
            name: 'Guides',
            layout: 'list',
            contents: [
              pdfLink(documentAt(resourceDocuments, 'docs/resources/quick-start-guide-en-US.pdf')),
              pdfLink(documentAt(resourceDocuments, 'docs/resources/preparing-the-patient-en-US.pdf')),
              pdfLink(documentAt(resourceDocuments, 'docs/resources/understanding-the-report-en-US.pdf')),
            ],
          },
          {
            name: 'Technical information',
            layout: 'list',
            contents: [pdfLink(documentAt(resourceDocuments, 'docs/resources/technical-requirements-en-US.pdf'))],
          },
        ],
      },
      {
        name: 'Training videos',
        sections: [
          {
            name: 'Videos',
            layout: 'grid',
            contents: demoVideos.map((video) => ({
              type: 'VIMEO_LINK' as const,
              title: video.title,
              url: onStaticHost(demoVideoPath(video.id)),
              description: video.description,
            })),
          },
        ],
      },
      {
        name: 'User manuals',
        sections: [
          {
            name: 'Staff',
            layout: 'list',
            contents: userManuals.filter((m) => !m.path.includes('/patient-')).map(pdfLink),
          },
          {
            name: 'Patients',
            layout: 'list',
            contents: userManuals.filter((m) => m.path.includes('/patient-')).map(pdfLink),
          },
        ],
      },
      {
        name: 'Privacy',
        sections: [
          {
            name: 'Privacy policies',
            layout: 'list',
            contents: privacyDocuments.filter((document) => document.language === 'en-US').map(pdfLink),
          },
        ],
      },
    ],
  },
  footer: {
    copyright: '\u00a9 2022 Cognitive Assessment. All rights reserved.',
  },
};
