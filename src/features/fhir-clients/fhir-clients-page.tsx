import { Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FhirClient } from '#common/contract';
import { isApiError } from '../../shared/api/http';
import { useFormatters } from '../../shared/lib/i18n/format';
import { EmptyState, LoadError, Loading, Notice } from '../../shared/ui';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { WriteButton } from '../../shared/ui/offline';
import { Page } from '../../shared/ui/page';
import { toast } from '../../shared/ui/toast';
import { useFhirClients, useRevokeFhirClient } from './api';
import { FhirClientForm } from './fhir-client-form';

/** The registered clients, newest first, each revocable while active. */
function FhirClientTable({
  clients,
  onRevoke,
}: {
  clients: readonly FhirClient[];
  onRevoke: (client: FhirClient) => void;
}) {
  const { t } = useTranslation('provider-services', { keyPrefix: 'fhirClients' });
  const { formatDate } = useFormatters();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder aria-label={t('tableLabel')} fz="sm" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.name')}</Table.Th>
            <Table.Th scope="col">{t('columns.providerService')}</Table.Th>
            <Table.Th scope="col">{t('columns.clientId')}</Table.Th>
            <Table.Th scope="col">{t('columns.keyIds')}</Table.Th>
            <Table.Th scope="col">{t('columns.registered')}</Table.Th>
            <Table.Th scope="col">{t('columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.id}>
              <Table.Th scope="row" fw={600}>
                {client.name}
              </Table.Th>
              <Table.Td>{client.providerServiceName}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all', fontFamily: 'var(--mantine-font-family-monospace)' }}>
                {client.clientId}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{client.keyIds.join(', ')}</Table.Td>
              <Table.Td>{formatDate(client.createdAt)}</Table.Td>
              <Table.Td>
                {client.revokedAt === null ? (
                  <Stack gap={4} align="flex-start">
                    <Text size="sm">{t('status.active')}</Text>
                    <WriteButton
                      size="sm"
                      variant="default"
                      aria-label={t('revoke.buttonLabel', { name: client.name })}
                      onClick={() => {
                        onRevoke(client);
                      }}
                    >
                      {t('revoke.button')}
                    </WriteButton>
                  </Stack>
                ) : (
                  <Text size="sm">{t('status.revoked', { date: formatDate(client.revokedAt) })}</Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Manage › EHR connections (issue 38, beyond spec §7): the systems that may read a provider service's data through
 * the FHIR API (SMART Backend Services), registered with their public key set and revoked here.
 */
export function FhirClientsPage() {
  const { t } = useTranslation('provider-services', { keyPrefix: 'fhirClients' });
  const query = useFhirClients();
  const revoke = useRevokeFhirClient();
  const [confirming, setConfirming] = useState<FhirClient | null>(null);

  const confirmRevoke = async (client: FhirClient) => {
    try {
      await revoke.mutateAsync(client.id);
      toast.success(t('revoke.done', { name: client.name }));
    } catch (error) {
      toast.error(t('revoke.failed', { name: client.name }), { error });
    } finally {
      setConfirming(null);
    }
  };

  let list;
  if (query.isPending) list = <Loading label={t('loading')} />;
  else if (query.isError) {
    list =
      isApiError(query.error) && query.error.status === 404 ? (
        <Notice tone="info">{t('loadFailed')}</Notice>
      ) : (
        <LoadError title={t('loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      );
  } else if (query.data.dataList.length === 0) list = <EmptyState title={t('empty')} />;
  else list = <FhirClientTable clients={query.data.dataList} onRevoke={setConfirming} />;

  return (
    <Page title={t('title')} intro={t('intro')}>
      <FhirClientForm />
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('listTitle')}
        </Title>
        {list}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={t('revoke.title', { name: confirming?.name ?? '' })}
        message={t('revoke.message', { name: confirming?.name ?? '' })}
        confirmLabel={t('revoke.confirm')}
        danger
        busy={revoke.isPending}
        onConfirm={() => {
          if (confirming) void confirmRevoke(confirming);
        }}
        onCancel={() => {
          setConfirming(null);
        }}
      />
    </Page>
  );
}
