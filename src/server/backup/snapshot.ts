import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client';

/** A query in one transaction: rows as the engine gives them (read text columns where it matters). */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * Where a backup reads from or a restore writes to: the server's own database handle, and on
 * PostgreSQL its URL, since a transaction needs a connection of its own (the pool hands each query
 * to any connection) and pg_dump / pg_restore connect themselves.
 */
export interface DbTarget {
  database: Database;
  url?: string;
}

const NUMBERS = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };
const rawOf = (database: Database) => (database as Database & { raw: PGlite }).raw;

/**
 * Runs `fn` in one transaction. PGlite has one connection: while it runs, every other query of the
 * process waits for it (so nothing else writes in between either).
 */
export async function inTransaction<T>(target: DbTarget, mode: 'snapshot' | 'write', fn: (q: Query) => Promise<T>): Promise<T> {
  const setup = mode === 'snapshot' ? 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY' : 'SET TRANSACTION ISOLATION LEVEL READ COMMITTED';
  if (target.database.kind === 'pglite') {
    return rawOf(target.database).transaction(async (tx) => {
      // Counts and numerics as numbers, as the server's own handle reads them (db/client.ts).
      const q: Query = async (text, params) => (await tx.query(text, params ?? [], { parsers: NUMBERS })).rows as never;
      await q(setup);
      // Timestamps written the same way whatever the server's zone, so a table's digest is too.
      await q(`SET LOCAL TimeZone = 'UTC'`);
      return fn(q);
    });
  }
  if (!target.url) throw new Error('a PostgreSQL transaction needs the database URL');
  const client = new pg.Client({ connectionString: target.url, application_name: 'cascade-backup' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(setup);
    await client.query(`SET LOCAL TimeZone = 'UTC'`);
    const q: Query = async (text, params) => (await client.query(text, params)).rows;
    const result = await fn(q);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of schema public (a partitioned table once, not its partitions), by name. */
export async function tablesOf(q: Query): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** The order rows are read in, so a table's digest does not depend on where rows lie: its primary key, else the whole row. */
export async function orderOf(q: Query, table: string): Promise<string> {
  const keys = await q<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey::int2[])
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [`public.${ident(table)}`],
  );
  return keys.length ? keys.map((k) => `backup_row.${ident(k.name)}`).join(', ') : 'to_jsonb(backup_row)::text';
}

/** Columns a row is written back through: all but generated ones, which the database computes again. */
export async function writableColumns(q: Query, table: string): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

const FETCH_ROWS = 2000;

/**
 * Every row of a table as JSON text, in key order, through a cursor (a table never sits in memory
 * whole). The same text is what a logical dump holds and what a table's digest is made of.
 */
export async function eachRow(q: Query, table: string, onRow: (text: string) => void | Promise<void>): Promise<number> {
  const order = await orderOf(q, table);
  await q(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(backup_row)::text AS r FROM public.${ident(table)} backup_row ORDER BY ${order}`);
  let count = 0;
  try {
    for (;;) {
      const rows = await q<{ r: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
      for (const row of rows) await onRow(row.r);
      count += rows.length;
      if (rows.length < FETCH_ROWS) break;
    }
  } finally {
    await q('CLOSE backup_rows');
  }
  return count;
}

export async function migrationsOf(q: Query): Promise<string[]> {
  const exists = await q<{ n: string }>(`SELECT count(*)::text AS n FROM pg_tables WHERE schemaname = 'public' AND tablename = 'schema_migrations'`);
  if (exists[0].n === '0') return [];
  return (await q<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);
}
