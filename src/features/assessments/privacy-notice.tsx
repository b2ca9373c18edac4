import { Anchor, Checkbox, Stack, Text, Title } from '@mantine/core';
import { formatISO } from 'date-fns';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PolicyLoading, PolicyText, usePatientPrivacyNoticeUrl, type PolicyLoader } from '../../shared/ui/policy';
import { useServerTime } from './api';
import { DocumentLanguageNote } from '../../shared/ui/document-language-note';
import { Notice } from '../../shared/ui';

/** Spec §4/§7: an accepted privacy notice carries the patient's clock (ISO with offset) and the server's UTC time. */
export interface PrivacyAcceptance {
  clientTimestamp: string;
  serverTimestamp: string;
}

export interface PrivacyAcceptanceState {
  /** What the box shows: ticked from the moment the patient ticks it, while the server time is on its way too. */
  ticked: boolean;
  /** The complete acceptance, once the server time arrived. */
  acceptance: PrivacyAcceptance | null;
  /** The server time is on its way. */
  recording: boolean;
  /** The server time could not be fetched: the box was unticked (ERROR_RETRIEVING_SERVER_TIMESTAMP). */
  failed: boolean;
  tick: (checked: boolean) => void;
  /** The server refused the acceptance's time: the box is unticked and must be ticked again. */
  clear: () => void;
  /** The acceptance once the server time is in (null if it failed or the box was unticked meanwhile). */
  settled: () => Promise<PrivacyAcceptance | null>;
  /** The box's ref: focus returns there after a failure. */
  bindCheckbox: (element: HTMLInputElement | null) => void;
}

/** Spec §9: both times are captured this long after the box is ticked, as the reference client does. */
export const timestampCaptureDelayMs = 100;

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Spec §2/§4/§5: ticking the notice's box fetches the server time; only a failed fetch unticks it. A page's
 * Continue or Begin pressed while the time is on its way waits for `settled()` instead of reading an acceptance
 * that is not there yet (issue 14: "must be accepted" beside a ticked box). `onChange` hears every complete
 * acceptance and every withdrawal.
 */
export function usePrivacyAcceptance(
  onChange?: (acceptance: PrivacyAcceptance | null) => void,
): PrivacyAcceptanceState {
  const serverTime = useServerTime();
  const [ticked, setTicked] = useState(false);
  const [acceptance, setAcceptance] = useState<PrivacyAcceptance | null>(null);
  const [recording, setRecording] = useState(false);
  const [failed, setFailed] = useState(false);
  const checkbox = useRef<HTMLInputElement | null>(null);
  const bindCheckbox = useCallback((element: HTMLInputElement | null) => {
    checkbox.current = element;
  }, []);
  // Each tick or untick starts a new generation; an answer for an older one is ignored.
  const generation = useRef(0);
  const latest = useRef<{ acceptance: PrivacyAcceptance | null; pending: Promise<PrivacyAcceptance | null> | null }>({
    acceptance: null,
    pending: null,
  });

  const withdraw = () => {
    generation.current += 1;
    latest.current = { acceptance: null, pending: null };
    setTicked(false);
    setAcceptance(null);
    setRecording(false);
    onChange?.(null);
  };

  const tick = (checked: boolean) => {
    setFailed(false);
    if (!checked) {
      withdraw();
      return;
    }
    generation.current += 1;
    const mine = generation.current;
    setTicked(true);
    setRecording(true);
    const capture = async (): Promise<PrivacyAcceptance | null> => {
      await pause(timestampCaptureDelayMs);
      if (generation.current !== mine) return null;
      const clientTimestamp = formatISO(new Date());
      let serverUtcTime: string;
      try {
        ({ serverUtcTime } = await serverTime.mutateAsync());
      } catch {
        if (generation.current !== mine) return null;
        withdraw();
        setFailed(true);
        // A keyboard user who pressed Continue meanwhile is not left on a disabled button.
        if (document.activeElement === null || document.activeElement === document.body) {
          checkbox.current?.focus();
        }
        return null;
      }
      if (generation.current !== mine) return null;
      const accepted = { clientTimestamp, serverTimestamp: serverUtcTime };
      latest.current = { acceptance: accepted, pending: null };
      setAcceptance(accepted);
      setRecording(false);
      onChange?.(accepted);
      return accepted;
    };
    const pending = capture();
    latest.current = { acceptance: null, pending };
  };

  const settled = () => latest.current.pending ?? Promise.resolve(latest.current.acceptance);

  return {
    ticked,
    acceptance,
    recording,
    failed,
    tick,
    clear: () => {
      setFailed(false);
      withdraw();
    },
    settled,
    bindCheckbox,
  };
}

export interface PrivacyNoticeProps {
  language: string;
  privacy: PrivacyAcceptanceState;
  /** 'The patient privacy notice must be accepted', when a submit found it unticked. */
  error?: string | undefined;
  load?: PolicyLoader;
  /** Shown above the notice, e.g. "hand the tablet to the patient". */
  intro?: string;
}

/**
 * Spec §2/§4/§5 patient privacy notice: the notice in the language's document (HTML), its box enabled only once
 * it was scrolled to within 5 px of the end. Issue 32: on every patient page it flows in the page (no box scrolling
 * inside the scrolling page, no second window), so the end is reached by scrolling the page; larger box and text; ticking it fetches the server time (usePrivacyAcceptance), and a
 * failure there un-ticks it (ERROR_RETRIEVING_SERVER_TIMESTAMP), so an acceptance always has both times.
 */
export function PrivacyNotice({ language, privacy, error, load, intro }: PrivacyNoticeProps) {
  const { ticked, recording, failed, tick, bindCheckbox } = privacy;
  const { t } = useTranslation('assessments');
  const url = usePatientPrivacyNoticeUrl(language);
  const [readToEnd, setReadToEnd] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const reachedEnd = useCallback(() => {
    setReadToEnd(true);
  }, []);
  const title = t('privacy.documentTitle');
  // A ticked box is never told it must be ticked, even while its time is still on its way.
  const shownError = error && !ticked && !failed ? error : undefined;

  const describedBy = [readToEnd ? null : hintId, shownError ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="privacy-notice-title">
      <Title order={2} size="h3" id="privacy-notice-title">
        {t('privacy.title')}
      </Title>
      {intro && <Text>{intro}</Text>}
      {/* The notice's address waits on the resource configuration; its room is kept meanwhile. */}
      {!url && <PolicyLoading />}
      {url && (
        <>
          <PolicyText url={url} title={title} load={load} onReachedEnd={reachedEnd} headingLevel={3} flow />
          {/* A target of 44 px for a finger (the text itself is the body's size). */}
          <Anchor
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            mih={44}
            display="inline-flex"
            style={{ alignItems: 'center' }}
          >
            {t('privacy.openPdf')}
          </Anchor>
          <DocumentLanguageNote kind="privacy" language={language} />
        </>
      )}
      <Checkbox
        ref={bindCheckbox}
        // 44 px on a patient's phone (WCAG 2.5.5), the box to tick after reading. Mantine sizes the label with the
        // box (44 px letters): the label is read as the body text around it.
        size="2.75rem"
        styles={{ labelWrapper: { fontSize: 'inherit' }, label: { lineHeight: 'var(--mantine-line-height)' } }}
        label={t('privacy.accept')}
        checked={ticked}
        disabled={!readToEnd}
        aria-describedby={describedBy}
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => {
          tick(event.currentTarget.checked);
        }}
      />
      {!readToEnd && <Text id={hintId}>{t('privacy.scrollToEnable')}</Text>}
      <Text size="sm" role="status" aria-live="polite">
        {recording ? t('privacy.recording') : ''}
      </Text>
      {failed && <Notice tone="error">{t('ERROR_RETRIEVING_SERVER_TIMESTAMP')}</Notice>}
      {shownError && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {shownError}
        </Text>
      )}
    </Stack>
  );
}
