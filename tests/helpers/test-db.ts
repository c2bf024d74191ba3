import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, openPostgres, pgliteDatabase, type Database, type PgliteClient } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedBase } from '../../src/server/db/seed/base';

export const TEMPLATE_FILE = path.resolve('tmp/test-template.tar.gz');
/** One template per checkout: two clones running test:pg at once must not drop each other's template. */
export const PG_TEMPLATE = `cascade_test_template_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8)}`;
export const ADMIN_PASSWORD = 'admin123';

/** Builds the template once per run (vitest globalSetup): migrated, with the base and demo users seeded. */
export async function buildTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, PG_TEMPLATE), 2);
    await migrate(database);
    await seedBase(database, { adminPassword: ADMIN_PASSWORD, demoUsers: true });
    await database.close();
    return;
  }
  const database = await openPglite();
  await migrate(database);
  await seedBase(database, { adminPassword: ADMIN_PASSWORD, demoUsers: true });
  await database.exec(SNAPSHOT_SQL);
  const dump = await (database as Database & { raw: PGlite }).raw.dumpDataDir('gzip');
  await mkdir(path.dirname(TEMPLATE_FILE), { recursive: true });
  await writeFile(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A new PostgreSQL database made from the run's template (TEST_DATABASE_URL's server), for a test
 * that hands its address to another process (a server it starts): its URL, and how to drop it.
 */
export async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cascade_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A fresh database for one test file: a PGlite copy of the template, or a new PostgreSQL database. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const fresh = await freshPostgres(url);
    const database = await openPostgres(fresh.url, 4);
    return {
      database,
      drop: async () => {
        await database.close();
        await fresh.drop();
      },
    };
  }
  return leasePglite();
}

/*
 * The embedded engine: a test file's database is a copy of the template that its worker process
 * already has open, put back as the template was, rather than a new one from the template's dump.
 * Opening one costs 1.5–2.5 s of CPU (the data folder's 42 MB unpacked into the engine's memory,
 * PostgreSQL started); putting one back, a few tens of milliseconds. The server project runs its
 * files in shared worker processes (vitest.config.ts, isolate: false), where this pool lives.
 *
 * Putting back: every table emptied and refilled from the copy the template keeps of itself
 * (schema cascade_test_snapshot, made by SNAPSHOT_SQL), sequences set as they were, the session's
 * state discarded (settings, prepared statements, LISTENs, advisory locks, temporary tables). A
 * file that changed the schema itself (a table, a column, an index, a function, a trigger) gets its
 * database closed rather than put back: the schema's fingerprint after the reset must be the
 * template's.
 */
const SNAPSHOT = 'cascade_test_snapshot';

/** Run once on the template: a copy of every table's rows and every sequence's value, and the function that puts them back. */
const SNAPSHOT_SQL = `
CREATE SCHEMA ${SNAPSHOT};
CREATE TABLE ${SNAPSHOT}.tables (schema_name text, table_name text, columns text, copy_name text);
CREATE TABLE ${SNAPSHOT}.sequences (schema_name text, sequence_name text, last_value bigint, is_called boolean);
DO $$
DECLARE t record; n int := 0; cols text;
BEGIN
  FOR t IN
    SELECT ns.nspname AS s, c.relname AS r, c.oid FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ns.nspname NOT IN ('pg_catalog', 'information_schema', '${SNAPSHOT}') AND ns.nspname NOT LIKE 'pg\\_%'
  LOOP
    n := n + 1;
    SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO cols FROM pg_attribute a
      WHERE a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '';
    EXECUTE format('CREATE TABLE ${SNAPSHOT}.%I AS SELECT %s FROM %I.%I', 't' || n, cols, t.s, t.r);
    INSERT INTO ${SNAPSHOT}.tables VALUES (t.s, t.r, cols, 't' || n);
  END LOOP;
  FOR t IN
    SELECT ns.nspname AS s, c.relname AS r FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
    WHERE c.relkind = 'S' AND ns.nspname NOT IN ('pg_catalog', 'information_schema', '${SNAPSHOT}')
  LOOP
    EXECUTE format('INSERT INTO ${SNAPSHOT}.sequences SELECT %L, %L, last_value, is_called FROM %I.%I', t.s, t.r, t.s, t.r);
  END LOOP;
END $$;
CREATE FUNCTION ${SNAPSHOT}.reset() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record; all_tables text;
BEGIN
  -- Triggers and foreign keys stay quiet while the rows go back (an audit trigger would log the refill).
  SET LOCAL session_replication_role = replica;
  SELECT string_agg(format('%I.%I', schema_name, table_name), ', ') INTO all_tables FROM ${SNAPSHOT}.tables;
  EXECUTE 'TRUNCATE ' || all_tables;
  FOR t IN SELECT * FROM ${SNAPSHOT}.tables LOOP
    EXECUTE format('INSERT INTO %I.%I (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM ${SNAPSHOT}.%I', t.schema_name, t.table_name, t.columns, t.columns, t.copy_name);
  END LOOP;
  FOR t IN SELECT * FROM ${SNAPSHOT}.sequences LOOP
    PERFORM setval(format('%I.%I', t.schema_name, t.sequence_name), t.last_value, t.is_called);
  END LOOP;
END $$;
CHECKPOINT;
`;

/** What a test could change of the schema: relations, columns, constraints, functions, triggers, roles. */
const FINGERPRINT_SQL = `
SELECT md5(concat_ws('|',
  (SELECT string_agg(concat_ws(':', c.oid, c.relname, c.relkind), ',' ORDER BY c.oid) FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace WHERE ns.nspname NOT IN ('pg_catalog', 'information_schema') AND ns.nspname NOT LIKE 'pg\\_%'),
  (SELECT string_agg(concat_ws(':', a.attrelid, a.attname, a.atttypid, a.attnotnull, a.atthasdef), ',' ORDER BY a.attrelid, a.attnum) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace ns ON ns.oid = c.relnamespace WHERE ns.nspname NOT IN ('pg_catalog', 'information_schema') AND ns.nspname NOT LIKE 'pg\\_%' AND a.attnum > 0 AND NOT a.attisdropped),
  (SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_constraint),
  (SELECT string_agg(concat_ws(':', p.oid, md5(p.prosrc)), ',' ORDER BY p.oid) FROM pg_proc p JOIN pg_namespace ns ON ns.oid = p.pronamespace WHERE ns.nspname NOT IN ('pg_catalog', 'information_schema')),
  (SELECT string_agg(concat_ws(':', oid, tgenabled), ',' ORDER BY oid) FROM pg_trigger),
  (SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_namespace),
  (SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_type WHERE typnamespace NOT IN (SELECT oid FROM pg_namespace WHERE nspname IN ('pg_catalog', 'information_schema'))),
  (SELECT string_agg(rolname, ',' ORDER BY oid) FROM pg_roles),
  (SELECT string_agg(setting, ',' ORDER BY setrole, setdatabase) FROM pg_db_role_setting, unnest(setconfig) AS setting)
)) AS fingerprint`;

interface Pooled {
  client: PgliteClient;
  fingerprint: string;
}

/** This worker's open copies free for the next file, and the ones files hold now. */
const idle: Pooled[] = [];
const leased = new Set<{ pooled: Pooled; release: () => Promise<void> }>();
let template: Promise<Blob> | null = null;

/** The template's dump (embedded engine), read once per worker process. */
export function templateDump(): Promise<Blob> {
  template ??= readFile(TEMPLATE_FILE).then((bytes) => new Blob([bytes]));
  return template;
}

const fingerprintOf = async (client: PgliteClient): Promise<string> => (await client.query<{ fingerprint: string }>(FINGERPRINT_SQL)).rows[0].fingerprint;

async function openFromTemplate(): Promise<Pooled> {
  const database = await openPglite(await templateDump());
  const client = (database as Database & { raw: PgliteClient }).raw;
  return { client, fingerprint: await fingerprintOf(client) };
}

/** Puts a used copy back as the template was; false when it cannot be (closed, schema changed). */
async function putBack(pooled: Pooled): Promise<boolean> {
  const { client } = pooled;
  if (client.closed || !('ready' in client ? client.ready : true)) return false;
  // On the client itself: a Database handle here would leave its statement cache listening on the
  // client (PreparedPglite's onRestart) for every reset.
  try {
    if (client.isInTransaction()) await client.exec('ROLLBACK');
    await client.exec('DISCARD ALL');
    await client.exec(`SELECT ${SNAPSHOT}.reset()`);
    return (await fingerprintOf(client)) === pooled.fingerprint;
  } catch {
    return false;
  }
}

async function leasePglite(): Promise<{ database: Database; drop: () => Promise<void> }> {
  let pooled: Pooled | undefined;
  while ((pooled = idle.pop())) {
    if (await putBack(pooled)) break;
    await pooled.client.close().catch(() => undefined);
  }
  pooled ??= await openFromTemplate();
  const mine = pooled;
  // The file's own view of the client: its listeners are dropped when it gives the database back,
  // and its close gives it back rather than closing the engine.
  const unlisten = new Set<() => unknown>();
  let released: Promise<void> | null = null;
  const client = mine.client;
  const view = new Proxy(client, {
    get(target, prop) {
      if (prop === 'close') return () => release();
      if (prop === 'closed') return released !== null || target.closed;
      // Given back, the copy is the next file's: whatever of this file still runs (a job's timer
      // of an app it left open) is refused rather than let write into the next file's rows.
      if (released !== null) {
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? () => Promise.reject(new Error('PGlite is closed')) : value;
      }
      if (prop === 'listen') {
        return async (channel: string, callback: (payload: string) => void, tx?: unknown) => {
          const stop = await (target.listen as (c: string, cb: (p: string) => void, tx?: unknown) => Promise<() => Promise<void>>)(channel, callback, tx);
          unlisten.add(stop);
          return async (...args: unknown[]) => {
            unlisten.delete(stop);
            await (stop as (...a: unknown[]) => Promise<void>)(...args);
          };
        };
      }
      // What the file's handles subscribe to on the client (its notifications, its statement
      // cache's restarts) is dropped with the lease.
      if (prop === 'onNotification' || prop === 'onRestart') {
        return (callback: (...args: never[]) => void) => {
          const stop = (target as unknown as Record<string, (cb: typeof callback) => () => void>)[prop](callback);
          unlisten.add(stop);
          return () => {
            unlisten.delete(stop);
            stop();
          };
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as PgliteClient;
  const entry = { pooled: mine, release: () => release() };
  const release = (): Promise<void> => {
    released ??= (async () => {
      leased.delete(entry);
      for (const stop of [...unlisten]) await Promise.resolve(stop()).catch(() => undefined);
      unlisten.clear();
      if (!client.closed) idle.push(mine);
    })();
    return released;
  };
  leased.add(entry);
  const database = pgliteDatabase(view);
  return { database, drop: () => database.close() };
}

/**
 * After a file (server-setup.ts's afterAll): the copies it left open go back to the pool, put back
 * before the next file uses them, as a file that closed its own.
 */
export async function reclaimDatabases(): Promise<void> {
  for (const entry of [...leased]) await entry.release();
}
