import { z } from 'zod';
import { recordIdParamSchema } from './ids';

/** Spec §7/§9: lists fetch up to 10000 rows from 0 unless asked otherwise; paged lists ask for 25 at a time. */
export const defaultListTake = 10_000;
export const listPageSize = 25;

const booleanParam = z
  .enum(['true', 'false'])
  .default('true')
  .transform((value) => value === 'true');

/**
 * The query of every list call (spec §7: searchText, orderBy, ascending, skip/take, providerServiceId). Values
 * arrive as query-string text, hence the coercion. orderBy is an enum per list (see `listQuerySchema`).
 */
export const listQueryBaseSchema = z.object({
  searchText: z.string().trim().max(255).default(''),
  ascending: booleanParam,
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(defaultListTake).default(defaultListTake),
  providerServiceId: recordIdParamSchema.optional(),
});

export function listQuerySchema<const T extends readonly [string, ...string[]]>(orderBy: T, defaultOrderBy: T[number]) {
  return listQueryBaseSchema.extend({ orderBy: z.enum(orderBy).default(defaultOrderBy) });
}

/** Spec §7: every list answers its rows and the total count before paging. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ dataList: z.array(item), count: z.number().int().min(0) });
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
