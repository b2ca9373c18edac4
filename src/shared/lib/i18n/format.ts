import { useTranslation } from 'react-i18next';
import { formatDisplayDate, formatDisplayDateTime, formatNumber } from '#common/display-format';
import { fallbackLanguage, toInterfaceLanguage, type InterfaceLanguage } from '#common/languages';
import { formatAge } from './relative-time';

// The formatters themselves live apart from React, so the server's runner and report pages share them.
export { displayDateFormats, formatDisplayDate, formatNumber } from '#common/display-format';

/** The interface language's formatters; components re-render with the language, so dates follow a switch at once. */
export function useFormatters(): {
  language: InterfaceLanguage;
  formatDate: (value: string | Date | null | undefined) => string;
  formatNumber: (value: number) => string;
  formatDateTime: (value: string) => string;
  formatRelative: (value: string, now?: Date) => string;
} {
  const { i18n } = useTranslation();
  const language = toInterfaceLanguage(i18n.resolvedLanguage ?? i18n.language) ?? fallbackLanguage;
  return {
    language,
    formatDate: (value) => formatDisplayDate(value, language),
    formatNumber: (value) => formatNumber(value, language),
    formatDateTime: (value) => formatDisplayDateTime(value, language),
    formatRelative: (value, now = new Date()) => {
      const time = Date.parse(value);
      return Number.isNaN(time) ? '' : formatAge(time, now.getTime(), language);
    },
  };
}
