import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, oEmbedVideoSchema, resourceConfigSchema, staticHostPlaceholder } from '#common/contract';
import { allDocuments } from '../../build/documents/catalogue';
import { demoVideos } from '../documents/demo-videos';
import { useTestApp } from '../testing/signed-in-app';

const testApp = useTestApp({ demo: false });

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('GET /resources-config.json', () => {
  it('answers a valid resource config anonymously with the static-host placeholder replaced', async () => {
    const response = await get('/resources-config.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).not.toContain(staticHostPlaceholder);
    const config = resourceConfigSchema.parse(response.json());
    // The reference server's static host is its own origin: '' turns '{staticHost}/docs/…' into '/docs/…'.
    expect(config.globalUrls.patientPrivacyPolicy).toBe('/docs/privacy/patient-en-US.pdf');
    expect(config.globalUrls.clinicianPrivacyPolicy).toBe('/docs/privacy/clinician-en-US.pdf');
    expect(config.globalUrls.technicianPrivacyPolicy).toBe('/docs/privacy/technician-en-US.pdf');
    expect(config.resourcePage.videoOEmbedUrl).toBe('/api/oembed');
  });

  it('links only documents the build generates, and every demo video', async () => {
    const config = resourceConfigSchema.parse((await get('/resources-config.json')).json());
    const contents = config.resourcePage.tabs.flatMap((tab) => tab.sections.flatMap((section) => section.contents));
    const generated = new Set(allDocuments.map((document) => `/${document.path}`));
    const pdfs = contents.filter((content) => content.type === 'PDF_LINK');
    expect(pdfs.length).toBeGreaterThan(0);
    for (const pdf of pdfs) expect(generated).toContain(pdf.url);
    expect(contents.filter((content) => content.type === 'VIMEO_LINK').map((content) => content.url)).toEqual(
      demoVideos.map((video) => `/videos/${video.id}`),
    );
  });
});

describe('GET /api/oembed', () => {
  it('answers the duration of a demo video as the video service would', async () => {
    const video = demoVideos[0]!;
    const url = encodeURIComponent(`http://localhost:8080/videos/${video.id}`);
    const response = await get(`/api/oembed?url=${url}&format=json`);
    expect(response.statusCode).toBe(200);
    const answer = oEmbedVideoSchema.parse(response.json());
    expect(answer).toMatchObject({ type: 'video', version: '1.0', title: video.title, duration: video.duration });
  });

  it('answers 404 for a URL that is no demo video', async () => {
    const response = await get(`/api/oembed?url=${encodeURIComponent('https://vimeo.com/123456')}`);
    expect(response.statusCode).toBe(404);
  });

  it.each([[''], ['?url='], ['?url=javascript%3Aalert(1)'], ['?url=not%20a%20url']])(
    'refuses %s with 400 naming the url field',
    async (query) => {
      const response = await get(`/api/oembed${query}`);
      expect(response.statusCode).toBe(400);
      expect(apiErrorBodySchema.parse(response.json()).fields?.map((field) => field.path)).toContain('query.url');
    },
  );
});

describe('GET /videos/{id}', () => {
  it('serves a page for each demo video, with its title and duration', async () => {
    const response = await get('/videos/introduction');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Introduction to the Cognitive Assessment</h1>');
    expect(response.body).toContain('3:05');
  });

  it('answers 404 for an unknown video and 400 for an id that cannot be one', async () => {
    expect((await get('/videos/no-such-video')).statusCode).toBe(404);
    expect((await get('/videos/%3Cscript%3E')).statusCode).toBe(400);
  });
});
