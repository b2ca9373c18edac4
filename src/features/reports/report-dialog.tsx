import { Box, Button, Center, Group, Loader, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useHttp } from '../../shared/api/http-context';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { reportPageUrl, reportQueries } from './api';
import { clientLog } from '../../shared/api/client-log';
import { Notice } from '../../shared/ui';

/**
 * Spec §2 /{product}/manage/patient/{patientId}/cbbreport (needs viewReport): the report page in a frame, with a
 * loading indicator until it has loaded and Done to close; Escape closes it too, and so does any route change
 * (it is a route). Failing to load the report is only logged (spec §7), and the dialog says it is not available.
 */
export function ReportDialog() {
  const { t, i18n } = useTranslation('reports');
  const paths = usePaths();
  const navigate = useNavigate();
  const http = useHttp();
  const config = useRuntimeConfig();
  const patientId = Number(useParams().patientId);
  const valid = Number.isInteger(patientId) && patientId > 0;
  const access = useQuery({ ...reportQueries.access(http, config.product, patientId), enabled: valid });
  const [frameLoaded, setFrameLoaded] = useState(false);
  const failed = !valid || access.isError;
  useEffect(() => {
    if (failed) clientLog.warn('cognitive report could not be loaded');
  }, [failed]);

  const close = () => {
    void navigate(valid ? paths.profile('patient', patientId) : paths.patients);
  };
  const url = access.data ? reportPageUrl(config, window.location.origin, patientId, access.data, i18n.language) : null;

  return (
    <Modal
      opened
      onClose={close}
      title={t('title')}
      size="90rem"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      <Stack gap="md">
        {failed ? (
          <Notice tone="warning">{t('notAvailable')}</Notice>
        ) : (
          <Box pos="relative" mih="70vh">
            {!frameLoaded && (
              <Center pos="absolute" inset={0}>
                <Loader role="status" aria-label={t('loading')} />
              </Center>
            )}
            {url && (
              <iframe
                src={url}
                title={t('frameTitle')}
                referrerPolicy="no-referrer"
                onLoad={() => {
                  setFrameLoaded(true);
                }}
                style={{ width: '100%', height: '70vh', border: 0, visibility: frameLoaded ? 'visible' : 'hidden' }}
              />
            )}
          </Box>
        )}
        <Group justify="flex-end">
          <Button onClick={close}>{t('done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
