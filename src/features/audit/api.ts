import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  auditListSchema,
  auditQueryString,
  auditStaffListSchema,
  type AuditEntry,
  type AuditListParams,
  type AuditStaffMember,
} from '#common/contract';
import type { HttpClient } from '../../shared/api/http';
import { useHttp } from '../../shared/api/http-context';
import { useRuntimeConfig } from '../../shared/lib/runtime-config';

/** The filters of the audit list, without its sort and page. */
export type AuditFilters = Pick<AuditListParams, 'patientId' | 'userId' | 'action' | 'from' | 'to'>;

export const noAuditFilters: AuditFilters = { patientId: null, userId: null, action: null, from: null, to: null };

/**
 * The one key factory of the audit trail (DESIGN §2 rule 4). None of its queries is kept in the offline cache:
 * persistence is an allow-list (`meta.persist === true`, app/query-persistence.ts), and these say `false` in so
 * many words, since who read which patient is itself protected and no tablet needs it offline.
 */
export const auditQueries = {
  all: () => ['audit'] as const,
  lists: () => [...auditQueries.all(), 'list'] as const,
  list: (http: HttpClient, product: string, params: AuditListParams) =>
    queryOptions({
      queryKey: [...auditQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        http.get(`/api/${product}/audit?${auditQueryString(params)}`, auditListSchema, { signal }),
      meta: { persist: false },
    }),
  /**
   * Every staff account the trail may name (administrators and deactivated accounts too), to name an entry's actor
   * and to offer them as a filter.
   */
  staff: (http: HttpClient, product: string) =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'staff'] as const,
      queryFn: async ({ signal }) =>
        (await http.get(`/api/${product}/audit/staff`, auditStaffListSchema, { signal })).dataList,
      meta: { persist: false },
      staleTime: 5 * 60_000,
    }),
};

export function useAuditList(params: AuditListParams) {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  // Another page, sort or filter keeps the rows on screen until its own arrive, instead of flashing a loader.
  return useQuery({ ...auditQueries.list(http, product, params), placeholderData: keepPreviousData });
}

/**
 * The staff the trail may name, by user id. If the list fails to load it is simply missing: the screen then names
 * the actors by role and id.
 */
export function useAuditStaff(): readonly AuditStaffMember[] {
  const http = useHttp();
  const { product } = useRuntimeConfig();
  return useQuery(auditQueries.staff(http, product)).data ?? [];
}

/** Rows asked for per request while exporting. */
export const auditExportPageSize = 1_000;

/** The most rows one export holds: a browser builds the file in memory, and a narrower filter finds the rest. */
export const auditExportMaxRows = 10_000;

/**
 * Every entry of the filter, in the order shown, page after page, up to auditExportMaxRows: the export covers all of
 * them, not just the page on screen. Not cached: an export is read once, when asked for.
 */
export async function fetchAllAuditEntries(
  http: HttpClient,
  product: string,
  params: Omit<AuditListParams, 'skip' | 'take'>,
  signal?: AbortSignal,
): Promise<AuditEntry[]> {
  const rows: AuditEntry[] = [];
  for (;;) {
    const page = await http.get(
      `/api/${product}/audit?${auditQueryString({
        ...params,
        skip: rows.length,
        take: Math.min(auditExportPageSize, auditExportMaxRows - rows.length),
      })}`,
      auditListSchema,
      signal ? { signal } : undefined,
    );
    rows.push(...page.dataList);
    if (page.dataList.length === 0 || rows.length >= page.count || rows.length >= auditExportMaxRows) {
      return rows.slice(0, auditExportMaxRows);
    }
  }
}
