import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { timedQuery } from '../lib/observe';
import { PreparedPglite } from './pglite-prepared';
import { prepareStatements } from './pg-prepared';
import { RemotePglite } from './pglite-remote';

export type DbKind = 'pglite' | 'postgres';
export type Db = PgDatabase<any, typeof schema>;

/**
 * One handle over either engine: Drizzle for typed queries, `exec` for multi-statement SQL
 * (migrations), `query` for hand-written SQL where the planner needs exact control (statistics).
 */
export interface Database {
  kind: DbKind;
  db: Db;
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Subscribes to NOTIFY on a channel; returns an unsubscribe function. `onGap` hears that the
   * listening connection was lost and is back: notifications sent meanwhile are gone.
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

// Timestamps come back as Date and bigint counts as numbers on both engines.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * PGlite's own buffer cache (shared_buffers, PGLITE_SHARED_BUFFERS). It lives in the process's
 * WebAssembly memory and fills up whatever its size: at 32 MB the idle demo server's WebAssembly
 * memory was 51 MB, at 16 MB 33 MB (PostgreSQL's default is 128 MB). The data folder's files stay
 * in the kernel's page cache besides, so a page the cache lacks is a read from there: under the
 * order list's load at 16 MB, 0.06 more read calls per request than at 32 MB (the list's tables
 * and indexes stay cached).
 */
const PGLITE_SHARED_BUFFERS = process.env.PGLITE_SHARED_BUFFERS || '16MB';
/**
 * Memory PostgreSQL takes per operation, sized for one process that also serves HTTP:
 * WebAssembly memory only grows, so whatever a migration's index build or a temporary table once
 * touched stays charged to the server. maintenance_work_mem (CREATE INDEX, VACUUM) 64 MB → 8 MB;
 * temp_buffers 8 MB → 2 MB; wal_buffers fixed at 1 MB rather than a share of shared_buffers.
 * work_mem stays PostgreSQL's 4 MB: the statistics and list sorts fit in it.
 */
const PGLITE_MEMORY = ['-c', 'maintenance_work_mem=8MB', '-c', 'temp_buffers=2MB', '-c', 'wal_buffers=1MB'];
const PGLITE_PARAMS = ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`, ...PGLITE_MEMORY];

/**
 * Where the embedded database runs (PGLITE_THREAD): `worker` (the default), a thread of its own
 * (pglite-remote.ts), so the server's event loop never waits on a query; `main`, in the server's
 * own thread, as before the worker (to compare the two).
 */
const PGLITE_THREAD = process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker';

/** The embedded database's client: PGlite in its worker thread, or in this thread (PGLITE_THREAD=main). */
export type PgliteClient = PGlite | RemotePglite;

/** Opens PGlite in a data folder, in memory, or from a dump made by `dumpDataDir`. */
export async function openPglite(source?: string | Blob): Promise<Database> {
  const from = source instanceof Blob ? { loadDataDir: source } : { dataDir: source };
  if (PGLITE_THREAD === 'worker') return pgliteDatabase(await RemotePglite.create({ ...from, startParams: PGLITE_PARAMS }));
  const startParams = [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, ...PGLITE_PARAMS];
  return pgliteDatabase(await PGlite.create({ ...from, startParams }));
}

const NUMERIC_PARSERS = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };

export function pgliteDatabase(client: PgliteClient): Database {
  // Statements run prepared, in one call each (pglite-prepared.ts); Drizzle's transactions are
  // PGlite's own (BEGIN, COMMIT or ROLLBACK, the database held meanwhile) with their statements
  // prepared too.
  const prepared = new PreparedPglite(client);
  const driver = {
    query: (...args: Parameters<PreparedPglite['query']>) => timedQuery(() => prepared.query(...args)),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) =>
        fn({
          ...tx,
          get closed() {
            return tx.closed;
          },
          query: <R>(...args: Parameters<PreparedPglite['queryInTransaction']>) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return prepared.queryInTransaction<R>(...args);
          },
        }),
      ),
  };
  const db = drizzlePglite(driver as unknown as PGlite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async exec(sql) {
      await client.exec(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await prepared.query<T>(sql, params, { parsers: NUMERIC_PARSERS });
      return res.rows;
    },
    async listen(channel, onPayload, onGap) {
      const unsub = await client.listen(channel, onPayload);
      // The worker thread started again after it stopped (pglite-remote.ts): what was told meanwhile is gone.
      const unGap = onGap && client instanceof RemotePglite ? client.onRestart(onGap) : undefined;
      return async () => {
        unGap?.();
        await unsub();
      };
    },
    async notify(channel, payload) {
      await prepared.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!client.closed) await client.close();
    },
    /** The PGlite client, for dumping a data folder (test templates) and the backup's transactions. */
    get raw() {
      return client;
    },
  } as Database;
}

/** The listening connection's name in pg_stat_activity. */
export const LISTENER_NAME = 'cascade-listen';
const LISTEN_RETRY_MS = 1_000;
/** At most this between attempts to listen again: live pushes resume within it of the database's return. */
const LISTEN_RETRY_MAX_MS = 4_000;
/**
 * How long opening a connection may take: a database that does not answer at all (a cut network,
 * a host gone) fails the request with a 503 after this rather than holding it without end.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long a pooled connection may sit idle before it is closed: a minute, not node-postgres's 10 s.
 * Each connection holds the statements it prepared (pg-prepared.ts); closed after 10 s idle, a
 * screen opened now and then, or a list's load after a pause, waited for ten new backends and every
 * statement parsed again (order list at 50 connections after 11 s idle: p99 391 ms, the first two
 * seconds' answers up to 1.3 s). Idle connections do not keep a process from exiting.
 */
const POOL_IDLE_MS = 60_000;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: POOL_IDLE_MS, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, allowExitOnIdle: true });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  pool.on('connect', (client) => {
    // A connection that dies while checked out (mid-transaction: a restart, pg_terminate_backend, a
    // cut) emits 'error' on itself, where the pool listens only while it is idle: unheard, that
    // event ended the process. Its query under way rejects with the same error, which its caller
    // hears; the pool drops the connection when it is released.
    client.on('error', () => undefined);
    // Each connection prepares the statements it runs (pg-prepared.ts), as the embedded database does.
    prepareStatements(client);
  });
  // Statements outside transactions are timed for the metrics (lib/observe.ts) when they listen.
  // (On the instance: the pool's own methods keep their state on it; Drizzle calls query without a callback.)
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => (typeof args.at(-1) === 'function' ? poolQuery(...args) : timedQuery(() => poolQuery(...args)))) as typeof pool.query;
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // One connection LISTENs for every channel. Lost (a restart, a network cut), it is opened again
  // with backoff and LISTENs again; the subscribers hear of the gap.
  let listener: Promise<pg.Client> | null = null;
  let generation = 0;
  let closed = false;
  const handlers = new Map<string, Set<(p: string) => void>>();
  const gaps = new Set<() => void>();
  const listenTo = (client: pg.Client, channel: string) => client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
  const connectListener = (): Promise<pg.Client> => {
    if (listener) return listener;
    const mine = ++generation;
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    let ready = false;
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    // 'end' follows an error: a connection that was listening is opened again there.
    client.on('error', () => undefined);
    client.on('end', () => {
      if (generation !== mine) return;
      listener = null;
      if (ready && !closed) reconnect(LISTEN_RETRY_MS);
    });
    listener = (async () => {
      try {
        await client.connect();
        for (const channel of handlers.keys()) await listenTo(client, channel);
        ready = true;
        return client;
      } catch (error) {
        if (generation === mine) listener = null;
        await client.end().catch(() => undefined);
        throw error;
      }
    })();
    return listener;
  };
  const reconnect = (delay: number) => {
    setTimeout(() => {
      if (closed || listener) return;
      connectListener().then(
        () => gaps.forEach((gap) => gap()),
        () => reconnect(Math.min(delay * 2, LISTEN_RETRY_MAX_MS)),
      );
    }, delay).unref();
  };
  return {
    kind: 'postgres',
    db,
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params);
      return res.rows as T[];
    },
    async listen(channel, onPayload, onGap) {
      const client = await connectListener();
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        await listenTo(client, channel);
      }
      handlers.get(channel)!.add(onPayload);
      if (onGap) gaps.add(onGap);
      return async () => {
        handlers.get(channel)?.delete(onPayload);
        if (onGap) gaps.delete(onGap);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (listener) await (await listener.catch(() => null))?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  return opts.url ? openPostgres(opts.url) : openPglite(opts.dataDir);
}
