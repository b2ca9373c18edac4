import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { documentLanguageFor, type DocumentKind } from '#common/contract/documents';

/**
 * Says that a document is shown in English because the demo has no copy in the wanted language (issue 10): the
 * interface language unless the screen shows the document in another one (a test's language).
 */
export function DocumentLanguageNote({
  id,
  kind = 'manual',
  language,
}: {
  id?: string;
  kind?: DocumentKind;
  language?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const wanted = language ?? i18n.resolvedLanguage ?? i18n.language;
  if (!documentLanguageFor(wanted, kind).isFallback) return null;
  return (
    <Text id={id} size="sm" c="gray.8" fs="italic">
      {t('documents.englishOnly')}
    </Text>
  );
}
