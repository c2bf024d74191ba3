import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import path from 'node:path';
import type { DbKind } from '../db/client';
import { TarWriter } from './tar';
import { eachRow, inTransaction, migrationsOf, tablesOf, type DbTarget, type Query } from './snapshot';
import { sha256File } from './files';
import { withLiveCopy } from './live-copy';

export const BACKUP_FORMAT = 'cascade-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** Where the database sits in the archive, by method. */
export const DB_PART = { logical: 'database.jsonl', pg_dump: 'database.pgdump' } as const;
export const MANIFEST = 'manifest.json';
export const FILES_PREFIX = 'files/';

export type BackupMethod = keyof typeof DB_PART;

export interface BackupPart {
  path: string;
  size: number;
  sha256: string;
}

/** What a backup holds, written last into the archive (manifest.json). */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  cascadeVersion: string;
  engine: DbKind;
  serverVersion: string;
  database: { method: BackupMethod; part: string; pgDumpVersion?: string };
  /** The schema: every migration the database had, and the newest. */
  migrations: { newest: string | null; applied: string[] };
  /** Rows of each table at the snapshot, and the SHA-256 of the table's rows (JSON, in key order); a restore checks both. */
  tables: Record<string, { rows: number; sha256: string }>;
  files: {
    copied: number;
    bytes: number;
    /** Files a row names that were not in the files folder when the backup read it. */
    missing: string[];
    /** Files kept in an S3 bucket: named by their rows, their bytes are not in the backup. */
    notCopied: number;
  };
  /** Every other entry of the archive with its size and SHA-256. */
  parts: BackupPart[];
}

export interface BackupSource extends DbTarget {
  filesDir: string;
  version: string;
  /**
   * Nothing else uses this embedded database (the backup command opened its folder itself): its
   * snapshot is read in place. Otherwise an embedded database is copied while it runs
   * (live-copy.ts) and the copy is read, so the server's writes never wait for the dump.
   */
  alone?: boolean;
}

export interface BackupOptions {
  /** 'auto' (default): pg_dump on PostgreSQL when its major version is the server's, else the logical dump. */
  method?: BackupMethod | 'auto';
  /** Reads made in the backup's snapshot, after the backup's own (the tests take the statistics there). */
  inSnapshot?: (q: Query) => Promise<void>;
}

const run = promisify(execFile);

/** The major version of a `pg_dump --version` / `pg_restore --version` answer, or null when the tool is missing. */
export async function toolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<{ major: number; text: string } | null> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const m = /\)\s*(\d+)/.exec(stdout) ?? /(\d+)\.\d+/.exec(stdout);
    return m ? { major: Number(m[1]), text: stdout.trim() } : null;
  } catch {
    return null;
  }
}

/** Environment for pg_dump / pg_restore: the URL without its password, the password in PGPASSWORD (never on a command line). */
export function pgToolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool; its error output (never the password) becomes the error. */
export async function runPgTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    if (stderr.length < 4000) stderr += d.toString();
  });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${tool} failed (${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`);
}

async function chooseMethod(q: Query, source: BackupSource, wanted: BackupOptions['method']): Promise<{ method: BackupMethod; pgDump?: string }> {
  if (source.database.kind === 'pglite' || wanted === 'logical') return { method: 'logical' };
  const tool = await toolMajor('pg_dump');
  const [{ v }] = await q<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
  const serverMajor = Math.floor(Number(v) / 10000);
  if (tool && tool.major === serverMajor) return { method: 'pg_dump', pgDump: tool.text };
  if (wanted === 'pg_dump') {
    throw new Error(tool ? `pg_dump is version ${tool.major}, the server ${serverMajor}: they must match` : 'pg_dump was not found on this machine');
  }
  return { method: 'logical' };
}

interface SnapshotRead {
  method: BackupMethod;
  pgDump?: string;
  serverVersion: string;
  migrations: string[];
  tables: BackupManifest['tables'];
  localFiles: string[];
  notCopied: number;
  dbPart: BackupPart;
}

/** Hashes what goes through a write stream (the logical dump) while writing it. */
class HashedFile {
  private readonly hash = createHash('sha256');
  private size = 0;
  private constructor(private readonly out: NodeJS.WritableStream & { close?: () => void }) {}
  static create(file: string) {
    return new HashedFile(createWriteStream(file, { mode: 0o600 }));
  }
  async line(text: string) {
    const buf = Buffer.from(`${text}\n`);
    this.hash.update(buf);
    this.size += buf.length;
    if (!this.out.write(buf)) await once(this.out as never, 'drain');
  }
  async finish(): Promise<{ size: number; sha256: string }> {
    this.out.end();
    await once(this.out as never, 'finish');
    return { size: this.size, sha256: this.hash.digest('hex') };
  }
}

/**
 * Everything the archive needs from the database, read in one snapshot (REPEATABLE READ, read
 * only): the schema's migrations, each table's rows and digest, the uploaded files the rows name,
 * and the database part: the rows themselves (logical), or pg_dump's own dump of the same snapshot
 * (`--snapshot` of an exported snapshot), so the counts and the dump agree.
 */
async function readSnapshot(source: BackupSource, work: string, options: BackupOptions): Promise<SnapshotRead> {
  return inTransaction(source, 'snapshot', async (q) => {
    const { method, pgDump } = await chooseMethod(q, source, options.method);
    const [{ v: serverVersion }] = await q<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const migrations = await migrationsOf(q);
    const tables: BackupManifest['tables'] = {};
    const dbFile = path.join(work, DB_PART[method]);
    let dbPart: BackupPart;
    if (method === 'logical') {
      const out = HashedFile.create(dbFile);
      await out.line(JSON.stringify({ cascadeLogicalDump: 1 }));
      for (const table of await tablesOf(q)) {
        const [{ n }] = await q<{ n: string }>(`SELECT count(*)::text AS n FROM public."${table.replace(/"/g, '""')}"`);
        await out.line(JSON.stringify({ table, rows: Number(n) }));
        const hash = createHash('sha256');
        const rows = await eachRow(q, table, async (text) => {
          hash.update(`${text}\n`);
          await out.line(text);
        });
        tables[table] = { rows, sha256: hash.digest('hex') };
      }
      const sequences = await q<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY 1`,
      );
      const values = [];
      for (const { name } of sequences) {
        const [s] = await q<{ value: string; called: boolean }>(`SELECT last_value::text AS value, is_called AS called FROM public."${name.replace(/"/g, '""')}"`);
        values.push({ name, value: s.value, called: s.called });
      }
      await out.line(JSON.stringify({ sequences: values }));
      dbPart = { path: DB_PART.logical, ...(await out.finish()) };
    } else {
      const [{ id }] = await q<{ id: string }>('SELECT pg_export_snapshot() AS id');
      const { dbname, env } = pgToolConnection(source.url!);
      const dump = runPgTool('pg_dump', ['--format=custom', `--snapshot=${id}`, `--file=${dbFile}`, '--no-password', `--dbname=${dbname}`], env);
      // Awaited below; a digest failing first must not leave its failure unheard.
      dump.catch(() => undefined);
      // The digests are read meanwhile, in the same snapshot.
      for (const table of await tablesOf(q)) {
        const hash = createHash('sha256');
        const rows = await eachRow(q, table, (text) => void hash.update(`${text}\n`));
        tables[table] = { rows, sha256: hash.digest('hex') };
      }
      await dump;
      dbPart = { path: DB_PART.pg_dump, ...(await sha256File(dbFile)) };
    }
    const files = await q<{ key: string; thumb: string | null }>(`SELECT storage_key AS key, thumb_key AS thumb FROM oss_file WHERE provider = 'local' ORDER BY id`);
    const [{ n: notCopied }] = await q<{ n: string }>(`SELECT count(*)::text AS n FROM oss_file WHERE provider <> 'local'`);
    if (options.inSnapshot) await options.inSnapshot(q);
    const localFiles = [...new Set(files.flatMap((f) => (f.thumb ? [f.key, f.thumb] : [f.key])))];
    return { method, pgDump, serverVersion, migrations, tables, localFiles, notCopied: Number(notCopied), dbPart };
  });
}

/** A key of the files folder as a path inside it; a key that would leave it is refused. */
export function fileOfKey(filesDir: string, key: string): string {
  const root = path.resolve(filesDir);
  const full = path.resolve(root, key);
  if (key.includes('..') || path.isAbsolute(key) || !full.startsWith(root + path.sep)) throw new Error(`a file key outside the files folder: ${key}`);
  return full;
}

/**
 * Writes a backup to `file` (a .tar.gz: the database part, files/<key> for each uploaded file on
 * local storage, manifest.json last) and returns its manifest. Written beside `file` under a
 * temporary name and renamed at the end: a reader never sees half a backup.
 */
export async function createBackup(source: BackupSource, file: string, options: BackupOptions = {}): Promise<BackupManifest> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const suffix = randomBytes(4).toString('hex');
  const work = `${target}.work-${suffix}`;
  const partial = `${target}.part-${suffix}`;
  await mkdir(work, { recursive: true, mode: 0o700 });
  try {
    // The embedded database has one connection: a snapshot held on it for the whole dump held every
    // write as long. Its online copy is dumped instead, in a database thread of its own.
    const snap =
      source.database.kind === 'pglite' && !source.alone
        ? await withLiveCopy(source.database, path.join(work, 'pglite'), (copy) => readSnapshot({ ...source, database: copy }, work, options))
        : await readSnapshot(source, work, options);
    const gzip = createGzip();
    const out = createWriteStream(partial, { mode: 0o600 });
    const piped = new Promise<void>((resolve, reject) => {
      gzip.on('error', reject);
      out.on('error', reject);
      out.on('close', resolve);
    });
    gzip.pipe(out);
    const tar = new TarWriter(gzip);
    const parts: BackupPart[] = [snap.dbPart];
    await tar.add(snap.dbPart.path, snap.dbPart.size, createReadStream(path.join(work, snap.dbPart.path)));
    // Uploaded files are written once under a new key and never changed, so reading them after the
    // snapshot gives the bytes its rows name; one deleted meanwhile is listed as missing.
    const missing: string[] = [];
    let bytes = 0;
    for (const key of snap.localFiles) {
      const full = fileOfKey(source.filesDir, key);
      let size: number;
      let handle;
      try {
        handle = await open(full, 'r');
        size = (await handle.stat()).size;
      } catch {
        await handle?.close();
        missing.push(key);
        continue;
      }
      const hash = createHash('sha256');
      await tar.add(`${FILES_PREFIX}${key}`, size, hashing(handle.createReadStream(), hash));
      parts.push({ path: `${FILES_PREFIX}${key}`, size, sha256: hash.digest('hex') });
      bytes += size;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      cascadeVersion: source.version,
      engine: source.database.kind,
      serverVersion: snap.serverVersion,
      database: { method: snap.method, part: snap.dbPart.path, ...(snap.pgDump ? { pgDumpVersion: snap.pgDump } : {}) },
      migrations: { newest: snap.migrations.at(-1) ?? null, applied: snap.migrations },
      tables: snap.tables,
      files: { copied: parts.length - 1, bytes, missing, notCopied: snap.notCopied },
      parts,
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add(MANIFEST, json.length, json);
    await tar.end();
    await piped;
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

async function* hashing(stream: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    hash.update(chunk);
    yield chunk;
  }
}
