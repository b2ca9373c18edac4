import { Alert, Anchor, Checkbox, Stack, Text, Title } from '@mantine/core';
import { formatISO } from 'date-fns';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPdfPolicy, PolicyViewer, usePatientPrivacyNoticeUrl, type PolicyLoader } from '../privacy-policy';
import { useServerTime } from './api';
import { DocumentLanguageNote } from '../../shared/ui/document-language-note';

/** Spec §4/§7: an accepted privacy notice carries the patient's clock (ISO with offset) and the server's UTC time. */
export interface PrivacyAcceptance {
  clientTimestamp: string;
  serverTimestamp: string;
}

export interface PrivacyNoticeProps {
  language: string;
  acceptance: PrivacyAcceptance | null;
  onChange: (acceptance: PrivacyAcceptance | null) => void;
  /** 'The patient privacy notice must be accepted', when a submit found it unticked. */
  error?: string | undefined;
  load?: PolicyLoader;
  /** Shown above the notice, e.g. "hand the tablet to the patient". */
  intro?: string;
}

/**
 * Spec §2/§4/§5 patient privacy notice: the notice in the language's document, its box enabled only once it was
 * scrolled to within 5 px of the end; ticking it fetches the server time, and a failure there un-ticks it
 * (ERROR_RETRIEVING_SERVER_TIMESTAMP), so an acceptance always has both times.
 */
export function PrivacyNotice({
  language,
  acceptance,
  onChange,
  error,
  load = loadPdfPolicy,
  intro,
}: PrivacyNoticeProps) {
  const { t } = useTranslation('assessments');
  const url = usePatientPrivacyNoticeUrl(language);
  const serverTime = useServerTime();
  const [readToEnd, setReadToEnd] = useState(false);
  const [timeFailed, setTimeFailed] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const reachedEnd = useCallback(() => {
    setReadToEnd(true);
  }, []);
  const title = t('privacy.documentTitle');

  const tick = (checked: boolean) => {
    setTimeFailed(false);
    if (!checked) {
      onChange(null);
      return;
    }
    const clientTimestamp = formatISO(new Date());
    serverTime.mutate(undefined, {
      onSuccess: ({ serverUtcTime }) => {
        onChange({ clientTimestamp, serverTimestamp: serverUtcTime });
      },
      onError: () => {
        setTimeFailed(true);
        onChange(null);
      },
    });
  };

  const describedBy = [readToEnd ? null : hintId, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="privacy-notice-title">
      <Title order={2} size="h3" id="privacy-notice-title">
        {t('privacy.title')}
      </Title>
      {intro && <Text>{intro}</Text>}
      {url && (
        <>
          <PolicyViewer url={url} title={title} load={load} onReachedEnd={reachedEnd} />
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('privacy.openPdf')}
          </Anchor>
          <DocumentLanguageNote />
        </>
      )}
      <Checkbox
        label={t('privacy.accept')}
        checked={acceptance !== null || serverTime.isPending}
        disabled={!readToEnd || serverTime.isPending}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          tick(event.currentTarget.checked);
        }}
      />
      {!readToEnd && (
        <Text id={hintId} size="sm">
          {t('privacy.scrollToEnable')}
        </Text>
      )}
      {serverTime.isPending && (
        <Text size="sm" role="status">
          {t('privacy.recording')}
        </Text>
      )}
      {timeFailed && (
        <Alert color="red" role="alert">
          {t('ERROR_RETRIEVING_SERVER_TIMESTAMP')}
        </Alert>
      )}
      {error && !timeFailed && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
