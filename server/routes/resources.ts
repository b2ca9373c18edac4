import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod/mini';
import {
  formatVideoDuration,
  oEmbedQuerySchema,
  replaceStaticHost,
  type OEmbedVideo,
  type ResourceConfig,
} from '#common/contract';
import { demoVideos, findDemoVideo, type DemoVideo } from '../documents/demo-videos';
import { resourceConfigTemplate } from '../documents/resources-config';
import { notFound } from '../http/errors';
import { parseParams, parseQuery } from '../http/validation';

export interface ResourcesRoutesOptions {
  /** The runtime config's static host; the resource config's placeholder becomes this. */
  staticHost: string;
}

const htmlEscapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);

/** A demo video's page: the reference server has no video service, so it describes the video instead. */
function renderVideoPage(video: DemoVideo): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(video.title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #1a1a1a; }
  .screen { aspect-ratio: 16 / 9; background: #1c4e80; color: #fff; display: grid; place-items: center;
    border-radius: 4px; font-size: 1.25rem; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(video.title)}</h1>
<div class="screen" role="img" aria-label="Demo video placeholder">Demo video &middot; ${formatVideoDuration(video.duration)}</div>
<p>${escapeHtml(video.description)}</p>
<p>This is a demo of the reference server, which has no video service. In production this link opens the video
on the video service.</p>
</main>
</body>
</html>`;
}

const videoParamsSchema = z.object({ videoId: z.string().check(z.regex(/^[a-z0-9-]{1,64}$/)) });

/**
 * GET /resources-config.json (spec §3, §7) with the static-host placeholder replaced; GET /api/oembed, the
 * reference stand-in for the video service's oEmbed (duration of the demo videos); GET /videos/{id}, their pages.
 */
export const resourcesRoutes: FastifyPluginCallback<ResourcesRoutesOptions> = (app, options, done) => {
  const config = replaceStaticHost(resourceConfigTemplate, options.staticHost);

  app.get('/resources-config.json', (_request, reply): ResourceConfig => {
    void reply.header('cache-control', 'no-cache');
    return config;
  });

  app.get('/api/oembed', (request): OEmbedVideo => {
    const { url } = parseQuery(oEmbedQuerySchema, request);
    const video = findDemoVideo(url);
    if (!video) throw notFound('No video at this URL');
    return {
      type: 'video',
      version: '1.0',
      title: video.title,
      provider_name: 'Cognitive Assessment demo videos',
      duration: video.duration,
      width: 640,
      height: 360,
    };
  });

  app.get('/videos/:videoId', (request, reply) => {
    const { videoId } = parseParams(videoParamsSchema, request);
    const video = demoVideos.find((candidate) => candidate.id === videoId);
    if (!video) throw notFound('No such video');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(renderVideoPage(video));
  });
  done();
};
