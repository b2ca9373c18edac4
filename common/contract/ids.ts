import { z } from 'zod/mini';

/** Ids are PostgreSQL `integer` columns; a larger number can name no row and would fail in the database. */
export const maxRecordId = 2_147_483_647;

/** A record id in a JSON body. */
export const recordIdSchema = z.int().check(z.positive(), z.lte(maxRecordId));

/** A record id in a path or query string, where it arrives as text. */
export const recordIdParamSchema = z.coerce.number().check(z.int(), z.positive(), z.lte(maxRecordId));

/** A record as another names it: its id and its name (a provider, a prescriber, a specialty). */
export const idNameSchema = z.object({ id: z.int(), name: z.string() });
