import path from 'node:path';
import type { RuntimeConfig } from '#common/contract';
import { patientLinkStartNamespaces, startLanguage, startNamespaces, type InterfaceLanguage } from '#common/languages';
import type { BuiltIndex, BuiltIndexReader } from '../http/built-index';
import { compressOnce, type EncodedBody } from '../http/encoding';
import { patientLinkStartScreenHtml, readStartScreenTexts, withStartScreen } from '../../build/start-screen';

const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The links a first visit needs beside the scripts index.html already names (build/page-starts-plugin.ts: those of
 * the start the address calls for). Without them the browser learns of the translation files only once the scripts
 * have run: one more round trip on a phone's network before anything can be read. The language is the configured
 * one; a browser whose person chose another fetches that one as before, and the preloaded files go unused.
 */
function firstVisitLinks(config: RuntimeConfig, language: InterfaceLanguage, patientLink: boolean): string {
  const namespaces = patientLink ? [...patientLinkStartNamespaces] : [...startNamespaces];
  return namespaces
    .map(
      (namespace) =>
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(`${config.staticHost}/locales/${language}/${namespace}.json`)}">`,
    )
    .join('\n    ');
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
  const pagesOf = new WeakMap<BuiltIndex, Map<string, EncodedBody>>();

  return async (kind, browserLanguage = null) => {
    // The start screen speaks the configured language, or on the patient link page the browser's when it is one of
    // ours; the inline browser check then prefers a language chosen on this device.
    const language =
      kind === 'patientLink' && browserLanguage ? browserLanguage : startLanguage(config.currentLocale, null);
    const key = `${kind}:${language}`;
    const built = await index();
    if (!built) return null;
    let pages = pagesOf.get(built);
    if (!pages) {
      pages = new Map();
      pagesOf.set(built, pages);
    }
    const cached = pages.get(key);
    if (cached) return cached;
    const { html } = built;
    const links = firstVisitLinks(config, language, kind === 'patientLink');
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
