import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { openPglite, openPostgres, type Database } from '../db/client';
import { assertKnownMigrations, migrate, migrationFiles } from '../db/migrate';
import { readTar } from './tar';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DB_PART, FILES_PREFIX, MANIFEST, fileOfKey, pgToolConnection, runPgTool, toolMajor, type BackupManifest } from './backup';
import { eachRow, ident, inTransaction, tablesOf, writableColumns, type DbTarget, type Query } from './snapshot';

/** Why a restore would not start: the caller shows the message as is. */
export class RestoreRefusedError extends Error {
  constructor(readonly reason: 'damaged' | 'format' | 'notEmpty' | 'schema', message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

const damaged = (why: string) => new RestoreRefusedError('damaged', `The backup is damaged: ${why}. Nothing was restored.`);

/** The archive's entries (gzip and tar errors become "damaged"). */
async function* entries(file: string) {
  const source = createReadStream(file);
  const gunzip = source.pipe(createGunzip());
  // pipe() does not pass a read error on (a missing file): the reader hears it through gunzip.
  source.on('error', (error) => gunzip.destroy(error));
  try {
    yield* readTar(gunzip);
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw error;
    throw damaged(error instanceof Error ? error.message : String(error));
  } finally {
    gunzip.destroy();
  }
}

/**
 * The lines of a byte stream, pulled as the reader asks for them (readline's interface starts
 * reading at once and drops the lines of anyone who awaits something before iterating).
 */
async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of chunks) {
    rest += decoder.write(chunk);
    let start = 0;
    for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n', start)) {
      yield rest.slice(start, i);
      start = i + 1;
    }
    rest = rest.slice(start);
  }
  rest += decoder.end();
  if (rest) yield rest;
}

async function* hashing(body: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Reads the whole archive once and checks it against its manifest: every part there with its size
 * and SHA-256, nothing besides. Returns the manifest; a backup that fails is refused before
 * anything is written.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new RestoreRefusedError('format', `${file} is not a file.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: BackupManifest | null;
  try {
    manifest = await readEntries(file, seen);
  } catch (error) {
    // A gzip or tar error met while an entry's body is read (outside entries()' own catch) is damage too.
    if (error instanceof RestoreRefusedError) throw error;
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  return checkAgainstManifest(seen, manifest);
}

/** Every entry's size and SHA-256 into `seen`; the manifest, when the archive has one. */
async function readEntries(file: string, seen: Map<string, { size: number; sha256: string }>): Promise<BackupManifest | null> {
  let manifest: BackupManifest | null = null;
  for await (const entry of entries(file)) {
    if (entry.name === MANIFEST) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      try {
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
      } catch {
        throw damaged('its manifest.json is not JSON');
      }
      continue;
    }
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of entry.body) {
      hash.update(chunk);
      size += chunk.length;
    }
    seen.set(entry.name, { size, sha256: hash.digest('hex') });
  }
  return manifest;
}

function checkAgainstManifest(seen: Map<string, { size: number; sha256: string }>, manifest: BackupManifest | null): BackupManifest {
  if (!manifest) throw damaged('it has no manifest.json (not a Cascade backup, or cut short)');
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.parts)) throw new RestoreRefusedError('format', 'This file is not a Cascade backup.');
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefusedError('format', `The backup was written in format ${manifest.formatVersion} by a newer Cascade (${manifest.cascadeVersion}); this build reads format ${BACKUP_FORMAT_VERSION}.`);
  }
  for (const part of manifest.parts) {
    const got = seen.get(part.path);
    if (!got) throw damaged(`${part.path} is missing`);
    if (got.size !== part.size || got.sha256 !== part.sha256) throw damaged(`${part.path} does not match its checksum`);
    seen.delete(part.path);
  }
  if (seen.size) throw damaged(`it holds entries its manifest does not list (${[...seen.keys()].slice(0, 3).join(', ')})`);
  return manifest;
}

/**
 * The backup's schema against this build: a migration this build does not know (a backup of a
 * newer Cascade) is refused as the server refuses such a database (SchemaNewerError); so is a
 * backup that lacks one of this build's migrations older than its newest.
 */
export async function checkSchema(manifest: BackupManifest): Promise<string[]> {
  const files = await migrationFiles();
  assertKnownMigrations(manifest.migrations.applied, files);
  const newest = manifest.migrations.newest;
  const had = new Set(manifest.migrations.applied);
  const lacking = files.filter((f) => newest !== null && f <= newest && !had.has(f));
  if (lacking.length) {
    throw new RestoreRefusedError('schema', `The backup's schema lacks ${lacking.join(', ')}, which this build has before the backup's newest migration ${newest}: it comes from another line of Cascade.`);
  }
  return files;
}

export type RestoreTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

export interface RestoreOptions {
  target: RestoreTarget;
  filesDir: string;
  /** Replace what the target holds (an embedded folder is kept aside as <folder>.replaced-<time>). */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  files: number;
  /** Embedded with force: where the folder that was replaced now is. */
  replaced?: string;
}

async function folderHasContent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

const FOREIGN_KEYS = `SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS def
  FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND c.contype = 'f' ORDER BY 1, 2`;
const BATCH_BYTES = 1 << 20;
const BATCH_ROWS = 2000;

/**
 * Loads a logical dump into a database migrated to the backup's schema, in one transaction: the
 * rows the migrations seeded go, every table's rows come from the dump. Triggers are off while it
 * loads (the counters and rollups they keep are tables of the dump themselves), and the foreign keys
 * are dropped and added again at the end, which checks every row against them.
 */
async function loadLogical(target: DbTarget, lines: AsyncIterable<string>, manifest: BackupManifest): Promise<{ tables: number; rows: number }> {
  return inTransaction(target, 'write', async (q) => {
    const tables = await tablesOf(q);
    const keys = await q<{ table: string; name: string; def: string }>(FOREIGN_KEYS);
    for (const k of keys) await q(`ALTER TABLE ${k.table} DROP CONSTRAINT ${ident(k.name)}`);
    for (const t of tables) await q(`ALTER TABLE public.${ident(t)} DISABLE TRIGGER USER`);
    if (tables.length) await q(`TRUNCATE ${tables.map((t) => `public.${ident(t)}`).join(', ')}`);

    let table: string | null = null;
    let expected = 0;
    let loaded = 0;
    let total = 0;
    let insert = '';
    let batch: string[] = [];
    let batchBytes = 0;
    const counts = new Map<string, number>();
    const flush = async () => {
      if (!batch.length) return;
      await q(insert, [`[${batch.join(',')}]`]);
      loaded += batch.length;
      batch = [];
      batchBytes = 0;
    };
    const endTable = async () => {
      await flush();
      if (table !== null) {
        if (loaded !== expected) throw damaged(`table ${table} has ${loaded} rows where ${expected} were written`);
        counts.set(table, loaded);
        total += loaded;
      }
    };
    let first = true;
    for await (const line of lines) {
      if (first) {
        first = false;
        if (!line.startsWith('{"cascadeLogicalDump"')) throw damaged('its database part is not a logical dump');
        continue;
      }
      if (line.startsWith('{"table":')) {
        await endTable();
        const head = JSON.parse(line) as { table: string; rows: number };
        if (!tables.includes(head.table)) throw new RestoreRefusedError('schema', `The backup holds table ${head.table}, which its schema (${manifest.migrations.newest}) does not make in this build.`);
        table = head.table;
        expected = head.rows;
        loaded = 0;
        const cols = (await writableColumns(q, table)).map(ident).join(', ');
        insert = `INSERT INTO public.${ident(table)} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM jsonb_populate_recordset(NULL::public.${ident(table)}, $1::jsonb)`;
        continue;
      }
      if (line.startsWith('{"sequences":')) {
        await endTable();
        table = null;
        const { sequences } = JSON.parse(line) as { sequences: { name: string; value: string; called: boolean }[] };
        for (const s of sequences) await q(`SELECT setval($1::regclass, $2::bigint, $3)`, [`public.${ident(s.name)}`, s.value, s.called]);
        continue;
      }
      if (table === null) throw damaged('its database part has rows outside a table');
      batch.push(line);
      batchBytes += line.length;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
    }
    await endTable();
    for (const t of tables) await q(`ALTER TABLE public.${ident(t)} ENABLE TRIGGER USER`);
    for (const k of keys) await q(`ALTER TABLE ${k.table} ADD CONSTRAINT ${ident(k.name)} ${k.def}`);
    for (const [name, want] of Object.entries(manifest.tables)) {
      if (counts.get(name) !== want.rows) throw damaged(`table ${name} has ${counts.get(name) ?? 0} rows where the manifest says ${want.rows}`);
    }
    return { tables: counts.size, rows: total };
  });
}

/** Every table's rows and digest, read back in one snapshot, against the manifest. */
export async function verifyRestored(target: DbTarget, manifest: BackupManifest): Promise<void> {
  await inTransaction(target, 'snapshot', async (q: Query) => {
    const tables = await tablesOf(q);
    const wanted = Object.keys(manifest.tables).sort();
    if (wanted.join() !== [...tables].sort().join()) throw new Error(`the restored tables are not the backup's (${tables.length} against ${wanted.length})`);
    for (const table of wanted) {
      const hash = createHash('sha256');
      const rows = await eachRow(q, table, (text) => void hash.update(`${text}\n`));
      const want = manifest.tables[table];
      if (rows !== want.rows || hash.digest('hex') !== want.sha256) {
        throw new Error(`table ${table} restored with ${rows} rows that do not match the backup's ${want.rows} (checksum)`);
      }
    }
  });
}

async function publicTables(database: Database): Promise<number> {
  const [{ n }] = await database.query<{ n: string }>(`SELECT count(*)::text AS n FROM pg_tables WHERE schemaname = 'public'`);
  return Number(n);
}

/**
 * Restores a backup: checks it whole first (checksums, format, schema), then loads the database
 * into the target (an embedded data folder that does not exist yet or is empty, or an empty
 * PostgreSQL database; with `force`, whatever is there is replaced), checks every table against the
 * manifest, and writes the uploaded files into the files folder. The server's next start runs the
 * migrations this build has beyond the backup's.
 */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const manifest = await verifyBackup(file);
  await checkSchema(manifest);
  const method = manifest.database.method;
  const { target } = options;
  if (method === 'pg_dump' && target.kind !== 'postgres') {
    throw new RestoreRefusedError('format', 'This backup is a pg_dump of a PostgreSQL database: restore it into PostgreSQL (DATABASE_URL).');
  }

  // The target: refused when it holds anything, unless forced.
  let database: Database;
  let folder: string | null = null;
  let replaced: string | undefined;
  if (target.kind === 'pglite') {
    if ((await folderHasContent(target.dir)) && !options.force) {
      throw new RestoreRefusedError('notEmpty', `${target.dir} already holds a database. Restore into a new data folder, or add --force to replace it (the old folder is kept aside).`);
    }
    // Loaded beside it and put in place only when everything checked out.
    folder = `${target.dir}.restoring-${randomBytes(3).toString('hex')}`;
    await mkdir(path.dirname(folder), { recursive: true });
    database = await openPglite(folder);
  } else {
    database = await openPostgres(target.url, 2);
    if ((await publicTables(database)) > 0) {
      if (!options.force) {
        await database.close();
        throw new RestoreRefusedError('notEmpty', 'The database already has tables. Restore into an empty database, or add --force to drop everything in its public schema first.');
      }
      log('dropping the public schema of the target database (--force)');
      await database.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    }
  }
  const dbTarget: DbTarget = { database, url: target.kind === 'postgres' ? target.url : undefined };

  let tables = 0;
  let rows = 0;
  let files = 0;
  const expected = new Map(manifest.parts.map((p) => [p.path, p]));
  const tempDir = await mkdtemp(path.join(tmpdir(), 'cascade-restore-'));
  let loaded = false;
  try {
    if (method === 'logical' && manifest.migrations.newest) {
      // The backup's schema exactly: its migrations, not this build's newer ones (they run at the next start, on the restored rows).
      await migrate(database, { before: `${manifest.migrations.newest}\uffff` });
    }
    for await (const entry of entries(file)) {
      const part = expected.get(entry.name);
      if (!part) continue;
      const hash = createHash('sha256');
      const body = hashing(entry.body, hash);
      if (entry.name === DB_PART.logical && method === 'logical') {
        log('loading the database');
        ({ tables, rows } = await loadLogical(dbTarget, linesOf(body), manifest));
      } else if (entry.name === DB_PART.pg_dump && method === 'pg_dump') {
        const dump = path.join(tempDir, 'database.pgdump');
        const out = createWriteStream(dump, { mode: 0o600 });
        for await (const chunk of body) if (!out.write(chunk)) await once(out, 'drain');
        out.end();
        await once(out, 'finish');
        const tool = await toolMajor('pg_restore');
        if (!tool) throw new RestoreRefusedError('format', 'This backup is a pg_dump: pg_restore is needed to restore it and was not found.');
        log(`restoring the database with pg_restore (${tool.text})`);
        const { dbname, env } = pgToolConnection(target.kind === 'postgres' ? target.url : '');
        await runPgTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${dbname}`, dump], env);
        tables = Object.keys(manifest.tables).length;
        rows = Object.values(manifest.tables).reduce((s, t) => s + t.rows, 0);
      } else if (entry.name.startsWith(FILES_PREFIX)) {
        const dest = fileOfKey(options.filesDir, entry.name.slice(FILES_PREFIX.length));
        await mkdir(path.dirname(dest), { recursive: true });
        const temp = `${dest}.${randomBytes(6).toString('hex')}.part`;
        const out = createWriteStream(temp);
        for await (const chunk of body) if (!out.write(chunk)) await once(out, 'drain');
        out.end();
        await once(out, 'finish');
        await rename(temp, dest);
        files++;
      } else {
        for await (const chunk of body) void chunk;
      }
      // Read a second time: the file must not have changed since it was checked.
      if (hash.digest('hex') !== part.sha256) throw damaged(`${entry.name} changed while it was restored`);
      if (entry.name === manifest.database.part) {
        log('checking every table against the manifest');
        await verifyRestored(dbTarget, manifest);
      }
    }
    loaded = true;
  } finally {
    await database.close();
    await rm(tempDir, { recursive: true, force: true });
    if (folder && target.kind === 'pglite') {
      // A failed load leaves the new folder; it is removed, the target untouched.
      if (!loaded) await rm(folder, { recursive: true, force: true });
    }
  }
  if (folder && target.kind === 'pglite') {
    if (await folderHasContent(target.dir)) {
      replaced = `${target.dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(target.dir, replaced);
    } else {
      await rm(target.dir, { recursive: true, force: true });
    }
    await rename(folder, target.dir);
  }
  return { manifest, tables, rows, files, replaced };
}
