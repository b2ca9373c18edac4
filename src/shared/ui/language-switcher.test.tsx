import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type ResourceLanguage } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { useFormatters } from '../lib/i18n/format';
import { languageStorageKey } from '#common/languages';
import { badRequestMessage } from '../lib/i18n/server-messages';
import { installDomPolyfills } from '../testing/dom-polyfills';
import { LanguageSwitcher } from './language-switcher';

installDomPolyfills();

const files = import.meta.glob<ResourceLanguage>('../../../locales/*/*.json', { eager: true, import: 'default' });

/** Every namespace of every language, from the real locale files. */
function createI18n(language: string) {
  const resources: Record<string, Record<string, ResourceLanguage>> = {};
  for (const [file, content] of Object.entries(files)) {
    const [, lang = '', ns = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    resources[lang] = { ...resources[lang], [ns]: content };
  }
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en-US',
    ns: Object.keys(resources['en-US'] ?? {}),
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

function Title() {
  const { t } = useTranslation('auth');
  return <h1>{t('signInTitle')}</h1>;
}

/** A title with a date, as a page shows them, noting every version of it that reached the screen. */
function DatedTitle({ shown }: { shown: string[] }) {
  const { t } = useTranslation('auth');
  const { formatDate } = useFormatters();
  const text = `${t('signInTitle')}: ${formatDate('2024-01-07')}`;
  useEffect(() => {
    shown.push(text);
  });
  return <h1>{text}</h1>;
}

afterEach(() => {
  window.localStorage.clear();
});

describe('LanguageSwitcher', () => {
  it('switches every text at once and remembers the choice on this device', async () => {
    const user = userEvent.setup();
    const i18n = createI18n('en-US');
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <Title />
          <LanguageSwitcher />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Display language' });
    expect(screen.getByRole('option', { name: 'Français (France)' })).toHaveAttribute('lang', 'fr-FR');

    await user.selectOptions(select, 'fr-FR');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue d’affichage' })).toHaveValue('fr-FR');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('fr-FR');
    // Told apart from the patient's test language, in its hint.
    expect(screen.getByText(/La langue du test du patient se choisit séparément/)).toBeInTheDocument();
  });

  it('changes the dates with the texts, in the new language from the first screen after the switch', async () => {
    const user = userEvent.setup();
    const shown: string[] = [];
    render(
      <I18nextProvider i18n={createI18n('en-US')}>
        <MantineProvider>
          <DatedTitle shown={shown} />
          <LanguageSwitcher />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Sign in: Jan 07, 2024' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Display language' }), 'fr-FR');
    expect(await screen.findByRole('heading', { name: 'Connexion: 7 janv. 2024' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Langue d’affichage' }), 'es-US');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión: 7 ene 2024' })).toBeInTheDocument();

    // Never a French or Spanish title over an English date.
    expect(new Set(shown)).toEqual(
      new Set(['Sign in: Jan 07, 2024', 'Connexion: 7 janv. 2024', 'Iniciar sesión: 7 ene 2024']),
    );
  });

  it('in the top bar, has a name for screen readers only', () => {
    render(
      <I18nextProvider i18n={createI18n('es-US')}>
        <MantineProvider>
          <LanguageSwitcher variant="header" />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('combobox', { name: 'Idioma de la pantalla' })).toHaveValue('es-US');
    expect(screen.queryByText('Idioma de la pantalla')).not.toBeInTheDocument();
  });
});

describe('badRequestMessage', () => {
  const error = (fields: { path: string; message: string }[], serverMessage = 'Request validation failed') =>
    new ApiError({ status: 400, code: 'VALIDATION', serverMessage, fields, path: '/api/x' });

  it("shows the server's field keys in the interface language, never its English", () => {
    const i18n = createI18n('fr-FR');
    expect(badRequestMessage(i18n, error([{ path: 'email', message: 'VALID_EMAIL_ALREADY_IN_USE' }]))).toBe(
      'Cette adresse e-mail est déjà utilisée',
    );
    expect(badRequestMessage(i18n, error([{ path: 'x', message: 'Unknown thing' }]))).toBe(
      'Le formulaire contient des erreurs. Veuillez corriger les champs signalés.',
    );
    expect(badRequestMessage(i18n, error([]))).toBe(
      'Le formulaire contient des erreurs. Veuillez corriger les champs signalés.',
    );
  });

  it('uses the generic message for a field message that needs the field name', () => {
    const i18n = createI18n('es-US');
    expect(badRequestMessage(i18n, error([{ path: 'firstName', message: 'VALID_FIELD_IS_REQUIRED' }]))).toBe(
      'El formulario tiene errores. Corrija los campos resaltados.',
    );
  });
});
