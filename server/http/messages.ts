import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import i18next, { type i18n, type Resource, type ResourceLanguage } from 'i18next';
import { fallbackLanguage, interfaceLanguages, toInterfaceLanguage, type InterfaceLanguage } from '#common/languages';
import { topLevelLocalesDir } from '../paths';

/**
 * The language of a request: the first language of its Accept-Language (by q-value) that is an interface language.
 * The client always sends its interface language there, so a Spanish journey reads Spanish messages; a caller that
 * names none, or none of ours, gets en-US.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): InterfaceLanguage {
  return preferredLanguage(request.headers['accept-language']);
}

export function preferredLanguage(header: string | undefined): InterfaceLanguage {
  if (!header) return fallbackLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = toInterfaceLanguage(entry.tag);
    if (language) return language;
  }
  return fallbackLanguage;
}

function readResources(dir: string): Resource {
  const resources: Resource = {};
  for (const language of interfaceLanguages) {
    const namespaces: ResourceLanguage = {};
    for (const file of readdirSync(path.join(dir, language))) {
      if (!file.endsWith('.json')) continue;
      namespaces[file.slice(0, -'.json'.length)] = JSON.parse(
        readFileSync(path.join(dir, language, file), 'utf8'),
      ) as ResourceLanguage[string];
    }
    resources[language] = namespaces;
  }
  return resources;
}

let instance: i18n | null = null;

/** The client's own locale files, read once: the server says what the screens say, in the same words. */
function translations(): i18n {
  if (instance) return instance;
  const resources = readResources(topLevelLocalesDir);
  const created = i18next.createInstance();
  void created.init({
    resources,
    lng: fallbackLanguage,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...interfaceLanguages],
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    ns: Object.keys(resources[fallbackLanguage] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instance = created;
  return created;
}

export type MessageValues = Record<string, string | number>;

/**
 * A message of the locale files in a language. Keys are looked up in every namespace, so the server names a key as
 * the client does (spec §8 keys such as TEXT_…, or 'namespace:key').
 */
export function serverText(language: InterfaceLanguage, key: string, values: MessageValues = {}): string {
  const t = translations();
  return t.t(key, { ...values, lng: language, ns: t.options.ns });
}
