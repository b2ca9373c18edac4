import { Anchor, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '#common/contract';
import { searchDebounceMs, type ListPage, type ListSource } from './list-source';

/**
 * Spec §2: a list's search box, 'Search {label}', which searches once typing pauses, or at once on Enter. It hands
 * over the trimmed text; the list decides what a new search resets.
 */
export function ListSearch({ label, onSearch }: { label: string; onSearch: (searchText: string) => void }) {
  const { t } = useTranslation('common');
  const id = useId();
  const [input, setInput] = useState('');
  const applySearch = useDebouncedCallback((value: string) => {
    onSearch(value.trim());
  }, searchDebounceMs);
  return (
    <TextInput
      id={id}
      type="search"
      label={t('list.searchLabel', { list: label })}
      value={input}
      maxLength={255}
      w={{ base: '100%', sm: 360 }}
      onChange={(event) => {
        setInput(event.currentTarget.value);
        applySearch(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          applySearch(event.currentTarget.value);
          applySearch.flush();
        }
      }}
    />
  );
}

/** A list read a page at a time from its source, each More adding the next rows (cards, list, Results tab). */
export function useGrowingPages<T>(source: ListSource<T>, params: ListParams) {
  return useInfiniteQuery({
    queryKey: source.queryKey(params, 'pages'),
    queryFn: ({ pageParam, signal }) => source.fetchPage({ ...params, skip: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<T>, pages: ListPage<T>[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.dataList.length, 0);
      return loaded < last.count && last.dataList.length > 0 ? loaded : undefined;
    },
    meta: { persist: source.persist },
  });
}

interface GrowingPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The More link under a growing list, while the server has more rows; it says so while they load. */
export function MoreLink({ pages }: { pages: GrowingPages }) {
  const { t } = useTranslation('common');
  if (!pages.hasNextPage) return null;
  return (
    <Anchor
      component="button"
      type="button"
      onClick={() => void pages.fetchNextPage()}
      disabled={pages.isFetchingNextPage}
    >
      {pages.isFetchingNextPage ? t('list.loading') : t('list.more')}
    </Anchor>
  );
}
