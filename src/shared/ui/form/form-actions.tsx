import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineWriteReason, WriteButton } from '../offline';

/**
 * The end of a form that writes: why writing is off while offline (DESIGN §3), what is happening (`status`), then
 * Cancel, when the form has a way back, and the submit button, off while offline and described by that reason.
 */
export function FormActions({
  submitLabel,
  busy,
  disabled,
  onCancel,
  cancelDisabled,
  status,
}: {
  submitLabel: string;
  busy: boolean;
  /** Off for a reason of the form's own; offline is already taken care of. */
  disabled?: boolean;
  onCancel?: (() => void) | undefined;
  cancelDisabled?: boolean;
  status?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <OfflineWriteReason />
      {status}
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
            {t('cancel')}
          </Button>
        )}
        <WriteButton type="submit" loading={busy} disabled={disabled}>
          {submitLabel}
        </WriteButton>
      </Group>
    </>
  );
}
