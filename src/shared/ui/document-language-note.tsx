import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentPaths } from '../lib/runtime-config';

/** Says that a document is shown in English because the demo has no copy in the interface language (issue 10). */
export function DocumentLanguageNote({ id }: { id?: string }) {
  const { t } = useTranslation('common');
  const { isFallback } = useDocumentPaths();
  if (!isFallback) return null;
  return (
    <Text id={id} size="sm" c="gray.8" fs="italic">
      {t('documents.englishOnly')}
    </Text>
  );
}
