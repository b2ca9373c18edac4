import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/http';
import { DocumentLanguageNote } from '../../shared/ui/document-language-note';
import { OfflineWriteReason, useWritesBlocked } from '../../shared/ui/offline';
import { Page } from '../../shared/ui/page';
import { useAcceptPrivacyPolicy, usePrivacyPolicyUrl, type StaffPolicyRole } from './api';
import { loadPdfPolicy, PolicyText, type PolicyLoader } from '../../shared/ui/policy';
import { Notice } from '../../shared/ui';

/**
 * Spec §1/§2 privacy-policy step of clinicians and technicians, before any other page: the role's policy in
 * the interface language (HTML), the agree box enabled only once the policy was scrolled to its end, Accept only
 * once the box is ticked; the server records the acceptance. The PDF also opens in the browser's own viewer in a
 * new tab.
 */
export function PrivacyPolicyStep({ role, load = loadPdfPolicy }: { role: StaffPolicyRole; load?: PolicyLoader }) {
  const { t } = useTranslation('privacy-policy');
  const url = usePrivacyPolicyUrl(role);
  const accept = useAcceptPrivacyPolicy();
  const { blocked, reasonId } = useWritesBlocked();
  const [readToEnd, setReadToEnd] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const hintId = useId();
  const reachedEnd = useCallback(() => {
    setReadToEnd(true);
  }, []);
  const title = t(role === 'clinician' ? 'clinicianPolicyTitle' : 'technicianPolicyTitle');
  const failure = accept.error;

  return (
    <Page title={t('title')} intro={t('intro')}>
      {url && (
        <Stack gap="sm">
          <PolicyText url={url} title={title} load={load} onReachedEnd={reachedEnd} headingLevel={2} />
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('openPdf', { title })}
          </Anchor>
          <DocumentLanguageNote kind="privacy" />
        </Stack>
      )}
      {failure && (
        <Notice tone="error" error={failure}>
          {isApiError(failure) && failure.isNetworkError
            ? t('common:ERROR_OFFLINE_NOTHING_SENT')
            : t('TEXT_PRIVACY_POLICY_ACCEPT_ERROR')}
        </Notice>
      )}
      <Checkbox
        label={t('agree', { title })}
        aria-describedby={readToEnd ? undefined : hintId}
        checked={agreed}
        disabled={!readToEnd}
        onChange={(event) => {
          setAgreed(event.currentTarget.checked);
        }}
      />
      {!readToEnd && (
        // Outside the box's own description, which a disabled box would dim below readable contrast.
        <Text id={hintId} size="sm">
          {t('scrollToEnable')}
        </Text>
      )}
      <OfflineWriteReason />
      <Group>
        <Button
          disabled={!agreed || blocked}
          loading={accept.isPending}
          aria-describedby={reasonId}
          onClick={() => {
            accept.mutate();
          }}
        >
          {t('accept')}
        </Button>
      </Group>
    </Page>
  );
}
