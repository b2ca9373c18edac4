import { Box, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth, useSession } from '../../shared/auth/session-context';
import { readStoredLanguage, toInterfaceLanguage } from '#common/languages';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { useHttp } from '../../shared/api/http-context';
import { DeferredModal } from '../../shared/ui/deferred-modal';
import { useWritesBlocked } from '../../shared/ui/offline';
import { Page } from '../../shared/ui/page';
import { assessmentQueries } from './api';
import { linkEndedPage } from './link-ended-page';
import { PatientDetailsForm } from './patient-details-form';
import { usePatientLinkToken } from './patient-link-token';
import { patientLoginStateSchema } from './session-expiry';
import { LoadingText, Notice } from '../../shared/ui';

/**
 * Issue 32: the page speaks the patient's language as soon as the link names it (the patient's default language
 * at the clinic), unless someone chose a language on this device; the browser's own languages were the first
 * guess (start.tsx). Nothing is stored: the choice stays the person's.
 */
function usePatientLanguage(linkLanguage: string | null | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const language = toInterfaceLanguage(linkLanguage);
    if (!language || readStoredLanguage() !== null) return;
    if (language !== (i18n.resolvedLanguage ?? i18n.language)) void i18n.changeLanguage(language);
  }, [linkLanguage, i18n]);
}

/**
 * Issue 32 (WCAG 2.4.3, 4.1.3): when what the page shows changes under the patient (a language, a closed dialog),
 * the keyboard and screen-reader focus moves to its heading, which is read out, instead of falling to the body.
 */
function useHeadingFocus() {
  const container = useRef<HTMLDivElement | null>(null);
  const focusHeading = () => {
    const heading = container.current?.querySelector('h1');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  };
  return { container, focusHeading };
}

/** The mismatch dialog's text: the server's message when it gave one (spec §4), else ours. */
interface Mismatch {
  message: string | null;
}

/**
 * Spec §2/§4/§5 /{product}/patientlogin: the patient opens the link from the order email, confirms first name,
 * last name and date of birth, reads and accepts the privacy notice, and goes on to the self-assessment.
 */
export function PatientLoginPage() {
  const { t, i18n } = useTranslation('assessments');
  const paths = usePaths();
  const navigate = useNavigate();
  const location = useLocation();
  const { store } = useAuth();
  const session = useSession();
  const token = usePatientLinkToken();
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const link = useQuery({ ...assessmentQueries.linkState(http, product, token ?? ''), enabled: token !== null });
  const state = link.data?.state;
  const ended = state && state !== 'open' ? state : null;
  useEffect(() => {
    if (ended) void navigate(paths.patientLoginError(linkEndedPage[ended]), { replace: true });
  }, [ended, navigate, paths]);
  usePatientLanguage(link.data?.language);
  const clinic = link.data?.clinic ?? null;
  const { container, focusHeading } = useHeadingFocus();
  // Issue 32: a new language is said, and the heading (now in it) takes the focus.
  const [announcement, setAnnouncement] = useState('');
  const shownLanguage = i18n.language;
  const firstLanguage = useRef(shownLanguage);
  useEffect(() => {
    if (shownLanguage === firstLanguage.current) return;
    firstLanguage.current = shownLanguage;
    setAnnouncement(i18n.t('assessments:link.languageChanged'));
    focusHeading();
    // focusHeading reads the DOM only; the language is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownLanguage]);
  const { blocked } = useWritesBlocked();
  const [mismatch, setMismatch] = useState<Mismatch | null>(null);
  const expired = patientLoginStateSchema.safeParse(location.state).data?.expired === true;
  // This page says why the session ended; the staff login must not say it again later.
  const staleMessage = !session.isLoggedIn && session.loginMessageKey !== null;
  useEffect(() => {
    if (staleMessage) store.clearMessage();
  }, [staleMessage, store]);

  // Issue 32: an ended link says so before anything can be typed, so the form waits for the link's answer (a
  // failed check shows the form as before: the details check then says what is wrong).
  const checkingLink = token !== null && (link.isPending || ended !== null);
  // The form with its privacy notice is most of the page: it mounts in a transition once the page's first render is
  // committed, even when the link's answer came before the page's code (patient-details-form.tsx says why).
  const formShown = useDeferredValue(!checkingLink, false);

  return (
    <Box py="md" ref={container}>
      <Box className="cgm-patient-card">
        <Page title={t('login.title')}>
          <Text>{t('login.intro')}</Text>
          {/* Issue 32: who sent the link, before anything is asked. Under the intro, which the start screen already
              showed, so the heading and the intro stay where the patient is reading when the clinic's name arrives. */}
          {clinic ? (
            <Text className="cgm-patient-clinic">
              {t('link.fromClinic', { provider: clinic.provider })}
              <Text span display="block" c="gray.8">
                {t('link.department', { service: clinic.service })}
              </Text>
            </Text>
          ) : null}
          {expired && <Notice tone="warning">{t('login.sessionExpired')}</Notice>}
          {!token ? (
            <Notice tone="error">{t('login.noToken')}</Notice>
          ) : checkingLink || !formShown ? (
            // Nothing here works without the server (details check, privacy notice, the test itself): offline, the
            // page says so plainly, and the form appears by itself when the connection is back.
            blocked ? (
              <Notice tone="warning">{t('login.offline')}</Notice>
            ) : (
              <LoadingText>{t('link.checking')}</LoadingText>
            )
          ) : (
            <PatientDetailsForm
              token={token}
              language={shownLanguage}
              onMismatch={(message) => {
                setMismatch({ message });
                setAnnouncement('');
              }}
            />
          )}
          <div aria-live="polite" className="visually-hidden">
            {announcement}
          </div>
        </Page>
      </Box>
      <DeferredModal
        opened={mismatch !== null}
        onClose={() => {
          setMismatch(null);
        }}
        // Issue 32: closed, the dialog gives the focus to the page's heading, not to the body.
        returnFocus={false}
        onExitTransitionEnd={() => {
          focusHeading();
          setAnnouncement(t('link.checkAndTryAgain'));
        }}
        title={t('login.mismatchTitle')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack gap="md">
          <Text>{mismatch?.message ?? t('login.mismatchText')}</Text>
          <Button
            data-autofocus
            size="lg"
            fullWidth
            onClick={() => {
              setMismatch(null);
            }}
          >
            {t('login.tryAgain')}
          </Button>
        </Stack>
      </DeferredModal>
    </Box>
  );
}
