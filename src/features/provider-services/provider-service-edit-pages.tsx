import { Anchor } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { recordIdParamSchema } from '#common/contract';
import { usePaths, useRuntimeConfig } from '../../shared/lib/runtime-config';
import { LoadError, Loading } from '../../shared/ui';
import { Page } from '../../shared/ui/page';
import { useHttp } from '../../shared/api/http-context';
import { providerServiceQueries } from './api';
import { ProviderServiceForm } from './provider-service-form';
import { emptyFormValues, formValuesOf } from './provider-service-form-schema';

function LoadFailed({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation('provider-services');
  const paths = usePaths();
  return (
    <LoadError title={t(messageKey)}>
      <Anchor component={Link} to={paths.cops}>
        {t('backToList')}
      </Anchor>
    </LoadError>
  );
}

/**
 * Localities, report types and batteries: what every add or edit form chooses from. An existing provider service's
 * batteries come from its own list (spec §7), the same batteries with its choice marked.
 */
function useReferences(providerServiceId: number | null) {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const [localities, reportTypes, batteries] = useQueries({
    queries: [
      providerServiceQueries.localities(http),
      providerServiceQueries.reportTypes(http),
      providerServiceId === null
        ? providerServiceQueries.batteries(http)
        : providerServiceQueries.batteriesOf(http, product, providerServiceId),
    ],
  });
  if (
    (localities.isError && !localities.data) ||
    (reportTypes.isError && !reportTypes.data) ||
    (batteries.isError && !batteries.data)
  )
    return { state: 'error' as const };
  if (!localities.data || !reportTypes.data || !batteries.data) return { state: 'pending' as const };
  return {
    state: 'ready' as const,
    localities: localities.data,
    reportTypes: reportTypes.data,
    batteries: batteries.data,
  };
}

/** /{product}/manage/addproviderservice (needs editProviderService). */
export function AddProviderServicePage() {
  const { t } = useTranslation('provider-services');
  const references = useReferences(null);
  return (
    <Page title={t('addTitle')}>
      {references.state === 'pending' && <Loading label={t('loading')} />}
      {references.state === 'error' && <LoadFailed messageKey="TEXT_PROVIDER_SERVICE_ERROR_FETCHING" />}
      {references.state === 'ready' && (
        <ProviderServiceForm
          providerServiceId={null}
          defaultValues={emptyFormValues(references.localities)}
          reportTypes={references.reportTypes}
          batteries={references.batteries}
        />
      )}
    </Page>
  );
}

/** /{product}/manage/editproviderservice/{providerServiceId}: the provider card (needs editProviderService). */
export function EditProviderServicePage() {
  const { t } = useTranslation('provider-services');
  const { providerServiceId } = useParams();
  const parsedId = recordIdParamSchema.safeParse(providerServiceId).data;
  const validId = parsedId !== undefined;
  // An address with no provider service id asks for nothing (the queries stay disabled) and says it failed.
  const id = parsedId ?? 0;
  const http = useHttp();
  const { product } = useRuntimeConfig();
  const references = useReferences(validId ? id : null);
  const detail = useQuery({ ...providerServiceQueries.detail(http, product, id), enabled: validId });
  return (
    <Page title={t('editTitle')}>
      {(!validId || (detail.isError && !detail.data) || references.state === 'error') && (
        <LoadFailed messageKey="TEXT_PROVIDER_SERVICE_ERROR_FETCHING" />
      )}
      {validId && !(detail.isError && !detail.data) && references.state !== 'error' && (
        <>
          {(detail.isPending || references.state === 'pending') && <Loading label={t('loading')} />}
          {detail.data && references.state === 'ready' && (
            <ProviderServiceForm
              // A fresh form per provider service: default values are read once.
              key={detail.data.id}
              providerServiceId={detail.data.id}
              defaultValues={formValuesOf(detail.data, references.localities)}
              reportTypes={references.reportTypes}
              batteries={references.batteries}
            />
          )}
        </>
      )}
    </Page>
  );
}
