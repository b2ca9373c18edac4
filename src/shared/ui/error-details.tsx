import { Button, Code, Stack } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/http';

function rawText(error: unknown): string {
  // A refused call: what the server said, and about which fields, is what a developer looks for first.
  if (isApiError(error)) {
    const server = { serverMessage: error.serverMessage, fields: error.fields };
    return [`${error.name}: ${error.message}`, JSON.stringify(server, null, 2), error.stack ?? ''].join('\n');
  }
  if (error instanceof Error) return [`${error.name}: ${error.message}`, error.stack ?? ''].join('\n');
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/**
 * Spec §8: development builds show a DETAILS action revealing the raw error under the translated message.
 * Production builds render nothing: the raw error may quote data, and people need the translated text only.
 */
export function ErrorDetails({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!import.meta.env.DEV) return null;
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="subtle"
        size="compact-sm"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        {t('errorDetails')}
      </Button>
      <Code block id={id} hidden={!open}>
        {rawText(error)}
      </Code>
    </Stack>
  );
}
