import { z } from 'zod/mini';

/**
 * The static-host placeholder of the resource config (spec §3, §7): the server replaces it with its static host
 * before answering, and the client replaces whatever is left with its runtime `staticHost`.
 */
export const staticHostPlaceholder = '{staticHost}';

/** Spec §2 Resources: a section's contents are PDF links or video links. */
export const resourceContentTypeSchema = z.enum(['PDF_LINK', 'VIMEO_LINK']);

export const resourceContentSchema = z.object({
  type: resourceContentTypeSchema,
  title: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
});
export type ResourceContent = z.infer<typeof resourceContentSchema>;

/** 'list' shows one link a line; 'grid' shows the links as cards side by side. */
export const resourceLayoutSchema = z.enum(['list', 'grid']);

export const resourceSectionSchema = z.object({
  name: z.string().check(z.minLength(1)),
  layout: resourceLayoutSchema,
  contents: z.array(resourceContentSchema),
});
export type ResourceSection = z.infer<typeof resourceSectionSchema>;

export const resourceTabSchema = z.object({
  name: z.string().check(z.minLength(1)),
  sections: z.array(resourceSectionSchema),
});
export type ResourceTab = z.infer<typeof resourceTabSchema>;

/**
 * Spec §3 Resource config: global URLs, the resource page and the footer, read at start from
 * `resourcesConfigUrl` (spec §7). Texts in it are content of the config (per locale), not translation keys.
 */
export const resourceConfigSchema = z.object({
  globalUrls: z.object({
    patientPrivacyPolicy: z.string().check(z.minLength(1)),
    clinicianPrivacyPolicy: z.string().check(z.minLength(1)),
    technicianPrivacyPolicy: z.string().check(z.minLength(1)),
  }),
  resourcePage: z.object({
    /** The video service's oEmbed endpoint; durations of VIMEO_LINK contents are read from it. */
    videoOEmbedUrl: z.string().check(z.minLength(1)),
    tabs: z.array(resourceTabSchema).check(z.minLength(1)),
  }),
  footer: z.object({
    copyright: z.string(),
  }),
});
export type ResourceConfig = z.infer<typeof resourceConfigSchema>;

/** GET {videoOEmbedUrl}?url=…: the one query parameter every oEmbed provider takes. */
export const oEmbedQuerySchema = z.object({
  url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)),
  format: z.optional(z.literal('json')),
});

/**
 * The part of an oEmbed video answer the client reads: the duration in seconds (Vimeo's oEmbed carries it;
 * the reference server answers the same shape for its demo videos).
 */
export const oEmbedVideoSchema = z.object({
  type: z.literal('video'),
  version: z.literal('1.0'),
  title: z.string(),
  provider_name: z.optional(z.string()),
  duration: z.int().check(z.nonnegative()),
  width: z.optional(z.int()),
  height: z.optional(z.int()),
});
export type OEmbedVideo = z.infer<typeof oEmbedVideoSchema>;

/** Spec §1: a video's duration is shown as minutes:seconds (65 s is '1:05', an hour is '60:00'). */
export function formatVideoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(whole / 60))}:${String(whole % 60).padStart(2, '0')}`;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}

/**
 * Replaces the static-host placeholder in every string of the config. The server does it before answering and
 * the client once more for whatever a config from elsewhere still carries (spec §3, §7).
 */
export function replaceStaticHost(config: ResourceConfig, staticHost: string): ResourceConfig {
  const host = staticHost.replace(/\/+$/, '');
  return resourceConfigSchema.parse(mapStrings(config, (text) => text.split(staticHostPlaceholder).join(host)));
}
