import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProviderService } from '#common/contract';
import { useEntitlement } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { GeneralList, providerGridColumnWidth, type GeneralListColumn } from '../../shared/ui/general-list';
import { Page } from '../../shared/ui/page';
import { useProviderServiceListSource } from './api';
import { useHttp } from '../../shared/api/http-context';
import { providerServiceQueries } from '../../shared/api/provider-service-queries';
import { providerServiceName } from '../../shared/lib/provider-service-name';
import { WriteLink } from '../../shared/ui/offline';
import { offeredLanguageName } from '#common/languages';

function useColumns(canEdit: boolean): GeneralListColumn<ProviderService>[] {
  const { t, i18n } = useTranslation('provider-services');
  const http = useHttp();
  // Issue 37: an answer of spec §3's shape names a language by its locality id only; the localities of the reference
  // call (spec §7) name it as the rest of the product does ('United States - Spanish').
  const localities = useQuery(providerServiceQueries.localities(http)).data;
  const paths = usePaths();
  const columns: GeneralListColumn<ProviderService>[] = [
    {
      accessor: 'Provider.Name',
      title: t('grid.providerService'),
      sortable: true,
      render: (row) =>
        canEdit ? (
          // Spec §2: the list link plus the id opens the provider card (the edit page).
          <Anchor component={Link} to={paths.editProviderService(row.id)}>
            {providerServiceName(row)}
          </Anchor>
        ) : (
          providerServiceName(row)
        ),
    },
    {
      accessor: 'ReportType.Name',
      title: t('grid.reports'),
      sortable: true,
      width: providerGridColumnWidth,
      render: (row) => row.reportType.name,
    },
    {
      accessor: 'DeliveryMethod',
      title: t('grid.orderType'),
      sortable: true,
      width: providerGridColumnWidth,
      render: (row) => row.supportedAssessmentOrderTypes.map((type) => t(`orderType.${type.id}`)).join(', '),
    },
    {
      accessor: 'DefaultLanguage.Name',
      title: t('grid.defaultLanguage'),
      sortable: true,
      width: providerGridColumnWidth,
      render: (row) => {
        const language = row.supportedAssessmentLanguages.find((offered) => offered.isDefault);
        if (!language) return '';
        const locality = localities?.find((entry) => entry.id === language.localityId);
        return language.name ?? locality?.name ?? offeredLanguageName(language, i18n.language);
      },
    },
    {
      accessor: 'edit',
      title: t('grid.edit'),
      hideTitle: true,
      render: (row) =>
        canEdit && (
          <Anchor
            component={Link}
            to={paths.editProviderService(row.id)}
            aria-label={t('grid.editLabel', { name: providerServiceName(row) })}
          >
            {t('grid.edit')}
          </Anchor>
        ),
    },
  ];
  return columns;
}

/** /{product}/manage/cops: the provider-service grid, searched, sorted and paged on the server (spec §2). */
export function ProviderServicesPage() {
  const { t } = useTranslation('provider-services');
  const paths = usePaths();
  const source = useProviderServiceListSource();
  const canEdit = useEntitlement('editProviderService');
  return (
    <Page title={t('listTitle')}>
      <GeneralList<ProviderService>
        listId="provider-services"
        label={t('listLabel')}
        source={source}
        providerServiceId={null}
        defaultSort={{ orderBy: 'Provider.Name', ascending: true }}
        columns={useColumns(canEdit)}
        getId={(row) => row.id}
        getLabel={providerServiceName}
        errorMessage={t('TEXT_PROVIDER_SERVICES_ERROR_OBTAINING')}
        gridOnly
        showRecordCount
        actions={canEdit && <WriteLink to={paths.addProviderService}>{t('grid.add')}</WriteLink>}
      />
    </Page>
  );
}
