import { z } from 'zod/mini';
import { recordIdParamSchema } from './ids';

/** Spec §7/§9: lists fetch up to 10000 rows from 0 unless asked otherwise; paged lists ask for 25 at a time. */
export const defaultListTake = 10_000;
export const listPageSize = 25;

const booleanParam = z.pipe(
  z._default(z.enum(['true', 'false']), 'true'),
  z.transform((value) => value === 'true'),
);

/**
 * The query of every list call (spec §7: searchText, orderBy, ascending, skip/take, providerServiceId). Values
 * arrive as query-string text, hence the coercion. orderBy is an enum per list (see `listQuerySchema`).
 */
export const listQueryBaseSchema = z.object({
  searchText: z._default(z.string().check(z.trim(), z.maxLength(255)), ''),
  ascending: booleanParam,
  skip: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
  take: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(defaultListTake)), defaultListTake),
  providerServiceId: z.optional(recordIdParamSchema),
});

export function listQuerySchema<const T extends readonly [string, ...string[]]>(orderBy: T, defaultOrderBy: T[number]) {
  return z.extend(listQueryBaseSchema, { orderBy: z._default(z.enum(orderBy), defaultOrderBy) });
}

/** Spec §7: every list answers its rows and the total count before paging. */
export function listResponseSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ dataList: z.array(item), count: z.int().check(z.gte(0)) });
}

/** What a client asks a list for; `listQueryString` turns it into the query of spec §7. */
export interface ListParams<O extends string = string> {
  searchText: string;
  orderBy: O;
  ascending: boolean;
  skip: number;
  take: number;
  /** Null: every provider service the caller may see. */
  providerServiceId: number | null;
}

export function listQueryString(params: ListParams): string {
  const query = new URLSearchParams({
    searchText: params.searchText,
    orderBy: params.orderBy,
    ascending: String(params.ascending),
    skip: String(params.skip),
    take: String(params.take),
  });
  if (params.providerServiceId !== null) query.set('providerServiceId', String(params.providerServiceId));
  return query.toString();
}
