// Seeds a wall-load benchmark data folder with the demo data once (run through tsx by wall-load.bench.mjs
// and wall-soak.bench.mjs). With a second argument, a postgres:// URL, seeds that database (created
// anew) instead, keeping uploaded files in the folder.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedBase } from '../../src/server/db/seed/base';
import { seedDemo } from '../../src/server/db/seed/demo';

const dataDir = path.resolve(process.argv[2] ?? 'tmp/bench-wall');
const url = process.argv[3];

async function open(): Promise<Database> {
  if (!url) {
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    return openPglite(path.join(dataDir, 'pglite'));
  }
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  return openPostgres(url, 2);
}

const database = await open();
await migrate(database);
const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM fall_project');
if (n === 0) {
  const [{ users }] = await database.query<{ users: number }>('SELECT count(*)::int AS users FROM sys_user');
  if (users === 0) await seedBase(database, { adminPassword: 'admin123', demoUsers: true });
  await seedDemo(database, { filesDir: path.join(dataDir, 'files') });
}
await database.close();
