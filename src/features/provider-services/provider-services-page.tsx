import { Alert, Anchor, Button, Group, Pagination, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ajaxPageSize,
  type ProviderService,
  type ProviderServiceListQuery,
  type ProviderServiceOrderBy,
} from '../../shared/api/contract';
import { useEntitlement } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { Page } from '../../shared/ui/page';
import { useProviderServiceQueries } from './api';
import { providerServiceName } from './provider-service-name';

/** Spec §2/§9: the general list's search waits 1200 ms after the last key. */
export const searchDebounceMs = 1_200;
/** Spec §9: grid of at least 16 rows of 30 px, so the page does not jump while paging. */
const gridMinRows = 16;
const gridRowHeight = 30;

interface SortState {
  orderBy: ProviderServiceOrderBy;
  ascending: boolean;
}

interface SortableHeaderProps {
  label: string;
  column: ProviderServiceOrderBy;
  sort: SortState;
  onSort: (next: SortState) => void;
}

/** A header that sorts on the server; aria-sort tells screen readers the current order. */
function SortableHeader({ label, column, sort, onSort }: SortableHeaderProps) {
  const active = sort.orderBy === column;
  const ariaSort = active ? (sort.ascending ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton
        fw={700}
        fz="sm"
        onClick={() => {
          onSort({ orderBy: column, ascending: active ? !sort.ascending : true });
        }}
      >
        {label}
        <span aria-hidden="true">{active ? (sort.ascending ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

function listQuery(searchText: string, sort: SortState, page: number): ProviderServiceListQuery {
  return {
    searchText,
    orderBy: sort.orderBy,
    ascending: sort.ascending ? 'true' : 'false',
    skip: (page - 1) * ajaxPageSize,
    take: ajaxPageSize,
  };
}

function ProviderServiceRow({ row, canEdit }: { row: ProviderService; canEdit: boolean }) {
  const { t } = useTranslation('provider-services');
  const paths = usePaths();
  const name = providerServiceName(row);
  const defaultLanguage = row.supportedAssessmentLanguages.find((language) => language.isDefault);
  return (
    <Table.Tr h={gridRowHeight}>
      <Table.Td>
        {canEdit ? (
          // Spec §2: the list link plus the id opens the provider card (the edit page).
          <Anchor component={Link} to={paths.editProviderService(row.id)}>
            {name}
          </Anchor>
        ) : (
          name
        )}
      </Table.Td>
      <Table.Td>{row.reportType.name}</Table.Td>
      <Table.Td>{row.supportedAssessmentOrderTypes.map((type) => t(`orderType.${type.id}`)).join(', ')}</Table.Td>
      <Table.Td>{defaultLanguage?.name ?? ''}</Table.Td>
      <Table.Td>
        {canEdit && (
          <Anchor component={Link} to={paths.editProviderService(row.id)} aria-label={t('grid.editLabel', { name })}>
            {t('grid.edit')}
          </Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** /{product}/manage/cops: the provider-service grid, searched, sorted and paged on the server (spec §2). */
export function ProviderServicesPage() {
  const { t } = useTranslation('provider-services');
  const paths = usePaths();
  const queries = useProviderServiceQueries();
  const queryClient = useQueryClient();
  const canEdit = useEntitlement('editProviderService');
  const [searchInput, setSearchInput] = useState('');
  const [searchText] = useDebouncedValue(searchInput.trim(), searchDebounceMs);
  const [sort, setSort] = useState<SortState>({ orderBy: 'Provider.Name', ascending: true });
  // The page belongs to one search and sort: a new search or sort starts again at page 1.
  const pagingKey = `${searchText}|${sort.orderBy}|${String(sort.ascending)}`;
  const [paging, setPaging] = useState({ key: pagingKey, page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;

  const list = useQuery({ ...queries.list(listQuery(searchText, sort, page)), placeholderData: keepPreviousData });
  const count = list.data?.count ?? 0;
  const totalPages = Math.max(1, Math.ceil(count / ajaxPageSize));

  // Spec §7: the next page is fetched ahead, so paging on feels instant.
  useEffect(() => {
    if (page >= totalPages) return;
    // A failed look-ahead is harmless: the page is fetched again when the user opens it.
    queryClient.query(queries.list(listQuery(searchText, sort, page + 1))).catch(() => undefined);
  }, [queryClient, queries, searchText, sort, page, totalPages]);

  const rows = list.data?.dataList ?? [];
  const columns = {
    providerService: t('grid.providerService'),
    reports: t('grid.reports'),
    orderType: t('grid.orderType'),
    defaultLanguage: t('grid.defaultLanguage'),
  };

  return (
    <Page title={t('listTitle')}>
      <Group justify="space-between" align="end">
        <TextInput
          label={t('grid.searchLabel')}
          type="search"
          value={searchInput}
          maxLength={255}
          onChange={(event) => {
            setSearchInput(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 360 }}
        />
        {canEdit && (
          <Button component={Link} to={paths.addProviderService}>
            {t('grid.add')}
          </Button>
        )}
      </Group>

      <Text role="status" size="sm">
        {list.isPending ? t('grid.loading') : t('grid.recordsCount', { count })}
      </Text>

      {list.isError && (
        <Alert color="red" title={t('TEXT_PROVIDER_SERVICES_ERROR_OBTAINING')}>
          {t('grid.errorHint')}
        </Alert>
      )}

      <Table.ScrollContainer minWidth={640}>
        <div style={{ minHeight: (gridMinRows + 1) * gridRowHeight }}>
          <Table striped highlightOnHover verticalSpacing={4} aria-busy={list.isFetching}>
            <Table.Caption className="visually-hidden">{t('grid.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr h={gridRowHeight}>
                <SortableHeader label={columns.providerService} column="Provider.Name" sort={sort} onSort={setSort} />
                <SortableHeader label={columns.reports} column="ReportType.Name" sort={sort} onSort={setSort} />
                <SortableHeader label={columns.orderType} column="DeliveryMethod" sort={sort} onSort={setSort} />
                <SortableHeader
                  label={columns.defaultLanguage}
                  column="DefaultLanguage.Name"
                  sort={sort}
                  onSort={setSort}
                />
                <Table.Th>
                  <span className="visually-hidden">{t('grid.edit')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <ProviderServiceRow key={row.id} row={row} canEdit={canEdit} />
              ))}
            </Table.Tbody>
          </Table>
          {list.isSuccess && rows.length === 0 && (
            <Text ta="center" py="md">
              {t('TEXT_NO_RECORDS_FOUND')}
              {searchText !== '' && (
                <Text component="span" display="block" size="sm">
                  {t('grid.tryDifferentSearch')}
                </Text>
              )}
            </Text>
          )}
        </div>
      </Table.ScrollContainer>

      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={page}
          onChange={(next) => {
            setPaging({ key: pagingKey, page: next });
          }}
          aria-label={t('grid.pagination')}
          getItemProps={(pageNumber) => ({ 'aria-label': t('grid.page', { page: pageNumber }) })}
          getControlProps={(control) => ({ 'aria-label': t(`grid.control.${control}`) })}
        />
      )}
    </Page>
  );
}
