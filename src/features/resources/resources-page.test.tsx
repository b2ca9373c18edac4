import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResourceConfig } from '#common/contract';
import { StaticFetchError } from '../../shared/api/static-json';
import { fakeStaticJson, testConfig } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { oEmbedRequestUrl } from './api';
import { ResourcesPage } from './resources-page';

const config: ResourceConfig = {
  globalUrls: { patientPrivacyPolicy: '/p.pdf', clinicianPrivacyPolicy: '/c.pdf', technicianPrivacyPolicy: '/t.pdf' },
  resourcePage: {
    videoOEmbedUrl: '{staticHost}/oembed',
    tabs: [
      {
        name: 'Guides',
        sections: [
          {
            name: 'Getting started',
            layout: 'list',
            contents: [
              {
                type: 'PDF_LINK',
                title: 'Quick start',
                url: '{staticHost}/docs/quick.pdf',
                description: 'First steps',
              },
            ],
          },
        ],
      },
      {
        name: 'Videos',
        sections: [
          {
            name: 'Training',
            layout: 'grid',
            contents: [
              { type: 'VIMEO_LINK', title: 'Introduction', url: 'https://video.test/1' },
              { type: 'VIMEO_LINK', title: 'Ordering', url: 'https://video.test/2' },
            ],
          },
        ],
      },
    ],
  },
  footer: { copyright: '(c) 2022' },
};

const runtime = testConfig({ staticHost: 'https://static.test', resourcesConfigUrl: 'https://static.test/res.json' });

function renderResources(answer: (url: string) => unknown) {
  const staticJson = fakeStaticJson(answer);
  const view = renderApp([{ path: '/cgm/resources', element: <ResourcesPage /> }], {
    initialEntries: ['/cgm/resources'],
    config: runtime,
    staticJson,
  });
  return { ...view, staticJson };
}

const oEmbed = (duration: number) => ({ type: 'video', version: '1.0', title: 'A video', duration });

describe('ResourcesPage', () => {
  it('shows a loading state, then the tabs with PDF links on the static host opening in a new tab', async () => {
    renderResources((url) => (url === 'https://static.test/res.json' ? config : undefined));
    expect(screen.getByRole('status')).toHaveTextContent('Loading resources…');

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Guides', 'Videos']);
    expect(screen.getByRole('heading', { level: 2, name: 'Getting started' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /^Quick start\s*\(PDF\)/ });
    expect(link).toHaveAttribute('href', 'https://static.test/docs/quick.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('First steps')).toBeInTheDocument();
  });

  it('shows each video with its duration as minutes:seconds from the oEmbed endpoint', async () => {
    const view = renderResources((url) => {
      if (url === 'https://static.test/res.json') return config;
      if (url.includes(encodeURIComponent('https://video.test/1'))) return oEmbed(185);
      if (url.includes(encodeURIComponent('https://video.test/2'))) return oEmbed(65);
      return undefined;
    });
    await view.user.click(await screen.findByRole('tab', { name: 'Videos' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('3:05')).toBeInTheDocument();
    expect(await within(panel).findByText('1:05')).toBeInTheDocument();
    expect(within(panel).getByText('Duration: 3 min 5 s')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /^Introduction\s*\(Video\)/ })).toHaveAttribute(
      'href',
      'https://video.test/1',
    );
    expect(view.staticJson.calls).toContain(
      `https://static.test/oembed?url=${encodeURIComponent('https://video.test/1')}&format=json`,
    );
  });

  it('shows a video without a duration when the oEmbed endpoint cannot be reached', async () => {
    const view = renderResources((url) =>
      url === 'https://static.test/res.json' ? config : new StaticFetchError(url, 0, 'NETWORK'),
    );
    await view.user.click(await screen.findByRole('tab', { name: 'Videos' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: /^Ordering\s*\(Video\)/ })).toBeInTheDocument();
    expect(within(panel).queryByText(/^\d+:\d\d$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'An error has occurred, contact admin' when the config cannot be loaded", async () => {
    renderResources(() => new StaticFetchError('https://static.test/res.json', 500, 'HTTP'));
    expect(await screen.findByRole('alert', {}, { timeout: 3_000 })).toHaveTextContent(
      'An error has occurred, contact admin',
    );
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});

describe('oEmbedRequestUrl', () => {
  it('asks the endpoint about the absolute address of the video', () => {
    expect(oEmbedRequestUrl('/api/oembed', '/videos/intro', 'http://localhost:8080/cgm/resources')).toBe(
      'http://localhost:8080/api/oembed?url=http%3A%2F%2Flocalhost%3A8080%2Fvideos%2Fintro&format=json',
    );
  });
});
