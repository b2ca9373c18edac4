import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProviderService } from '#common/contract';
import { useEntitlement } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { GeneralList, providerGridColumnWidth, type GeneralListColumn } from '../../shared/ui/general-list';
import { Page } from '../../shared/ui/page';
import { useProviderServiceListSource } from './api';
import { providerServiceName } from '../../shared/lib/provider-service-name';
import { WriteLink } from '../../shared/ui/offline';
import { offeredLanguageName } from '#common/languages';

function useColumns(canEdit: boolean): GeneralListColumn<ProviderService>[] {
  const { t, i18n } = useTranslation('provider-services');
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
        return language ? offeredLanguageName(language, i18n.language) : '';
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
