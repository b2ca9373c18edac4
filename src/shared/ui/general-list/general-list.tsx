// Over 300 lines because the general list of spec §2 is one component with three views (grid, list, cards) over
// one server query, search and selection; split, each view would repeat that state.
import 'mantine-datatable/styles.css';
import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listPageSize, type ListParams } from '#common/contract';
import {
  cardPageSize,
  gridMinRows,
  gridRowHeight,
  prefetchWithinRows,
  type ListPage,
  type ListSource,
} from './list-source';
import { useOnline } from '../../api/connectivity';
import { EmptyState, LoadError, Loading } from '../states';
import { matchesSearch, savedRecords } from './saved-search';
import { ListGrid, type GeneralListColumn, type ListSort } from './list-grid';
import { useListMode, type ListMode } from './use-list-mode';
import { ListSearch, MoreLink, useGrowingPages } from './list-parts';

export interface GeneralListSelection<T> {
  isSelectable?: (record: T) => boolean;
  /** The mass action (e.g. mass order) for the rows chosen; `clear` empties the selection afterwards. */
  renderActions: (selected: readonly T[], clear: () => void) => ReactNode;
}

interface GeneralListBase<T> {
  /** Names the remembered mode in local storage. */
  listId: string;
  /** Accessible name of the list (and of the search box: 'Search {label}'). */
  label: string;
  source: ListSource<T>;
  providerServiceId: number | null;
  defaultSort: { orderBy: string; ascending: boolean };
  columns: readonly GeneralListColumn<T>[];
  getId: (record: T) => number;
  /** Names a row for screen readers (selection checkboxes). */
  getLabel: (record: T) => string;
  selection?: GeneralListSelection<T>;
  /** Shown when loading fails (spec §8, e.g. ERROR_LOADING_PATIENTS), already translated. */
  errorMessage: string;
  /** Beside the search box, e.g. an add action. */
  actions?: ReactNode;
  /** Spec §2: a records-count message above the grid (the provider-service list). */
  showRecordCount?: boolean;
}

export interface GeneralListProps<T> extends GeneralListBase<T> {
  /** Spec §2 list and card modes; a grid-only list (the provider-service list) has neither. */
  renderItem?: (record: T) => ReactNode;
  renderCard?: (record: T) => ReactNode;
  defaultMode?: Exclude<ListMode, 'grid'>;
  /** Only the grid, at every width, with no mode choice (spec §2 provider-service list). */
  gridOnly?: boolean;
}

/** Grid height: the header, at least 16 rows of 30 px, and the pagination bar. */
const gridHeaderPx = 40;
const gridFooterPx = 56;
const gridHeight = gridHeaderPx + gridMinRows * gridRowHeight + gridFooterPx;

/**
 * Spec §2 General list: grid, list and card modes (remembered per list), a debounced search (Enter searches at once),
 * cards and list read more with a More link, the grid pages on the server 25 at a time and fetches the next page
 * ahead when the reader nears the end, rows can be selected for a mass action, and empty results say so.
 */
export function GeneralList<T>(props: GeneralListProps<T>) {
  const { t } = useTranslation('common');
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const remembered = useListMode(props.listId, props.defaultMode ?? 'card', wide);
  const mode = props.gridOnly ? 'grid' : remembered.shown;
  const [searchText, setSearchText] = useState('');
  const [sort, setSort] = useState(props.defaultSort);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<readonly T[]>([]);

  const base: ListParams = {
    searchText,
    orderBy: sort.orderBy,
    ascending: sort.ascending,
    skip: 0,
    take: listPageSize,
    providerServiceId: props.providerServiceId,
  };

  const modeLabels: Record<ListMode, string> = {
    grid: t('list.modes.grid'),
    list: t('list.modes.list'),
    card: t('list.modes.card'),
  };
  const offered: ListMode[] = wide ? ['grid', 'list', 'card'] : ['list', 'card'];

  const selectable = props.selection;
  const isSelected = (record: T) => selected.some((entry) => props.getId(entry) === props.getId(record));
  const toggle = (record: T) => {
    setSelected((current) =>
      isSelected(record) ? current.filter((entry) => props.getId(entry) !== props.getId(record)) : [...current, record],
    );
  };
  const clear = () => {
    setSelected([]);
  };
  const online = useOnline();
  const savedSearchKey = props.source.savedSearchKey;

  return (
    <Stack gap="sm" role="region" aria-label={props.label}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <ListSearch
          label={props.label}
          onSearch={(text) => {
            setSearchText(text);
            setPage(1);
          }}
        />
        {props.actions}
        {!props.gridOnly && (
          <Group gap={4} role="group" aria-label={t('list.viewAs')}>
            {offered.map((option) => (
              <Button
                key={option}
                size="xs"
                variant={mode === option ? 'filled' : 'default'}
                aria-pressed={mode === option}
                onClick={() => {
                  remembered.setMode(option);
                }}
              >
                {modeLabels[option]}
              </Button>
            ))}
          </Group>
        )}
      </Group>
      {selectable && selected.length > 0 && (
        <Group gap="sm" role="group" aria-label={t('list.selection')}>
          <Text size="sm" role="status">
            {t('list.selected', { count: selected.length })}
          </Text>
          {selectable.renderActions(selected, clear)}
          <Button size="xs" variant="subtle" onClick={clear}>
            {t('list.clearSelection')}
          </Button>
        </Group>
      )}
      {!online && searchText !== '' && savedSearchKey !== undefined ? (
        <SavedSearch {...props} savedSearchKey={savedSearchKey} searchText={searchText} />
      ) : mode === 'grid' ? (
        <GridMode
          {...props}
          params={{ ...base, skip: (page - 1) * listPageSize }}
          page={page}
          onPageChange={setPage}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            setPage(1);
          }}
          selected={selected}
          onSelectedChange={setSelected}
        />
      ) : (
        <GrowingMode
          {...props}
          mode={mode}
          params={{ ...base, take: mode === 'card' ? cardPageSize : listPageSize }}
          isSelected={isSelected}
          onToggle={toggle}
        />
      )}
    </Stack>
  );
}

/**
 * Issue 36: offline, a search looks through the records this tablet holds (every page the cache kept) and says so;
 * back online the list asks the server again by itself.
 */
function SavedSearch<T>(props: GeneralListProps<T> & { savedSearchKey: QueryKey; searchText: string }) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const saved = savedRecords(queryClient, props.savedSearchKey, props.providerServiceId, props.getId);
  const found = saved.filter((record) => matchesSearch(props.getLabel(record), props.searchText));
  const show = props.renderItem ?? ((record: T) => props.columns[0]?.render(record));
  return (
    <Stack gap="sm">
      <Text role="status" fw={500}>
        {t('offline.searchingSaved', { count: saved.length })}
      </Text>
      {found.length === 0 ? (
        <NoRecords searched />
      ) : (
        <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {found.map((record) => (
            <li
              key={props.getId(record)}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', padding: '6px 0' }}
            >
              {show(record)}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NoRecords({ searched }: { searched: boolean }) {
  const { t } = useTranslation('common');
  return <EmptyState hint={searched ? t('list.tryDifferentSearch') : undefined} />;
}

function CountStatus({ shown, count }: { shown: number; count: number }) {
  const { t } = useTranslation('common');
  return (
    <Text size="sm" c="gray.7" role="status" aria-live="polite">
      {t('list.showing', { shown, count })}
    </Text>
  );
}

/**
 * Spec §8 per-range patient-records error: a page or a "More" that failed says which records could not be loaded and
 * offers to ask again for just those, while the rows already loaded stay on screen.
 */
function RangeError({ from, to, onRetry, error }: { from: number; to: number; onRetry: () => void; error: unknown }) {
  const { t } = useTranslation('common');
  return <LoadError title={t('list.rangeFailed', { from, to })} onRetry={onRetry} error={error} />;
}

interface GridModeProps<T> extends GeneralListBase<T> {
  params: ListParams;
  page: number;
  onPageChange: (page: number) => void;
  sort: ListSort;
  onSortChange: (sort: ListSort) => void;
  selected: readonly T[];
  onSelectedChange: (selected: readonly T[]) => void;
}

function GridMode<T>(props: GridModeProps<T>) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const viewport = useRef<HTMLDivElement | null>(null);
  const { source, params } = props;
  const query = useQuery({
    queryKey: source.queryKey(params, 'page'),
    queryFn: ({ signal }) => source.fetchPage(params, signal),
    placeholderData: keepPreviousData,
    meta: { persist: source.persist },
  });
  // The last page that arrived stays on screen when another fails (the placeholder goes with the error), under the
  // range error; the pattern of state kept from an earlier render, set while rendering.
  const [lastPage, setLastPage] = useState<ListPage<T> | undefined>(undefined);
  if (query.data && !query.isPlaceholderData && query.data !== lastPage) setLastPage(query.data);
  const shown = query.data ?? (query.isError ? lastPage : undefined);
  const count = shown?.count ?? 0;

  // Spec §7: near the end of the page, the next one is fetched ahead, so paging on feels instant.
  const prefetchNext = () => {
    if (params.skip + listPageSize >= count) return;
    const next: ListParams = { ...params, skip: params.skip + listPageSize };
    queryClient
      .query({
        queryKey: source.queryKey(next, 'page'),
        queryFn: ({ signal }) => source.fetchPage(next, signal),
        meta: { persist: source.persist },
        staleTime: 30_000,
      })
      // A failed look-ahead costs nothing: the page is fetched again when it is opened.
      .catch(() => undefined);
  };

  if (query.isError && !shown) {
    return <LoadError title={props.errorMessage} onRetry={() => void query.refetch()} error={query.error} />;
  }

  const selection = props.selection;

  const grid = (
    <ListGrid<T>
      aria-label={props.label}
      withTableBorder
      striped
      highlightOnHover
      height={gridHeight}
      minHeight={gridHeight}
      verticalSpacing={4}
      fz="sm"
      rowStyle={() => ({ height: gridRowHeight })}
      idAccessor={(record) => props.getId(record)}
      records={shown?.dataList ?? []}
      columns={props.columns}
      fetching={query.isFetching}
      loadingText={t('list.loading')}
      emptyState={query.isPending ? <span /> : <NoRecords searched={params.searchText !== ''} />}
      totalRecords={count}
      recordsPerPage={listPageSize}
      page={props.page}
      onPageChange={props.onPageChange}
      paginationWithEdges
      paginationText={({ from, to, totalRecords }) => t('list.range', { from, to, count: totalRecords })}
      getPaginationControlProps={(control) => ({ 'aria-label': t(`list.pagination.${control}`) })}
      getPaginationItemProps={(page) => ({ 'aria-label': t('list.pagination.page', { page }) })}
      sort={props.sort}
      onSortChange={props.onSortChange}
      scrollViewportRef={viewport}
      onScroll={({ y }) => {
        const element = viewport.current;
        if (!element) return;
        if (element.scrollHeight - (y + element.clientHeight) <= prefetchWithinRows * gridRowHeight) prefetchNext();
      }}
      {...(selection
        ? {
            selectedRecords: [...props.selected],
            onSelectedRecordsChange: (records: T[]) => {
              props.onSelectedChange(records);
            },
            isRecordSelectable: selection.isSelectable,
            allRecordsSelectionCheckboxProps: { 'aria-label': t('list.selectAllOnPage') },
            getRecordSelectionCheckboxProps: (record: T) => ({
              'aria-label': t('list.selectRow', { name: props.getLabel(record) }),
            }),
          }
        : {})}
    />
  );
  // keepPreviousData leaves the last page on screen while another is fetched; if that one fails, say which it was.
  const failedRange = query.isError && !query.data && (
    <RangeError
      from={params.skip + 1}
      to={Math.min(params.skip + listPageSize, Math.max(count, params.skip + 1))}
      onRetry={() => void query.refetch()}
      error={query.error}
    />
  );
  if (!props.showRecordCount) {
    return failedRange ? (
      <Stack gap="sm">
        {failedRange}
        {grid}
      </Stack>
    ) : (
      grid
    );
  }
  return (
    <>
      <Text size="sm" role="status">
        {shown ? t('list.recordsFound', { count }) : t('list.loading')}
      </Text>
      {grid}
    </>
  );
}

interface GrowingModeProps<T> extends GeneralListProps<T> {
  mode: Exclude<ListMode, 'grid'>;
  params: ListParams;
  isSelected: (record: T) => boolean;
  onToggle: (record: T) => void;
}

/** Card and list modes: a first page, then More reads the next rows (10 per card page, spec §9). */
function GrowingMode<T>(props: GrowingModeProps<T>) {
  const { t } = useTranslation('common');
  const { source, params } = props;
  const firstColumn = (record: T) => props.columns[0]?.render(record);
  const query = useGrowingPages(source, params);

  if (query.isPending) {
    return <Loading size="sm" />;
  }
  if (query.isError && !query.data) {
    return <LoadError title={props.errorMessage} onRetry={() => void query.refetch()} error={query.error} />;
  }
  const records = query.data.pages.flatMap((page) => page.dataList);
  const count = query.data.pages.at(-1)?.count ?? 0;
  if (records.length === 0) return <NoRecords searched={params.searchText !== ''} />;

  const select = (record: T) =>
    props.selection && (props.selection.isSelectable?.(record) ?? true) ? (
      <Checkbox
        aria-label={t('list.selectRow', { name: props.getLabel(record) })}
        checked={props.isSelected(record)}
        onChange={() => {
          props.onToggle(record);
        }}
      />
    ) : null;

  return (
    <Stack gap="sm">
      {props.mode === 'card' ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {records.map((record) => (
            <Card key={props.getId(record)} withBorder padding="sm" component="li">
              <Group align="flex-start" wrap="nowrap" gap="sm">
                {select(record)}
                <div style={{ flex: 1, minWidth: 0 }}>{(props.renderCard ?? firstColumn)(record)}</div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {records.map((record) => (
            <Group
              key={props.getId(record)}
              component="li"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              {select(record)}
              <div style={{ flex: 1, minWidth: 0 }}>{(props.renderItem ?? firstColumn)(record)}</div>
            </Group>
          ))}
        </Stack>
      )}
      {query.isFetchNextPageError && (
        <RangeError
          from={records.length + 1}
          to={Math.min(records.length + params.take, count)}
          onRetry={() => void query.fetchNextPage()}
          error={query.error}
        />
      )}
      <Group justify="space-between">
        <CountStatus shown={records.length} count={count} />
        <MoreLink pages={query} />
      </Group>
    </Stack>
  );
}
