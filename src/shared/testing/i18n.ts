import i18next, { type i18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The real en-US locale files, bundled into the test so that tests read what a person reads. */
const files = import.meta.glob<ResourceLanguage>('../../../locales/en-US/*.json', { eager: true, import: 'default' });

export const enUS: Record<string, ResourceLanguage> = Object.fromEntries(
  Object.entries(files).map(([file, content]) => [file.replace(/^.*\//, '').replace(/\.json$/, ''), content]),
);

/** A synchronously initialised i18next instance with every en-US namespace loaded. */
export function createTestI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    ns: Object.keys(enUS),
    defaultNS: 'common',
    resources: { 'en-US': enUS },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
