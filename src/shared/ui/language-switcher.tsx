import { NativeSelect } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fallbackLanguage,
  interfaceLanguages,
  languageEndonym,
  storeLanguage,
  toInterfaceLanguage,
} from '#common/languages';

export interface LanguageSwitcherProps {
  /** 'header': compact, on the dark top bar, label for screen readers only; 'page': a labelled field. */
  variant?: 'header' | 'page';
}

/**
 * The interface language (issue 10): applied at once and remembered on this device. It is labelled as the
 * language of the screens, so that nobody takes it for the language a patient's test is given in.
 * A native select: every screen reader and tablet knows it, and it needs no translated texts of its own.
 */
export function LanguageSwitcher({ variant = 'page' }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = toInterfaceLanguage(i18n.resolvedLanguage ?? i18n.language) ?? fallbackLanguage;
  const header = variant === 'header';
  return (
    <NativeSelect
      id={id}
      size={header ? 'xs' : 'sm'}
      label={header ? undefined : t('language.label')}
      aria-label={header ? t('language.label') : undefined}
      description={header ? undefined : t('language.hint')}
      value={current}
      onChange={(event) => {
        const chosen = toInterfaceLanguage(event.currentTarget.value);
        if (!chosen) return;
        storeLanguage(chosen);
        void i18n.changeLanguage(chosen);
      }}
      styles={header ? { input: { minWidth: 150 } } : undefined}
    >
      {/* Each option names its language in that language; lang lets a screen reader say it properly. */}
      {interfaceLanguages.map((language) => (
        <option key={language} value={language} lang={language}>
          {languageEndonym(language)}
        </option>
      ))}
    </NativeSelect>
  );
}
