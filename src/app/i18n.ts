import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

export const fallbackLanguage = 'en-US';
export const supportedLanguages = ['en-US'] as const;
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
] as const;

/** Translation files are fetched per language from the static path (spec §1), so they stay out of the bundle. */
export async function initI18n(options: { staticHost: string; language: string }): Promise<i18n> {
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
      load: 'currentOnly',
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = instance.resolvedLanguage ?? fallbackLanguage;
  return instance;
}
