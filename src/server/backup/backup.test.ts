import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadStream, createWriteStream, readdirSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { pngBytes, PDF_BYTES, upload } from '@tests/helpers/file-uploads';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { seedBoards } from '../modules/operations/detect/board-fixtures';
import { StatsRepository } from '../modules/stats/stats.repository';
import { buildApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { createBackup, MANIFEST, type BackupManifest, type BackupMethod } from './backup';
import { EXIT, backupCommand, restoreCommand } from './commands';
import { CONTROL_BACKUP_PATH, CONTROL_FILE, controlRoutes, holdDataDir, readControl } from './control';
import { pruneBackups, backupName } from './job';
import { RestoreRefusedError, verifyBackup } from './restore';
import { readTar, TarWriter } from './tar';
import type { Query } from './snapshot';

/** This build's newest migration: what a backup of a database it migrated names. */
const NEWEST_MIGRATION = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort().at(-1);

const PG_URL = process.env.TEST_DATABASE_URL;
const engine = PG_URL ? 'PostgreSQL' : 'embedded (PGlite)';

/** The statistics the wall and the dashboard show, for a fixed period (today, so the orders written now count). */
const today = new Date().toISOString().slice(0, 10);
const period = { from: today, to: today, granularity: 'day' as const };
async function statistics(database: Pick<Database, 'query'>) {
  const repo = new StatsRepository(database as Database);
  return {
    countProjects: await repo.countProjects(),
    groupArea: await repo.groupArea(),
    groupWater: await repo.groupWater(),
    groupDevice: await repo.groupDevice(),
    brokenDevice: await repo.brokenDevice(),
    repairSpeed: await repo.repairSpeed(period),
    statOrders: await repo.statOrders({ ...period, page: 1, limit: 500 }),
  };
}
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** A new empty PostgreSQL database on the test server, or a new data folder. */
async function emptyTarget(work: string, name: string): Promise<{ config: ServerConfig; drop: () => Promise<void> }> {
  const dataDir = path.join(work, name);
  if (!PG_URL) return { config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), drop: async () => undefined };
  const db = `cascade_restore_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${db}`;
  return {
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: u.toString() }),
    drop: async () => {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Rewrites an archive's entries (the tests' way to make a damaged or a newer backup that is still a valid .tar.gz). */
async function rewrite(from: string, to: string, change: (name: string, data: Buffer) => Buffer): Promise<void> {
  const gzip = createGzip();
  const done = new Promise<void>((resolve) => gzip.pipe(createWriteStream(to)).on('close', () => resolve()));
  const tar = new TarWriter(gzip);
  for await (const entry of readTar(createReadStream(from).pipe(createGunzip()))) {
    const chunks: Buffer[] = [];
    for await (const c of entry.body) chunks.push(c);
    const data = change(entry.name, Buffer.concat(chunks));
    await tar.add(entry.name, data.length, data);
  }
  await tar.end();
  await done;
}

describe(`backup and restore on ${engine}`, () => {
  let t: TestApp;
  let admin: string;
  let work: string;
  let projectId: number;
  let equipmentId: number;
  let boards: { id: number }[];
  const uploaded: { id: number; bytes: Buffer }[] = [];
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'cascade-backup-test-'));
    t = await createTestApp({ dataDir: path.join(work, 'source'), filesDir: path.join(work, 'source/files'), backupDir: path.join(work, 'source/backups') });
    // On PostgreSQL the server knows its URL (DATABASE_URL): the job's backup connects with it.
    if (PG_URL) t.config.databaseUrl = await dbUrlOf(t);
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Backup park' });
    equipmentId = await seedEquipment(t, projectId, 'Pump B');
    boards = await seedBoards(t.database, projectId, 3, { prefix: 'BK' });
    for (const [name, bytes] of [
      ['plan.png', await pngBytes(80, 60, '#116699')],
      ['manual.pdf', PDF_BYTES],
      ['photo.png', await pngBytes(30, 30, '#aa3311')],
    ] as const) {
      const res = await upload(t, { token: admin, name, data: bytes, ownerType: 'fall_order' });
      expect(res.status).toBe(200);
      uploaded.push({ id: res.body.data.id, bytes });
    }
  });
  afterAll(async () => {
    await t?.close();
    for (const drop of drops) await drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** Orders through the API and board readings through the ingest, one after another until stopped; what was acknowledged when. */
  function startWriting() {
    const orders: number[] = [];
    let readings = 0;
    let stop = false;
    let n = 0;
    const priorities = ['low', 'normal', 'high', 'urgent'];
    const orderLoop = (async () => {
      while (!stop) {
        n++;
        const res = await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: `Leak ${n}`, projectId, equipmentId, priority: priorities[n % 4] } });
        if (res.status !== 200) throw new Error(`order save answered ${res.status}: ${JSON.stringify(res.body)}`);
        orders.push(res.body.data.id);
      }
    })();
    const readingLoop = (async () => {
      let v = 0;
      while (!stop) {
        v++;
        await Promise.all(boards.map((b) => t.app.readings.submit(b.id, Array.from({ length: 9 }, (_, i) => ({ ch: i + 1, switch: 0 as const, analog: 40 + ((v + i) % 20) })), 'http')));
        readings += boards.length;
      }
    })();
    return {
      acknowledged: () => ({ orders: [...orders], readings }),
      async stop() {
        stop = true;
        await Promise.all([orderLoop, readingLoop]);
      },
    };
  }

  const count = async (database: Database, sql: string, params: unknown[] = []) => Number((await database.query<{ n: number }>(sql, params))[0].n);

  const methods: BackupMethod[] = PG_URL ? ['pg_dump', 'logical'] : ['logical'];
  for (const method of methods) {
    it(`backs up while the server writes (${method}) and restores every acknowledged row, the counts, the statistics and the files`, async () => {
      const writing = startWriting();
      let atBackup: unknown = null;
      const file = path.join(work, `backup-${method}.tar.gz`);
      let before: { orders: number[]; readings: number };
      let manifest: BackupManifest;
      try {
        while (writing.acknowledged().orders.length < 8) await new Promise((r) => setTimeout(r, 20));
        before = writing.acknowledged();
        manifest = await createBackup({ database: t.database, url: PG_URL ? await dbUrlOf(t) : undefined, filesDir: t.config.filesDir, version: t.config.version }, file, {
          method,
          inSnapshot: async (q: Query) => {
            atBackup = await statistics({ query: q } as Database);
          },
        });
        // More writes after the backup: none of them may be needed, none may break the restore.
        const after = writing.acknowledged().orders.length;
        while (writing.acknowledged().orders.length < after + 3) await new Promise((r) => setTimeout(r, 20));
      } finally {
        await writing.stop();
      }

      expect(manifest.database.method).toBe(method);
      expect(manifest.migrations.newest).toBe(NEWEST_MIGRATION);
      expect(manifest.files).toMatchObject({ copied: 5, missing: [], notCopied: 0 }); // two images with thumbnails, one PDF
      expect(manifest.tables.fall_order.rows).toBeGreaterThanOrEqual(before.orders.length);

      const target = await emptyTarget(work, `restored-${method}`);
      drops.push(target.drop);
      const lines: string[] = [];
      expect(await restoreCommand([file], target.config, (l) => lines.push(l))).toBe(EXIT.ok);
      expect(lines.at(-1)).toContain('Every table matches the backup');

      // The server starts on it as on any database of this build.
      const restored = await openDatabase({ url: target.config.databaseUrl, dataDir: target.config.databaseUrl ? undefined : path.join(target.config.dataDir, 'pglite') });
      const app = await buildApp({ config: { ...target.config, logLevel: 'silent' }, database: restored });
      try {
        expect(await migrate(restored)).toEqual([]);
        for (const [table, { rows }] of Object.entries(manifest.tables)) {
          expect({ table, rows: await count(restored, `SELECT count(*)::int AS n FROM "${table}"`) }).toEqual({ table, rows });
        }
        const ids = await restored.query<{ id: number }>('SELECT id FROM fall_order WHERE id = ANY($1::int[])', [before.orders]);
        expect(ids.length).toBe(before.orders.length);
        const boardIds = boards.map((b) => b.id);
        expect(await count(restored, 'SELECT count(*)::int AS n FROM detect_reading WHERE detect_id = ANY($1::int[])', [boardIds])).toBeGreaterThanOrEqual(before.readings);
        // The statistics as they were in the backup's snapshot, through the restored server's API.
        await app.ready();
        const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
          const res = await app.inject({ method, url: `/api/ball/fallproject/${url}`, headers: { authorization: `Bearer ${admin}` }, payload: body as never });
          expect(res.statusCode).toBe(200);
          return JSON.parse(res.body).data;
        };
        const answers = {
          countProjects: await call('GET', 'countProjects'),
          groupArea: await call('GET', 'groupArea'),
          groupWater: await call('GET', 'groupWater'),
          groupDevice: await call('GET', 'groupDevice'),
          brokenDevice: await call('GET', 'brokenDevice'),
          repairSpeed: await call('POST', 'repairSpeedList', period),
          statOrders: await call('POST', 'statOrders', { ...period, page: 1, limit: 500 }),
        };
        expect(digest(answers)).toBe(digest(JSON.parse(JSON.stringify(atBackup))));
        expect((answers.statOrders as { total: number }).total).toBe(manifest.tables.fall_order.rows);
      } finally {
        await app.close();
        await restored.close();
      }
      // Uploaded files, byte for byte, where the restored rows say they are.
      for (const u of uploaded) {
        const [row] = await t.database.query<{ key: string }>('SELECT storage_key AS key FROM oss_file WHERE id = $1', [u.id]);
        expect((await readFile(path.join(target.config.filesDir, row.key))).equals(u.bytes)).toBe(true);
      }

      // Into the same target again: refused, it is not empty any more.
      const again: string[] = [];
      expect(await restoreCommand([file], target.config, (l) => again.push(l))).toBe(EXIT.refused);
      expect(again.join('\n')).toMatch(/already (holds a database|has tables).*--force/);
      // The restore makes and migrates a new embedded data folder: most of the time (100 s at load 25 on 2 cores).
    }, 240_000);
  }

  it('refuses a damaged backup (checksum or compression) and a backup of a newer schema, and writes nothing', async () => {
    const file = path.join(work, 'backup-refusals.tar.gz');
    await createBackup({ database: t.database, url: PG_URL ? await dbUrlOf(t) : undefined, filesDir: t.config.filesDir, version: t.config.version }, file, { method: 'logical' });
    const good = await verifyBackup(file);
    const target = await emptyTarget(work, 'refusals');
    drops.push(target.drop);
    const restore = async (f: string) => {
      const lines: string[] = [];
      const code = await restoreCommand([f], target.config, (l) => lines.push(l));
      return { code, text: lines.join('\n') };
    };

    // One byte of an uploaded file changed, in a valid archive: its checksum gives it away.
    const tampered = path.join(work, 'tampered.tar.gz');
    await rewrite(file, tampered, (name, data) => {
      if (!name.startsWith('files/') || name !== good.parts[1].path) return data;
      const copy = Buffer.from(data);
      copy[copy.length >> 1] ^= 0xff;
      return copy;
    });
    await expect(verifyBackup(tampered)).rejects.toThrow(RestoreRefusedError);
    expect(await restore(tampered)).toEqual({ code: EXIT.refused, text: expect.stringContaining(`${good.parts[1].path} does not match its checksum`) });

    // A row of the database part changed.
    const rowChanged = path.join(work, 'row-changed.tar.gz');
    await rewrite(file, rowChanged, (name, data) => (name === good.database.part ? Buffer.from(data.toString('utf8').replace('"Backup park"', '"Backup perk"')) : data));
    expect((await restore(rowChanged)).text).toContain(`${good.database.part} does not match its checksum`);

    // Bytes flipped in the compressed file itself.
    const bytes = await readFile(file);
    bytes[bytes.length >> 1] ^= 0x55;
    const flipped = path.join(work, 'flipped.tar.gz');
    await writeFile(flipped, bytes);
    expect(await restore(flipped)).toMatchObject({ code: EXIT.refused, text: expect.stringContaining('The backup is damaged') });

    // A backup whose schema has a migration this build does not know.
    const newer = path.join(work, 'newer.tar.gz');
    await rewrite(file, newer, (name, data) => {
      if (name !== MANIFEST) return data;
      const m = JSON.parse(data.toString('utf8')) as BackupManifest;
      m.migrations.applied.push('0999_from_a_newer_build.sql');
      m.migrations.newest = '0999_from_a_newer_build.sql';
      return Buffer.from(JSON.stringify(m));
    });
    expect(await restore(newer)).toEqual({
      code: EXIT.refused,
      text: expect.stringContaining(`The database was migrated by a newer Cascade: migration 0999_from_a_newer_build.sql is unknown to this build (its newest is ${NEWEST_MIGRATION})`),
    });

    // Nothing was written anywhere.
    if (PG_URL) {
      const target2 = await openDatabase({ url: target.config.databaseUrl });
      expect(await count(target2, `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).toBe(0);
      await target2.close();
    } else {
      expect(await readdir(target.config.dataDir).catch(() => [])).toEqual([]);
    }
    expect(await readdir(target.config.filesDir).catch(() => [])).toEqual([]);
  }, 60_000);

  it('the backup job keeps the newest backups, and is in the job list (paused) with its labels in both languages', async () => {
    const dir = path.join(work, 'pruned');
    await rm(dir, { recursive: true, force: true });
    const { mkdir } = await import('node:fs/promises');
    await mkdir(dir, { recursive: true });
    const names = [0, 1, 2, 3].map((d) => backupName(new Date(Date.UTC(2026, 10, 20 + d, 2, 15))));
    for (const n of [...names, 'keep-me.tar.gz']) await writeFile(path.join(dir, n), 'x');
    expect(await pruneBackups(dir, 2)).toEqual([names[1], names[0]]);
    expect((await readdir(dir)).sort()).toEqual([names[2], names[3], 'keep-me.tar.gz'].sort());

    const en = await t.call('POST', '/api/job/schedule/list', { token: admin, lang: 'en', body: { page: 1, limit: 50 } });
    const zh = await t.call('POST', '/api/job/schedule/list', { token: admin, lang: 'zh', body: { page: 1, limit: 50 } });
    const job = en.body.data.list.find((j: { handler: string }) => j.handler === 'backup');
    expect(job).toMatchObject({ name: 'Backup', cron: '15 2 * * *', status: 1, params: { keep: 7 } });
    expect(zh.body.data.list.find((j: { handler: string }) => j.handler === 'backup')).toMatchObject({ name: '备份' });

    const run = await t.call('POST', '/api/job/schedule/run', { token: admin, body: { id: job.id } });
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ success: true, result: { kept: 7, removed: [] } });
    const written = await readdir(t.config.backupDir);
    expect(written.filter((n) => n.startsWith('cascade-backup-'))).toHaveLength(1);
    await verifyBackup(path.join(t.config.backupDir, written.find((n) => n.startsWith('cascade-backup-'))!));
  }, 60_000);

  it.skipIf(Boolean(PG_URL))('npm run backup asks the running embedded server (control.json, loopback and its token) and never opens its folder', async () => {
    const dataDir = t.config.dataDir;
    const hold = await holdDataDir(dataDir, 'server');
    const server = await createTestApp({ dataDir, filesDir: t.config.filesDir }, (app) => controlRoutes(app, () => hold.info.token));
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      await hold.listening((server.app.server.address() as { port: number }).port);
      expect(await readControl(dataDir)).toMatchObject({ pid: process.pid, holder: 'server' });
      const mode = (await import('node:fs/promises')).stat(path.join(dataDir, CONTROL_FILE));
      expect((await mode).mode & 0o777).toBe(0o600);

      const lines: string[] = [];
      const file = path.join(work, 'from-server.tar.gz');
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, FILES_DIR: t.config.filesDir });
      expect(await backupCommand([file], config, (l) => lines.push(l))).toBe(EXIT.ok);
      expect(lines[0]).toContain('asking it for the backup');
      const manifest = await verifyBackup(file);
      expect(manifest.engine).toBe('pglite');
      expect(manifest.tables.sys_user.rows).toBeGreaterThan(0);

      const wrong = await fetch(`http://127.0.0.1:${hold.info.port}${CONTROL_BACKUP_PATH}`, { method: 'POST', headers: { 'x-cascade-control': 'not-the-token' } });
      expect(wrong.status).toBe(403);
      const none = await server.app.inject({ method: 'POST', url: CONTROL_BACKUP_PATH });
      expect(none.statusCode).toBe(403);
    } finally {
      await server.close();
      await hold.release();
    }
    expect(await readControl(dataDir)).toBeNull();

    // A folder another live process holds (here: this test's parent) is not opened by a restore.
    await writeFile(path.join(dataDir, CONTROL_FILE), JSON.stringify({ pid: process.ppid, holder: 'server', since: new Date().toISOString() }));
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(await restoreCommand([path.join(work, 'from-server.tar.gz')], config, (l) => lines.push(l))).toBe(EXIT.refused);
    expect(lines.join('\n')).toContain(`is in use by another process (server, pid ${process.ppid}`);
    await rm(path.join(dataDir, CONTROL_FILE));
  }, 60_000);
});

/** The test app's PostgreSQL URL (a fresh database per file on the test server). */
async function dbUrlOf(t: TestApp): Promise<string> {
  const [{ name }] = await t.database.query<{ name: string }>('SELECT current_database() AS name');
  const u = new URL(PG_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}
