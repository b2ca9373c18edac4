import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  fallbackLanguage,
  interfaceLanguages,
  patientLinkStartNamespaces,
  startNamespaces as firstScreenNamespaces,
} from '#common/languages';

export { fallbackLanguage };
export const supportedLanguages = interfaceLanguages;
/** One namespace per feature (locales/<language>/<namespace>.json); a new one is added here and in every language. */
export const namespaces = [
  'common',
  'shell',
  'auth',
  'patients',
  'provider-services',
  'profiles',
  'password',
  'privacy-policy',
  'resources',
  'assessments',
  'reports',
  'about',
  'orders',
  'audit',
] as const;

/**
 * What the first screen of a visit needs (languages.ts). The other namespaces load with the first lazily loaded
 * page (loadAllNamespaces) or, for someone already signed in, before the first render (start.tsx): a
 * `t('orders:…')` of a namespace not loaded shows its key instead of waiting.
 */
export const startNamespaces = firstScreenNamespaces satisfies readonly (typeof namespaces)[number][];
/** The same for the patient's link page, which has no sign-in form (languages.ts). */
export const patientLinkFirstNamespaces = patientLinkStartNamespaces satisfies readonly (typeof namespaces)[number][];

let started: i18n | null = null;
let allLoaded: Promise<unknown> | undefined;

/** Loads every namespace of the started instance once; a lazily loaded page waits for it (see router.tsx). */
export function loadAllNamespaces(): Promise<unknown> {
  if (!started) return Promise.resolve();
  allLoaded ??= started.loadNamespaces([...namespaces]);
  return allLoaded;
}

/** Loads a page's own namespaces, for a page that must not wait for every feature's texts (the patient's link). */
export function loadNamespaces(list: readonly (typeof namespaces)[number][]): Promise<unknown> {
  return started ? started.loadNamespaces([...list]) : Promise.resolve();
}

/** <html lang> follows the interface language, so screen readers pronounce it and the browser hyphenates it. */
function syncDocumentLanguage(instance: i18n): void {
  document.documentElement.lang = instance.resolvedLanguage ?? instance.language;
}

/** Translation files are fetched per language from the static path (spec §1), so they stay out of the bundle. */
export async function initI18n(options: {
  staticHost: string;
  language: string;
  /** The first screen's namespaces; startNamespaces unless it is the patient's link page. */
  namespaces?: readonly (typeof namespaces)[number][];
}): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(
      resourcesToBackend(async (language: string, namespace: string) => {
        const response = await fetch(`${options.staticHost}/locales/${language}/${namespace}.json`);
        if (!response.ok) throw new Error(`locale ${language}/${namespace}: ${String(response.status)}`);
        return (await response.json()) as Record<string, unknown>;
      }),
    )
    .use(initReactI18next)
    .init({
      lng: options.language,
      fallbackLng: fallbackLanguage,
      supportedLngs: [...supportedLanguages],
      nonExplicitSupportedLngs: false,
      // The language itself and en-US (missing keys fall back to it); never the bare 'es' or 'fr'.
      load: 'currentOnly',
      ns: [...(options.namespaces ?? startNamespaces)],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  syncDocumentLanguage(instance);
  started = instance;
  allLoaded = undefined;
  instance.on('languageChanged', () => {
    syncDocumentLanguage(instance);
  });
  return instance;
}
