import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod/mini';
import type { RuntimeConfig } from '#common/contract';
import { patientLinkStartNamespaces, startLanguage, startNamespaces, type InterfaceLanguage } from '#common/languages';
import { builtIndexReader, type BuiltIndex, type BuiltIndexReader } from '../http/built-index';
import { compressOnce, type EncodedBody } from '../http/encoding';
import { patientLinkChunk } from '../../build/patient-link-chunk';
import { patientLinkStartScreenHtml, readStartScreenTexts, withStartScreen } from '../../build/start-screen';

/** The part of Vite's build manifest (dist/.vite/manifest.json) that names a chunk's files. */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.optional(z.string()),
    imports: z.optional(z.array(z.string())),
    css: z.optional(z.array(z.string())),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** The manifest's keys of the chunks named `name`. */
const chunksNamed = (manifest: Manifest, name: string): string[] =>
  Object.keys(manifest).filter((key) => manifest[key]?.name === name);

/** A chunk's JS files with every file it imports statically, and their styles. */
function filesOf(manifest: Manifest, keys: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string): void => {
    const entry = manifest[key];
    if (!entry || scripts.has(entry.file)) return;
    scripts.add(entry.file);
    for (const css of entry.css ?? []) styles.add(css);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The links a first visit needs beside the scripts index.html already names. Without them the browser learns of the
 * translation files only once the scripts have run, and of the patient page's code only once the router has
 * started: two more round trips on a phone's network before anything can be read. The language is the configured
 * one; a browser whose person chose another fetches that one as before, and the preloaded files go unused.
 */
function firstVisitLinks(
  config: RuntimeConfig,
  language: InterfaceLanguage,
  manifest: Manifest | null,
  patientLink: boolean,
  html: string,
): string {
  const namespaces = patientLink ? [...patientLinkStartNamespaces] : [...startNamespaces];
  const links = namespaces.map(
    (namespace) =>
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(`${config.staticHost}/locales/${language}/${namespace}.json`)}">`,
  );
  if (patientLink && manifest) {
    // The first download's own files are named in index.html already.
    const named = (file: string) => html.includes(`"/${file}"`);
    const { scripts, styles } = filesOf(manifest, chunksNamed(manifest, patientLinkChunk));
    for (const file of scripts.filter((script) => !named(script)))
      links.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${attribute(file)}">`);
    for (const file of styles.filter((style) => !named(style)))
      links.push(`<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${attribute(file)}">`);
  }
  return links.join('\n    ');
}

/** The build's manifest, or null when there is none or its shape is not a manifest's (the page then goes without those links). */
async function readManifest(manifestFile: string): Promise<Manifest | null> {
  const manifestText = await readFile(manifestFile, 'utf8').catch(() => null);
  const parsed = manifestText ? manifestSchema.safeParse(JSON.parse(manifestText)) : null;
  return parsed?.success ? parsed.data : null;
}

export type IndexPageKind = 'default' | 'patientLink';

export function indexPageKind(pathname: string, product: string): IndexPageKind {
  return pathname.replace(/\/+$/, '') === `/${product}/patientlogin` ? 'patientLink' : 'default';
}

/**
 * The page of a kind; `browserLanguage`, the one of ours the request's Accept-Language prefers, is taken on the
 * patient link page only (issue 32: a phone set to Spanish opens its link in Spanish), so the others stay one page.
 */
export type IndexPages = (
  kind: IndexPageKind,
  browserLanguage?: InterfaceLanguage | null,
) => Promise<EncodedBody | null>;

/**
 * index.html with the first visit's links in its head and, on the patient link page, that page's own start screen
 * (start-screen.ts), compressed once per build and kind of page, never per request. The service worker keeps
 * serving its precached copy on later visits, when everything named here is in its cache already.
 */
export function indexPages(index: BuiltIndexReader, clientDir: string, config: RuntimeConfig): IndexPages {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const pagesOf = new WeakMap<BuiltIndex, Map<string, EncodedBody>>();
  // Issue 32: the patient link's own page, whose scripts and styles are the patient's pages' only. A static host
  // that does not send that address to it serves index.html there, which shows the same page.
  const patientIndex = builtIndexReader(clientDir, 'patient.html');

  return async (kind, browserLanguage = null) => {
    // The start screen speaks the configured language, or on the patient link page the browser's when it is one of
    // ours; the inline browser check then prefers a language chosen on this device.
    const language =
      kind === 'patientLink' && browserLanguage ? browserLanguage : startLanguage(config.currentLocale, null);
    const key = `${kind}:${language}`;
    const ownPage = kind === 'patientLink' ? await patientIndex() : null;
    const built = ownPage ?? (await index());
    if (!built) return null;
    let pages = pagesOf.get(built);
    if (!pages) {
      pages = new Map();
      pagesOf.set(built, pages);
    }
    const cached = pages.get(key);
    if (cached) return cached;
    const { html } = built;
    // Only the patient link page served from index.html names files of the build beyond the page's own.
    const manifest = kind === 'patientLink' && !ownPage ? await readManifest(manifestFile) : null;
    const links = firstVisitLinks(config, language, manifest, kind === 'patientLink', html);
    let page = html
      .replace(/<html lang="[^"]*">/, `<html lang="${attribute(language)}">`)
      .replace('</head>', `  ${links}\n  </head>`);
    if (kind === 'patientLink') {
      page = withStartScreen(page, patientLinkStartScreenHtml(readStartScreenTexts(path.join(clientDir, 'locales'))));
    }
    const encoded = compressOnce(Buffer.from(page));
    pages.set(key, encoded);
    return encoded;
  };
}
