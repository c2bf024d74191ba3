// The backup-stall bench's TypeScript half (loaded through tsx by backup-stall.bench.mjs): an
// embedded database in a data folder of its own, a history of readings written into it, and one
// write at a time going on beside a backup, each write's wait measured. The same writes with no
// backup give the reference; the backup read in place (one snapshot transaction held for the whole
// dump on the engine's one connection, what the embedded backup did before issue 37) shows what the
// online copy (backup/live-copy.ts) took away.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { openPglite, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { createBackup } from '../../src/server/backup/backup';

export interface StallOptions {
  dir: string;
  readings: number;
  /** How long the reference writes run with no backup. */
  referenceMs: number;
}

export interface Stall {
  /** The longest a write waited, and how many writes were saved meanwhile. */
  longestMs: number;
  writes: number;
  /** How long the backup took (for the reference: how long the writes ran). */
  tookMs: number;
}

export interface StallFigures {
  reference: Stall;
  online: Stall;
  inPlace: Stall;
  dataBytes: number;
}

/** One write after another (a reading's raw row, in its own transaction) until `until` settles; the longest wait. */
async function writeBeside(database: Database, until: Promise<unknown>): Promise<Stall> {
  let done = false;
  const started = performance.now();
  void until.finally(() => (done = true));
  let longestMs = 0;
  let writes = 0;
  while (!done) {
    const began = performance.now();
    await database.db.transaction((tx) =>
      tx.execute(`INSERT INTO detect_reading (detect_id, at, switches, analogs, source) VALUES (1, now() + make_interval(secs => ${writes}), '{0}', '{1}', 'bench')` as never),
    );
    longestMs = Math.max(longestMs, performance.now() - began);
    writes += 1;
    await new Promise((r) => setTimeout(r, 5));
  }
  await until;
  return { longestMs, writes, tookMs: performance.now() - started };
}

export async function measureStall(o: StallOptions, log: (line: string) => void): Promise<StallFigures> {
  await rm(o.dir, { recursive: true, force: true });
  await mkdir(o.dir, { recursive: true });
  const database = await openPglite(path.join(o.dir, 'pglite'));
  try {
    await migrate(database);
    const began = performance.now();
    await database.exec(`INSERT INTO detect_reading (detect_id, at, switches, analogs, source)
      SELECT 1 + g % 1000, now() - make_interval(secs => g / 100.0), '{0,0,0,0,0,0,0,0,0}', '{40.1,41.2,42.3,43.4,44.5,45.6,46.7,47.8,48.9}', 'http' FROM generate_series(1, ${o.readings}) g`);
    await database.exec('CHECKPOINT');
    const [{ bytes }] = await database.query<{ bytes: number }>(`SELECT sum(pg_total_relation_size(c.oid))::float8 AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`);
    log(`${o.readings} readings written in ${((performance.now() - began) / 1000).toFixed(0)} s; tables ${(bytes / 2 ** 20).toFixed(0)} MB`);
    const source = { database, filesDir: path.join(o.dir, 'files'), version: 'bench' };
    const reference = await writeBeside(database, new Promise((r) => setTimeout(r, o.referenceMs)));
    log(`no backup: longest write ${reference.longestMs.toFixed(0)} ms over ${reference.writes} writes`);
    const online = await writeBeside(database, createBackup(source, path.join(o.dir, 'online.tar.gz'), { method: 'logical' }));
    log(`online copy: longest write ${online.longestMs.toFixed(0)} ms over ${online.writes} writes; the backup took ${(online.tookMs / 1000).toFixed(1)} s`);
    const inPlace = await writeBeside(database, createBackup({ ...source, alone: true }, path.join(o.dir, 'in-place.tar.gz'), { method: 'logical' }));
    log(`read in place: longest write ${inPlace.longestMs.toFixed(0)} ms over ${inPlace.writes} writes; the backup took ${(inPlace.tookMs / 1000).toFixed(1)} s`);
    return { reference, online, inPlace, dataBytes: bytes };
  } finally {
    await database.close();
    await rm(o.dir, { recursive: true, force: true });
  }
}
