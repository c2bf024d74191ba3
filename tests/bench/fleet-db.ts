// The fleet bench's database side (run through tsx by fleet.bench.mjs):
//   seed  <pglite dir | postgres url> <boards> <projectKey> <boardKey>: a fresh migrated database with one project and N boards, online;
//         prints the boards (id, boardNo) as JSON
//   add   <pglite dir | postgres url> <boards> <boardKey>: N boards more on the first project of a seeded database;
//         prints its unique key and the boards as JSON
//   count <pglite dir | postgres url> <projectKey>: readings stored for that project's boards, as JSON on stdout
import { mkdir, rm } from 'node:fs/promises';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedBase } from '../../src/server/db/seed/base';
import { seedBoards } from '../../src/server/modules/operations/detect/board-fixtures';

const [mode, target, ...rest] = process.argv.slice(2);
const isUrl = /^postgres(ql)?:\/\//.test(target ?? '');

async function open(fresh: boolean): Promise<Database> {
  if (!isUrl) {
    if (fresh) await rm(target, { recursive: true, force: true });
    await mkdir(target, { recursive: true });
    return openPglite(target);
  }
  if (fresh) {
    const url = new URL(target);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
  }
  return openPostgres(target, 2);
}

if (mode === 'seed') {
  const [boards, projectKey, boardKey] = rest;
  const database = await open(true);
  await migrate(database);
  await seedBase(database, { adminPassword: 'admin123', demoUsers: false });
  const [project] = await database.query<{ id: number }>(`INSERT INTO fall_project (name, unique_key) VALUES ('Fleet bench', $1) RETURNING id`, [projectKey]);
  // Poll period 60 s: a board counts as offline after 3 minutes of silence, never during the run.
  const seeded = await seedBoards(database, project.id, Number(boards), { prefix: 'F', key: boardKey, pollSeconds: 60 });
  // Live already (the steady state: 1,000 boards reporting), so readings take the batch path from the start.
  await database.query(`UPDATE fall_detect SET online = true, last_seen = now() WHERE project_id = $1`, [project.id]);
  await database.close();
  // The bench matches the stream's events (which name board ids) with what it published (board numbers).
  process.stdout.write(`${JSON.stringify(seeded)}\n`);
} else if (mode === 'add') {
  // N more boards on the first demo project (the wall soak: the demo's walls with a fleet reporting).
  const [boards, boardKey] = rest;
  const database = await open(false);
  const [project] = await database.query<{ id: number; key: string }>(
    `SELECT id, unique_key AS key FROM fall_project WHERE archived_at IS NULL AND unique_key IS NOT NULL ORDER BY id LIMIT 1`,
  );
  const seeded = await seedBoards(database, project.id, Number(boards), { prefix: 'F', key: boardKey, pollSeconds: 60 });
  await database.query(`UPDATE fall_detect SET online = true, last_seen = now() WHERE project_id = $1 AND board_no LIKE 'F%'`, [project.id]);
  await database.close();
  process.stdout.write(`${JSON.stringify({ projectKey: project.key, boards: seeded })}\n`);
} else if (mode === 'count') {
  const [projectKey] = rest;
  const database = await open(false);
  const [row] = await database.query<{ stored: number; boards: number }>(
    `SELECT count(*)::int AS stored, count(DISTINCT r.detect_id)::int AS boards FROM detect_reading r
       JOIN fall_detect d ON d.id = r.detect_id JOIN fall_project p ON p.id = d.project_id
      WHERE p.unique_key = $1 AND r.source = 'mqtt'`,
    [projectKey],
  );
  process.stdout.write(`${JSON.stringify(row)}\n`);
  await database.close();
} else {
  process.stderr.write('usage: fleet-db.ts seed|add|count …\n');
  process.exit(2);
}
