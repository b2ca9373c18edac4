import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How sending the contact form ended. */
export type ContactOutcome = 'sent' | 'notSent' | 'notSentOffline' | 'tooManyRequests';

/** TEXT_EMAIL_SENT or TEXT_EMAIL_NOT_SENT (spec §8), as a dialog the person closes. */
export function ContactOutcomeDialog({ outcome, onClose }: { outcome: ContactOutcome | null; onClose: () => void }) {
  const { t } = useTranslation('about');
  const sent = outcome === 'sent';
  return (
    <Modal
      opened={outcome !== null}
      onClose={onClose}
      title={t(sent ? 'contact.sentTitle' : 'contact.notSentTitle')}
      // The dialog's own Close button (and Escape) closes it; a second, icon-only one would only add noise.
      withCloseButton={false}
      centered
    >
      <Stack>
        <Text>{t(sent ? 'contact.TEXT_EMAIL_SENT' : 'contact.TEXT_EMAIL_NOT_SENT')}</Text>
        {outcome === 'notSentOffline' && <Text>{t('contact.notSentOffline')}</Text>}
        {outcome === 'tooManyRequests' && <Text>{t('common:ERROR_TOO_MANY_REQUESTS')}</Text>}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('contact.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
