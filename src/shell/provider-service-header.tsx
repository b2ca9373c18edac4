import { Group, Paper, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useVisibleProviderServices } from '../features/provider-services';
import {
  providerServiceCode,
  providerServiceName,
  truncateProviderServiceName,
} from '../shared/lib/provider-service-name';
import { useAuth, useSession } from '../shared/auth/session-context';

/** Select values are strings; this one stands for 'no provider service chosen: all of them'. */
const allValue = 'all';

/**
 * Spec §2/§6: the provider-service header of the manage pages. Cops choose the current provider service that
 * the lists are scoped to (kept for the session, cleared on logout); staff see their own provider and service,
 * read-only.
 */
export function ProviderServiceHeader() {
  const { t } = useTranslation('provider-services');
  const session = useSession();
  const { store } = useAuth();
  const visible = useVisibleProviderServices();
  const currentId = session.currentProviderServiceId;

  if (session.userRole === 'cops') {
    // Spec §3: the profile dropdown names each provider service by its merged name and code ('providerId,serviceId').
    const options = [
      { value: allValue, label: t('header.all') },
      ...visible.list.map((ref) => ({
        value: providerServiceCode(ref),
        label: truncateProviderServiceName(providerServiceName(ref)),
      })),
    ];
    const current = visible.list.find((ref) => ref.id === currentId);
    return (
      <Paper withBorder p="xs" mb="md" component="section" aria-label={t('header.region')}>
        <Select
          label={t('header.label')}
          name="providerService"
          data={options}
          value={current ? providerServiceCode(current) : allValue}
          onChange={(value) => {
            const chosen = visible.list.find((ref) => providerServiceCode(ref) === value);
            store.setCurrentProviderService(chosen ? chosen.id : null);
          }}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('header.nothingFound')}
          error={visible.isError ? t('header.ERROR_LOADING_PROVIDERS') : undefined}
          maw={640}
        />
      </Paper>
    );
  }

  const own = visible.list.find((ref) => ref.id === currentId) ?? visible.list[0];
  if (!own) return null;
  return (
    <Paper withBorder p="xs" mb="md" component="section" aria-label={t('header.region')}>
      <Group gap="xl">
        <LabelledName label={t('header.provider')} name={own.provider.name} />
        <LabelledName label={t('header.service')} name={own.service.name} />
      </Group>
    </Paper>
  );
}

/** "Provider: Northside Memory Clinic", the label in bold. */
function LabelledName({ label, name }: { label: string; name: string }) {
  return (
    <Text size="sm">
      <Text span fw={700}>
        {label}
      </Text>{' '}
      {name}
    </Text>
  );
}
