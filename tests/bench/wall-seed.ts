// Seeds a wall-load benchmark data folder with the demo data once (run through tsx by wall-load.bench.mjs).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { openPglite } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedBase } from '../../src/server/db/seed/base';
import { seedDemo } from '../../src/server/db/seed/demo';

const dataDir = path.resolve(process.argv[2] ?? 'tmp/bench-wall');
await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
const database = await openPglite(path.join(dataDir, 'pglite'));
await migrate(database);
const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM fall_project');
if (n === 0) {
  const [{ users }] = await database.query<{ users: number }>('SELECT count(*)::int AS users FROM sys_user');
  if (users === 0) await seedBase(database, { adminPassword: 'admin123', demoUsers: true });
  await seedDemo(database, { filesDir: path.join(dataDir, 'files') });
}
await database.close();
