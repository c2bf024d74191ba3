import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, type Database } from '../db/client';
import { RemotePglite, type DataDirListing, type DataFilePiece } from '../db/pglite-remote';
import { listDataFiles, readDataFiles, type PgliteFs } from '../db/pglite-data-files.mjs';

/**
 * A copy of a running embedded database, made the way PostgreSQL's own online backup is
 * (pg_backup_start / pg_backup_stop, what pg_basebackup does): its files are read a piece at a
 * time while the server goes on writing between pieces, and the WAL written meanwhile goes with
 * them. Opened, the copy recovers from that WAL to one consistent moment (the end of the backup),
 * whatever state each file was read in: a page changed after it was read is put back by its full
 * image in the WAL (full_page_writes). The server's other work waits only for one piece at a time
 * and for the checkpoint pg_backup_start makes (docs/backup.md, docs/benchmarks.md "backup-stall").
 *
 * The embedded database has a single connection, so a snapshot transaction held for the whole
 * dump (what the PostgreSQL engine does) held every write for as long: 12–19 s on a database of
 * some hundreds of thousands of readings (issue 37). The backup now dumps this copy instead,
 * in a database thread of its own.
 */

/** Bytes read at once (a piece of a large file, or several small files): the most the database's thread copies between two statements. */
const PIECE_BYTES = 2 * 1024 * 1024;
/** A temporary replication slot holds the WAL from before the backup's start until the copy has it (a checkpoint meanwhile must not recycle it). */
const SLOT = 'cascade_backup';
/** Left out as pg_basebackup leaves them out: folders made empty, and files never copied. */
const EMPTIED = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_replslot', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_manifest', 'pg_internal.init']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
/** The WAL folder's own folders, made empty in the copy as pg_basebackup makes them. */
const WAL_DIRS = ['pg_wal/archive_status', 'pg_wal/summaries'];

interface DataDirReader {
  list(): Promise<DataDirListing>;
  read(pieces: DataFilePiece[]): Promise<(Uint8Array | null)[]>;
}

/** PGlite's own file system, in this thread (PGLITE_THREAD=main): what the database thread does for RemotePglite, by the same code. */
function inProcessReader(client: PGlite): DataDirReader {
  const FS = (client as unknown as { mod: { FS: PgliteFs } }).mod.FS;
  return { list: async () => listDataFiles(FS), read: async (pieces) => readDataFiles(FS, pieces) };
}

function readerOf(database: Database): DataDirReader {
  const client = (database as Database & { raw: PGlite | RemotePglite }).raw;
  if (client instanceof RemotePglite) return { list: () => client.listDataDir(), read: (pieces) => client.readDataFiles(pieces) };
  return inProcessReader(client);
}

/** Whether a path of the data folder is copied: not what pg_basebackup leaves out, not the WAL (copied after the stop). */
function copied(file: string): boolean {
  const parts = file.split('/');
  return !EMPTIED.has(parts[0]) && !SKIPPED.has(parts[parts.length - 1]);
}

/**
 * Files copied into `target`: small ones several to a read, large ones a piece at a time, each read
 * between two statements of the server. A file read to the end of what it holds (it may have grown
 * since it was listed); one gone meanwhile is left out. Returns the files and bytes written.
 */
async function copyFiles(reader: DataDirReader, files: DataDirListing['files'], target: string, onRead: () => void): Promise<{ files: number; bytes: number }> {
  let written = { files: 0, bytes: 0 };
  const small = files.filter((f) => f.size < PIECE_BYTES);
  for (let i = 0; i < small.length; ) {
    const batch: DataFilePiece[] = [];
    for (let sum = 0; i < small.length && (batch.length === 0 || sum + small[i].size <= PIECE_BYTES); i++) {
      batch.push({ path: small[i].path, offset: 0, length: PIECE_BYTES });
      sum += small[i].size;
    }
    onRead();
    const bytes = await reader.read(batch);
    const sizes = await Promise.all(
      bytes.map(async (data, n) => {
        if (!data) return -1;
        // Grown past a piece since it was listed: the rest as a large file's.
        if (data.length === PIECE_BYTES) return copyLarge(reader, batch[n].path, target, data, onRead);
        await writeFile(path.join(target, batch[n].path), data, { mode: 0o600 });
        return data.length;
      }),
    );
    for (const size of sizes) if (size >= 0) written = { files: written.files + 1, bytes: written.bytes + size };
  }
  for (const f of files.filter((f) => f.size >= PIECE_BYTES)) {
    const bytes = await copyLarge(reader, f.path, target, null, onRead);
    if (bytes >= 0) written = { files: written.files + 1, bytes: written.bytes + bytes };
  }
  return written;
}

/** A large file, a piece per read (`first`: its first piece, already read); its bytes, -1 when it was gone. */
async function copyLarge(reader: DataDirReader, file: string, target: string, first: Uint8Array | null, onRead: () => void): Promise<number> {
  const out = await open(path.join(target, file), 'w', 0o600);
  let offset = 0;
  try {
    for (let piece = first; ; piece = null) {
      if (!piece) {
        onRead();
        [piece] = await reader.read([{ path: file, offset, length: PIECE_BYTES }]);
      }
      if (!piece) return offset === 0 ? -1 : offset;
      if (piece.length) await out.write(piece, 0, piece.length, offset);
      offset += piece.length;
      if (piece.length < PIECE_BYTES) return offset;
    }
  } finally {
    await out.close();
  }
}

export interface LiveCopy {
  /** Files and bytes copied (WAL included). */
  files: number;
  bytes: number;
  /** How many pieces were read: the times the database's thread was taken between statements. */
  pieces: number;
}

/** One copy at a time per database: PostgreSQL allows one online backup per session, and the embedded database has one. */
const copying = new WeakMap<Database, Promise<unknown>>();

/**
 * Copies the running embedded database into `target` (a new folder): a data folder PGlite opens
 * (and recovers) as the database was at the end of the copy. Every other query of the server goes
 * on meanwhile.
 */
export async function copyLiveDatabase(database: Database, target: string): Promise<LiveCopy> {
  const before = copying.get(database) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => copyOnce(database, target));
  copying.set(database, run);
  try {
    return await run;
  } finally {
    if (copying.get(database) === run) copying.delete(database);
  }
}

async function copyOnce(database: Database, target: string): Promise<LiveCopy> {
  const reader = readerOf(database);
  const result: LiveCopy = { files: 0, bytes: 0, pieces: 0 };
  const onRead = () => void (result.pieces += 1);
  const add = (w: { files: number; bytes: number }) => {
    result.files += w.files;
    result.bytes += w.bytes;
  };
  await mkdir(target, { recursive: true, mode: 0o700 });
  let slot = false;
  try {
    // A temporary slot: gone with the session if the process dies meanwhile.
    await database.query(`SELECT pg_create_physical_replication_slot('${SLOT}', true, true)`);
    slot = true;
  } catch {
    // No replication slots (max_replication_slots = 0): the WAL the copy needs is checked below instead.
  }
  let started = false;
  try {
    // fast: its checkpoint now, rather than spread out (there is no checkpointer to spread it).
    await database.query(`SELECT pg_backup_start('cascade-backup', true)`);
    started = true;
    const listing = await reader.list();
    for (const dir of [...listing.dirs.filter(copied), ...EMPTIED, ...WAL_DIRS]) await mkdir(path.join(target, dir), { recursive: true, mode: 0o700 });
    add(await copyFiles(reader, listing.files.filter((f) => copied(f.path)), target, onRead));
    const [stop] = await database.query<{ labelfile: string }>(`SELECT labelfile FROM pg_backup_stop(false)`);
    started = false;
    const first = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(stop.labelfile)?.[1];
    const [{ wal: last }] = await database.query<{ wal: string }>(`SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS wal`);
    if (!first) throw new Error('the online backup named no WAL to start from');
    // The WAL from the backup's start to the segment being written now (later names are recycled
    // segments kept for reuse): what the copy recovers from.
    const segments = (await reader.list()).files
      .filter((f) => f.path.startsWith('pg_wal/') && WAL_SEGMENT.test(f.path.slice(7)) && f.path.slice(7) >= first && f.path.slice(7) <= last)
      .sort((a, b) => a.path.localeCompare(b.path));
    if (segments[0]?.path.slice(7) !== first) throw new Error(`the WAL segment ${first} the copy needs was recycled meanwhile`);
    const wal = await copyFiles(reader, segments, target, onRead);
    if (wal.files !== segments.length) throw new Error('a WAL segment the copy needs was recycled meanwhile');
    add(wal);
    await writeFile(path.join(target, 'backup_label'), stop.labelfile, { mode: 0o600 });
    return result;
  } finally {
    if (started) await database.query(`SELECT pg_backup_stop(false)`).catch(() => undefined);
    if (slot) await database.query(`SELECT pg_drop_replication_slot('${SLOT}')`).catch(() => undefined);
  }
}

/**
 * Runs `fn` on a copy of the running embedded database (copyLiveDatabase into `dir`, opened in a
 * database thread of its own), then closes the copy and removes `dir`.
 */
export async function withLiveCopy<T>(database: Database, dir: string, fn: (copy: Database) => Promise<T>): Promise<T> {
  try {
    await copyLiveDatabase(database, dir);
    const copy = await openPglite(dir);
    try {
      return await fn(copy);
    } finally {
      await copy.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
