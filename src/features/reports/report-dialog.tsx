import { Box, Button, Center, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { recordIdParamSchema } from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import { useSession } from '../../shared/auth/session-context';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { downloadReportPdf, reportPageUrl, reportPdfUrl, reportQueries } from './api';
import { clientLog } from '../../shared/api/client-log';
import { Loading, Notice } from '../../shared/ui';

/** What the reference report page posts when Escape is pressed inside it (server/runner/public/report.js). */
const reportEscapeMessage = 'report-escape';

/** Below this width (phones and tablets, either way up) the report takes the whole screen. */
const fullScreenQuery = '(max-width: 75em)';

/**
 * Spec §2 /{product}/manage/patient/{patientId}/cbbreport (needs viewReport): the report page in a frame, with a
 * loading indicator until it has loaded and Done to close; Escape closes it too, and so does any route change
 * (it is a route). Failing to load the report is only logged (spec §7), and the dialog says it is not available.
 * Issue 33: the report fills the screen of a tablet or a phone and most of a laptop's, and can be printed or
 * downloaded as a PDF.
 */
export function ReportDialog() {
  const { t, i18n } = useTranslation('reports');
  const paths = usePaths();
  const navigate = useNavigate();
  const http = useHttp();
  const config = useRuntimeConfig();
  const { authToken } = useSession();
  const parsedId = recordIdParamSchema.safeParse(useParams().patientId).data;
  const valid = parsedId !== undefined;
  // An address with no patient id asks for nothing (the query stays disabled) and says the report failed.
  const patientId = parsedId ?? 0;
  const access = useQuery({ ...reportQueries.access(http, config.product, patientId), enabled: valid });
  const [frameLoaded, setFrameLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const fullScreen = useMediaQuery(fullScreenQuery, true, { getInitialValueInEffect: false });
  const failed = !valid || access.isError;
  useEffect(() => {
    if (failed) clientLog.warn('report.loadFailed');
  }, [failed]);

  const close = () => {
    void navigate(valid ? paths.profile('patient', patientId) : paths.patients);
  };
  // Escape pressed inside the report (after a click in it) never reaches this page; the report page says so.
  const closeFromReport = useEffectEvent(close);
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.source !== frame.current?.contentWindow) return;
      const data = event.data;
      if (typeof data === 'object' && data !== null && 'type' in data && data.type === reportEscapeMessage) {
        closeFromReport();
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
    };
  }, []);
  const origin = window.location.origin;
  const url = access.data ? reportPageUrl(config, origin, patientId, access.data, i18n.language) : null;
  const pdfUrl = access.data ? reportPdfUrl(config, origin, patientId, access.data, i18n.language) : null;
  // Issue 37: a report opened the spec's way (no access token) reads with the session, which a plain download link
  // cannot send: its PDF is fetched with the session's token and then handed to the browser.
  const withSession = access.data?.token === '';
  const download = useMutation({
    mutationFn: async (address: string) => {
      if (!authToken) throw new Error('no session');
      await downloadReportPdf(address, authToken);
    },
    // Only logged (spec §7, as a report that fails to load); the dialog says the file did not come.
    onError: () => {
      clientLog.warn('report.pdfFailed');
    },
  });

  const print = () => {
    try {
      // The reference report is on our own origin, so its window can be asked to print itself (its print styles).
      const view = frame.current?.contentWindow;
      if (!view) throw new Error('no frame');
      view.focus();
      view.print();
    } catch {
      // A report served from another origin cannot be printed from here: it opens in a tab of its own to print.
      if (url) window.open(url, '_blank', 'noopener');
    }
  };

  return (
    <Modal
      opened
      onClose={close}
      title={t('title')}
      fullScreen={fullScreen}
      size={fullScreen ? '100%' : '90vw'}
      yOffset="5dvh"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      styles={{
        title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 },
        content: { display: 'flex', flexDirection: 'column', ...(fullScreen ? {} : { height: '90dvh' }) },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-md)' },
      }}
    >
      {download.isError && <Notice tone="warning">{t('report.downloadFailed')}</Notice>}
      {failed ? (
        <Notice tone="warning">{t('notAvailable')}</Notice>
      ) : (
        <Box pos="relative" flex={1} mih="16rem">
          {!frameLoaded && (
            <Center pos="absolute" inset={0}>
              <Loading label={t('loading')} />
            </Center>
          )}
          {url && (
            <iframe
              ref={frame}
              src={url}
              title={t('frameTitle')}
              referrerPolicy="no-referrer"
              onLoad={() => {
                setFrameLoaded(true);
              }}
              style={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                border: 0,
                visibility: frameLoaded ? 'visible' : 'hidden',
              }}
            />
          )}
        </Box>
      )}
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {!failed && (
            <>
              <Button variant="default" onClick={print} disabled={!frameLoaded}>
                {t('report.print')}
              </Button>
              {pdfUrl && withSession ? (
                <Button
                  variant="default"
                  loading={download.isPending}
                  loaderProps={{ 'aria-hidden': true }}
                  onClick={() => {
                    download.mutate(pdfUrl);
                  }}
                >
                  {t('report.downloadPdf')}
                </Button>
              ) : pdfUrl ? (
                <Button component="a" href={pdfUrl} download variant="default">
                  {t('report.downloadPdf')}
                </Button>
              ) : (
                <Button variant="default" disabled>
                  {t('report.downloadPdf')}
                </Button>
              )}
            </>
          )}
        </Group>
        <Button onClick={close}>{t('done')}</Button>
      </Group>
    </Modal>
  );
}
