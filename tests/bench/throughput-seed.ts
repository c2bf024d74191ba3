// Seeds the throughput benchmark's database once with the demo data (run through tsx by
// throughput.bench.mjs): a PGlite data folder (argument: the folder) or a PostgreSQL database
// (argument: its URL). What a first start of the server would do, without keeping that process's
// seeding peak in the memory figures.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedBase } from '../../src/server/db/seed/base';
import { seedDemo } from '../../src/server/db/seed/demo';
import { seedScenes } from '../../src/server/modules/scenes/scenes.seed';

const target = process.argv[2] ?? 'tmp/bench-throughput';
const url = /^postgres(ql)?:\/\//.test(target) ? target : undefined;
const dataDir = url ? undefined : path.resolve(target);
if (dataDir) await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
const database = await openDatabase({ url, dataDir: dataDir && path.join(dataDir, 'pglite') });
await migrate(database);
const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM fall_project');
if (n === 0) {
  const [{ users }] = await database.query<{ users: number }>('SELECT count(*)::int AS users FROM sys_user');
  if (users === 0) await seedBase(database, { adminPassword: 'admin123', demoUsers: true });
  await seedDemo(database, { filesDir: path.join(dataDir ?? 'tmp/bench-throughput-pg', 'files') });
  await seedScenes(database);
}
await database.close();
