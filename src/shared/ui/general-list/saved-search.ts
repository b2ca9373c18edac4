import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ListPage } from './list-source';

function isListPage(value: unknown): value is ListPage<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as { dataList?: unknown }).dataList);
}

function pagesOf(data: unknown): ListPage<unknown>[] {
  if (isListPage(data)) return [data];
  const pages = typeof data === 'object' && data !== null ? (data as { pages?: unknown }).pages : undefined;
  return Array.isArray(pages) ? pages.filter(isListPage) : [];
}

function providerServiceOf(key: QueryKey): number | null | undefined {
  const params = key.at(-1);
  if (typeof params !== 'object' || params === null || !('providerServiceId' in params)) return undefined;
  const id = params.providerServiceId;
  return typeof id === 'number' ? id : null;
}

/**
 * Issue 36: every record of a list that this tablet holds, from every page and every search the cache kept under
 * `prefix` for this provider service, each once.
 */
export function savedRecords<T>(
  queryClient: QueryClient,
  prefix: QueryKey,
  providerServiceId: number | null,
  getId: (record: T) => number,
): T[] {
  const byId = new Map<number, T>();
  for (const [key, data] of queryClient.getQueriesData({ queryKey: prefix })) {
    if (providerServiceOf(key) !== providerServiceId) continue;
    for (const page of pagesOf(data)) {
      for (const record of page.dataList as T[]) byId.set(getId(record), record);
    }
  }
  return [...byId.values()];
}

/** Each word searched for appears in the record's name, ignoring case and accents ("alvarez" finds "Álvarez"). */
export function matchesSearch(label: string, searchText: string): boolean {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase();
  const name = plain(label);
  return plain(searchText)
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => name.includes(word));
}
