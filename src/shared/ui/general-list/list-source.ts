import type { QueryKey } from '@tanstack/react-query';
import type { ListParams } from '#common/contract';

/** Spec §7: a list answers its rows and the total count. */
export interface ListPage<T> {
  dataList: T[];
  count: number;
}

/** 'page': one grid page; 'pages': the growing list of card and list modes (More link). */
export type ListShape = 'page' | 'pages';

/**
 * What a feature hands the general list: its query keys (from the feature's key factory, so invalidation through the
 * factory reaches every list) and how to fetch one page.
 */
export interface ListSource<T> {
  queryKey: (params: ListParams, shape: ListShape) => QueryKey;
  fetchPage: (params: ListParams, signal: AbortSignal) => Promise<ListPage<T>>;
  /** Kept in the offline cache of a clinic tablet (DESIGN §3). */
  persist: boolean;
  /**
   * Issue 36: where the cache keeps every page of this list and its kin; offline, a search looks through the
   * records kept there instead of asking the server.
   */
  savedSearchKey?: QueryKey;
}

/** Spec §9: search debounce, card page, ajax page, grid rows and row height. */
export const searchDebounceMs = 1_200;
export const cardPageSize = 10;
export const gridRowHeight = 30;
export const gridMinRows = 16;
/** Spec §9 'provider grid column width 17': each of the provider-service grid's value columns takes 17 % of its width. */
export const providerGridColumnWidth = '17%';
/** Rows from the end of a grid page at which the next page is fetched ahead. */
export const prefetchWithinRows = 5;
