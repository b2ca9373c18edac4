import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parse, PGlite, protocol, types as pgliteTypes, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { runMigrations } from './migrations';

export interface QueryOptions {
  /**
   * Keep the statement parsed and planned (a named prepared statement: on each PostgreSQL connection, and on PGlite's
   * one), for the statements every call runs. Only for SQL whose best plan does not depend on its parameters' values.
   */
  prepare?: boolean;
  /**
   * The answer depends only on the stored data and these parameters (no clock, no sequence). On PGlite this process
   * is the database's only user, so the answer is kept until this process next writes anything, and exact. On
   * PostgreSQL, which several servers may share, it is always asked.
   */
  cache?: boolean;
  /**
   * A write that only appends to a table no `cache: true` read reads (the audit trail): PGlite's kept answers stay,
   * so recording a read does not make the next read slower.
   */
  appendOnly?: boolean;
}

export interface TxOptions {
  /** The transaction only appends to tables no `cache: true` read reads (the audit trail): PGlite's kept answers stay. */
  appendOnly?: boolean;
}

/** Plain parameterised SQL ($1…) that runs unchanged on PGlite and on PostgreSQL. */
export interface Db {
  /** Rows typed by the caller: the SQL decides the shape, so T must match its select list. */
  query<T>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /**
   * Runs fn in one transaction; a nested tx joins the outer one (no savepoints needed yet).
   * Inside fn use only the Db passed in: PGlite has a single connection, so a query on the outer
   * Db would wait for this transaction to end and never run.
   */
  tx<T>(fn: (db: Db) => Promise<T>, options?: TxOptions): Promise<T>;
  close(): Promise<void>;
  /** True on the Db a transaction hands its callback: what is written with it commits with the transaction. */
  readonly inTransaction?: boolean;
}

export interface CreateDbOptions {
  /** PGlite data folder; undefined or 'memory://' keeps the database in memory. */
  dataDir?: string;
  /** postgres://… : use a real PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /**
   * An in-memory PGlite starts from this copy of a data folder (PGlite's dumpDataDir) instead of an empty one: the
   * server tests' migrated template, so each test's fresh database skips initdb and the migrations.
   */
  loadDataDir?: Blob;
}

export const inMemoryDataDir = 'memory://';

const dateOid = 1082;
const int8Oid = 20;

/**
 * Both drivers must hand back the same JS types: dates stay 'yyyy-mm-dd' strings (a Date would
 * shift by the process time zone) and int8 (count(*), sums) becomes a number.
 */
function parseInt8(value: string): number {
  return Number(value);
}
function keepText(value: string): string {
  return value;
}

/** Opens the database and applies pending migrations, so every Db handed out is ready to use. */
export async function createDb(options: CreateDbOptions = {}): Promise<Db> {
  const db = options.databaseUrl
    ? createPgDb(options.databaseUrl)
    : await createPgliteDb(options.dataDir, options.loadDataDir);
  try {
    await runMigrations(db);
    // PGlite runs no autovacuum, so the planner's statistics are refreshed here, once per start; without them
    // it mistakes a large table for a small one and skips the list and search indexes.
    if (!options.databaseUrl) await db.query('ANALYZE');
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

async function createPgliteDb(dataDir: string | undefined, loadDataDir?: Blob): Promise<Db> {
  const parsers = { [pgliteTypes.DATE]: keepText, [pgliteTypes.INT8]: parseInt8 };
  // Trigram indexes make the patient search quick at 100,000 patients (migrations.ts, version 150).
  const extensions = { pg_trgm };
  let client: PGlite;
  if (dataDir === undefined || dataDir === inMemoryDataDir) {
    client = new PGlite({ parsers, extensions, loadDataDir });
  } else {
    const absolute = path.resolve(dataDir);
    mkdirSync(absolute, { recursive: true });
    client = new PGlite(absolute, { parsers, extensions });
  }
  await client.waitReady;

  const cache = createReadCache();
  const prepared = createPglitePrepared(client);

  const fromTransaction = (tx: Transaction): Db => {
    const txDb: Db = {
      inTransaction: true,
      // The transaction holds PGlite's transaction lock: a prepared statement runs in it with the query lock alone.
      query: async <T>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) =>
        options.prepare ? prepared.run<T>(sql, params) : (await tx.query<T>(sql, [...params])).rows,
      tx: (fn) => fn(txDb),
      close: () => Promise.reject(new Error('close() is not available inside a transaction')),
    };
    return txDb;
  };

  return {
    query: <T>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) =>
      cache.run<T>(sql, params, options, async () =>
        options.prepare
          ? client._runExclusiveTransaction(() => prepared.run<T>(sql, params))
          : (await client.query<T>(sql, [...params])).rows,
      ),
    // PGlite has one connection; its transaction() holds an exclusive lock, so other queries wait. Anything may be
    // written inside, so the kept answers go at its start and again at its end.
    tx: (fn, txOptions = {}) => {
      const run = () => client.transaction((tx) => fn(fromTransaction(tx)));
      return txOptions.appendOnly ? run() : cache.writing(run);
    },
    close: () => client.close(),
  };
}

function joinMessages(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/**
 * Named prepared statements on PGlite, which its query API does not offer: each text is parsed and described once,
 * then every call sends its parameters, the request for the row's shape and the execution as one protocol message.
 * PGlite's own query() sends six, each a call into the database, and parses and plans the text every time: for the
 * audit trail's append, which every read runs, that was a third of the statement's cost (issue 35). Parameters are
 * written and rows read with PGlite's own serializers and parsers, so the answers are exactly query()'s. The caller
 * holds PGlite's transaction lock (or is inside a transaction); this takes the query lock, as query() does.
 */
function createPglitePrepared(client: PGlite) {
  const statements = new Map<string, { name: string; parameterTypes: number[] }>();
  const describe = async (sql: string) => {
    const known = statements.get(sql);
    if (known) return known;
    const name = `q${String(statements.size + 1)}`;
    const { messages } = await client.execProtocol(
      joinMessages([
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(sql, statement);
    return statement;
  };
  return {
    run: <T>(sql: string, params: readonly unknown[]): Promise<T[]> =>
      client.runExclusive(async () => {
        const { name, parameterTypes } = await describe(sql);
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const type = parameterTypes[index];
          const serializer = type === undefined ? undefined : client.serializers[type];
          if (serializer) return serializer(value);
          if (typeof value === 'string') return value;
          if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
            return value.toString();
          }
          return JSON.stringify(value);
        });
        const { messages } = await client.execProtocol(
          joinMessages([
            protocol.serialize.bind({ statement: name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
        );
        const [result] = parse.parseResults(messages, client.parsers);
        // PGlite types rows loosely; the caller's T describes the select list.
        return (result?.rows ?? []) as T[];
      }),
  };
}

/** Kept answers at most; a full cache starts again rather than tracking which answer was used last. */
const readCacheEntries = 1_000;

/**
 * The answers of `cache: true` statements, for a database this process alone uses (PGlite). Every other statement
 * that is not a plain SELECT counts as a write and drops every kept answer, before it runs and after it ends; an
 * answer is kept only if no write began or ended while it was being read, so a read that raced a write is asked
 * again next time instead of being kept stale. Kept rows are shared between callers, who map them, never change them.
 */
export function createReadCache() {
  // By statement, then by parameters: a statement's text is the same string object on every call, so finding its
  // answers does not hash the whole text again each time (a page of patients is a 2 KB statement).
  const answers = new Map<string, Map<string, unknown[]>>();
  let kept = 0;
  let generation = 0;
  const invalidate = (): void => {
    generation += 1;
    answers.clear();
    kept = 0;
  };
  const writing = async <T>(work: () => Promise<T>): Promise<T> => {
    invalidate();
    try {
      return await work();
    } finally {
      invalidate();
    }
  };
  return {
    writing,
    run: async <T>(
      sql: string,
      params: readonly unknown[],
      options: QueryOptions,
      ask: () => Promise<T[]>,
    ): Promise<T[]> => {
      if (!options.cache) return options.appendOnly || /^\s*select\b/i.test(sql) ? ask() : writing(ask);
      const key = JSON.stringify(params);
      const known = answers.get(sql)?.get(key);
      if (known) return known as T[];
      const startedAt = generation;
      const rows = await ask();
      if (generation === startedAt) {
        if (kept >= readCacheEntries) {
          answers.clear();
          kept = 0;
        }
        let ofStatement = answers.get(sql);
        if (!ofStatement) {
          ofStatement = new Map();
          answers.set(sql, ofStatement);
        }
        ofStatement.set(key, rows);
        kept += 1;
      }
      return rows;
    },
  };
}

function createPgDb(databaseUrl: string): Db {
  const typeOverrides = new pg.TypeOverrides();
  typeOverrides.setTypeParser(dateOid, keepText);
  typeOverrides.setTypeParser(int8Oid, parseInt8);
  const pool = new pg.Pool({ connectionString: databaseUrl, types: typeOverrides });
  // An idle connection the server ends (a PostgreSQL restart, a failover, a dropped database) emits 'error' on the
  // pool; unheard, that would stop the whole process. The pool replaces the connection on the next query.
  pool.on('error', (error) => {
    console.error('PostgreSQL closed an idle connection:', error.message);
  });

  const run = async <T>(
    runner: pg.Pool | pg.PoolClient,
    sql: string,
    params: readonly unknown[],
    options: QueryOptions = {},
  ): Promise<T[]> => {
    // The name is the text's digest, so one name always means one text on every connection of the pool.
    const name = options.prepare ? `q${createHash('sha1').update(sql).digest('hex')}` : undefined;
    const result = await runner.query({ text: sql, values: [...params], name });
    // pg types rows loosely; the caller's T describes the select list.
    return result.rows as T[];
  };

  return {
    query: <T>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) =>
      run<T>(pool, sql, params, options),
    tx: async (fn) => {
      const client = await pool.connect();
      const txDb: Db = {
        inTransaction: true,
        query: <T>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) =>
          run<T>(client, sql, params, options),
        tx: (inner) => inner(txDb),
        close: () => Promise.reject(new Error('close() is not available inside a transaction')),
      };
      try {
        await client.query('BEGIN');
        const result = await fn(txDb);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
