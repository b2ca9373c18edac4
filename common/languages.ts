/**
 * The interface languages (spec §1, issue 10). The interface language is the person's choice for the screens;
 * the language a patient takes the test in (a provider service's supportedAssessmentLanguages) is a different
 * thing, chosen per order, and never follows from this one.
 */
export const interfaceLanguages = ['en-US', 'es-US', 'fr-FR'] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];

/** Spec §1, §9: what is shown when the configured or stored language is not one of ours. */
export const fallbackLanguage: InterfaceLanguage = 'en-US';

/**
 * The translation namespaces (locales/<language>/<namespace>.json) the first screen of a visit needs: the shell
 * around every page, the shared texts and the sign-in page (the home of every first visit). Here, not in the app,
 * because the server names them too: its index.html asks the browser to fetch them beside the scripts.
 */
export const startNamespaces = ['common', 'shell', 'auth'] as const;

/** What the patient's link page adds to them (router.tsx), fetched early the same way for that address. */
export const patientLinkNamespaces = ['assessments', 'privacy-policy'] as const;

/**
 * The first screen's namespaces when it is the patient's link page: the shell's, the shared texts and the page's
 * own, without the sign-in page's, which a patient's phone never shows (one file fewer before the page is usable).
 */
export const patientLinkStartNamespaces = ['common', 'shell', ...patientLinkNamespaces] as const;

/** A language choice is not PHI, so it may outlive the session in localStorage (tokens never do). */
export const languageStorageKey = 'cgm.interfaceLanguage';

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (interfaceLanguages as readonly string[]).includes(value);
}

/**
 * Reads a locale as configurations write it ('fr-FR', 'fr_FR', 'FR-fr', 'es', 'en_US' as in the spec's patient
 * dialog default) and gives the interface language it means, or null when there is none.
 */
export function toInterfaceLanguage(locale: string | null | undefined): InterfaceLanguage | null {
  if (!locale) return null;
  const [language = '', region = ''] = locale.trim().replace('_', '-').split('-');
  const exact = `${language.toLowerCase()}-${region.toUpperCase()}`;
  if (isInterfaceLanguage(exact)) return exact;
  // A bare or other-region language ('es', 'fr-CA') still reads best in our variant of it.
  return interfaceLanguages.find((candidate) => candidate.startsWith(`${language.toLowerCase()}-`)) ?? null;
}

/** The person's own earlier choice wins over the page configuration's currentLocale; then the fallback. */
export function startLanguage(currentLocale: string, stored: string | null): InterfaceLanguage {
  return toInterfaceLanguage(stored) ?? toInterfaceLanguage(currentLocale) ?? fallbackLanguage;
}

/**
 * Issue 32: the first of the browser's preferred languages (navigator.languages, or an Accept-Language header's
 * list, best first) that is one of ours, read as toInterfaceLanguage reads it ('es-MX' and 'es' are es-US).
 */
export function preferredInterfaceLanguage(preferred: readonly string[]): InterfaceLanguage | null {
  for (const language of preferred) {
    const ours = toInterfaceLanguage(language);
    if (ours) return ours;
  }
  return null;
}

/** An Accept-Language header's languages, best first ('es-MX,es;q=0.9,en;q=0.5' gives es-MX, es, en). */
export function acceptLanguageList(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Web Storage as far as a language choice needs it; spelled out so the server can share this module. */
interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readStoredLanguage(
  storage: Pick<KeyValueStorage, 'getItem'> | undefined = safeLocalStorage(),
): string | null {
  try {
    return storage?.getItem(languageStorageKey) ?? null;
  } catch {
    return null;
  }
}

export function storeLanguage(
  language: InterfaceLanguage,
  storage: Pick<KeyValueStorage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(languageStorageKey, language);
  } catch {
    // Private mode or a full quota: the choice then lasts for this page only.
  }
}

function safeLocalStorage(): KeyValueStorage | undefined {
  try {
    return (globalThis as { localStorage?: KeyValueStorage }).localStorage;
  } catch {
    return undefined;
  }
}

/**
 * A test language ('en-US', 'es_US') named in the reader's language ('Anglais (États-Unis)'), so a French screen does
 * not show the server's English name; null when the code is not a language the browser can name.
 */
export function languageNameIn(locale: string, readerLanguage: string): string | null {
  try {
    const name = new Intl.DisplayNames([readerLanguage], {
      type: 'language',
      languageDisplay: 'standard',
      fallback: 'none',
    }).of(locale.replace('_', '-'));
    return name ? name.charAt(0).toLocaleUpperCase(readerLanguage) + name.slice(1) : null;
  } catch {
    return null;
  }
}

/**
 * Each interface language's name in that language, as language pickers show them (Chromium's own names). Written
 * out, not asked of Intl.DisplayNames: the first one built loads the browser's language-name data, 30–40 ms of the
 * main thread on the patient's link page before its form could be used (issue 32), for three names that never change.
 */
const endonyms: Readonly<Record<InterfaceLanguage, string>> = {
  'en-US': 'American English',
  'es-US': 'Español (Estados Unidos)',
  'fr-FR': 'Français (France)',
};

/** A language's name in that language ('Español (Estados Unidos)'). */
export function languageEndonym(language: InterfaceLanguage): string {
  return endonyms[language];
}

/**
 * A provider service's language as a list shows it: the reference server's name for it, else (issue 37: an API of
 * spec §3's shape sends the locality id only) the code named in the reader's language, else the code itself.
 */
export function offeredLanguageName(
  language: { localityId: string; name?: string | undefined },
  readerLanguage: string,
): string {
  return language.name ?? languageNameIn(language.localityId, readerLanguage) ?? language.localityId;
}
