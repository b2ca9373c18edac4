import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { useCapability } from '../../shared/api/capabilities';
import { useHttp } from '../../shared/api/http-context';
import { useEntitlement } from '../../shared/auth/session-context';
import { saveFile } from '../../shared/lib/save-file';
import { Notice } from '../../shared/ui';

/** What $everything answers: a FHIR Bundle, kept as sent (the file is the server's JSON, not the client's reading). */
const bundleSchema = z.looseObject({ resourceType: z.literal('Bundle') });

type DownloadState = 'idle' | 'busy' | 'done' | 'failed';

/** Hands the bundle to the browser as a .json file; the name carries the record id only, never a name. */
function saveBundle(patientId: number, bundle: unknown): void {
  const day = new Date().toISOString().slice(0, 10);
  const json = new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/fhir+json;charset=utf-8' });
  saveFile(json, `fhir-patient-${String(patientId)}-${day}.json`);
}

/**
 * Issue 38: "Download for the EHR", the patient's $everything Bundle (FHIR R4, US Core) as a file, for staff who
 * may view reports. Beyond spec §7: an API without FHIR leaves it out, without an error.
 */
export function EhrDownload({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patients');
  const http = useHttp();
  const canViewReport = useEntitlement('viewReport');
  const { offered, pending } = useCapability(canViewReport ? 'fhir' : null);
  const [state, setState] = useState<DownloadState>('idle');
  if (!canViewReport || !offered || pending) return null;
  const run = async () => {
    setState('busy');
    try {
      const bundle = await http.get(`/fhir/R4/Patient/${String(patientId)}/$everything`, bundleSchema);
      saveBundle(patientId, bundle);
      setState('done');
    } catch {
      setState('failed');
    }
  };
  return (
    <section aria-labelledby="ehr-download-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h3" id="ehr-download-title">
          {t('fhirDownload.title')}
        </Title>
        <Text>{t('fhirDownload.help')}</Text>
        <Button
          variant="default"
          loading={state === 'busy'}
          onClick={() => {
            void run();
          }}
        >
          {t('fhirDownload.button')}
        </Button>
        <Text size="sm" role="status">
          {state === 'done' ? t('fhirDownload.done') : ''}
        </Text>
        {state === 'failed' && <Notice tone="error">{t('fhirDownload.failed')}</Notice>}
      </Stack>
    </section>
  );
}
