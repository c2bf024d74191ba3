import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../../config';
import type { Database } from '../client';
import { prepareData } from './bootstrap';

/**
 * A first start seeds in a process of its own (first-start-process.ts), before the server takes
 * requests. Seeding the demo data grew the server's heap and, on the embedded database, its
 * WebAssembly memory, which never shrinks: 20 s after a first start the idle server held 508 MB
 * against 225 MB after a restart (`npm run bench -- first-start`). On the embedded database only one
 * process may open the folder, and even the migrations of a new folder left the server 73 MB above
 * a restart when it ran them itself; so main.ts calls seedNewDataDir before it opens the database:
 * on a folder with no database yet the seeding process migrates and seeds it and exits, and the
 * server opens what it left. (Production without ADMIN_PASSWORD is left to the server's refusal.)
 */
export async function seedNewDataDir(config: ServerConfig): Promise<void> {
  if (config.databaseUrl || existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) return;
  if (config.production && !config.adminPassword) return;
  await seedInOwnProcess();
}

/**
 * The server's start-up data step (main.ts), on a database it has opened and migrated: prepareData
 * and, on an empty database (a first start on PostgreSQL), the seeding in its own process with the
 * server's database closed meanwhile, then opened again with `open`. The database to go on with is
 * returned; 'refused' as in prepareData.
 */
export async function startData(
  database: Database,
  config: ServerConfig,
  open: () => Promise<Database>,
  log: (line: string) => void,
): Promise<{ database: Database; outcome: 'present' | 'seeded' | 'refused' }> {
  const found = await prepareData(database, config, log);
  if (found !== 'empty') return { database, outcome: found };
  await database.close();
  await seedInOwnProcess();
  return { database: await open(), outcome: 'seeded' };
}

/** Node options a child must not inherit: a second inspector on the same port, a second CPU profile. */
const NOT_INHERITED = /^--(inspect|cpu-prof|heap-prof|prof)/;

/**
 * Runs first-start-process in a child node with this process's environment and node options (the
 * TypeScript loader when the server runs from its sources, the V8 flags) and its output; rejects when
 * it fails.
 */
function seedInOwnProcess(): Promise<void> {
  const here = fileURLToPath(import.meta.url);
  const script = path.join(path.dirname(here), `first-start-process${path.extname(here)}`);
  const child = spawn(process.execPath, [...process.execArgv.filter((a) => !NOT_INHERITED.test(a)), script], { stdio: 'inherit' });
  // A stop asked for while seeding stops the seeding too (the server has not installed its own handlers yet).
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      if (code === 0) resolve();
      else reject(new Error(`the first start's seeding ${signal ? `was stopped (${signal})` : `failed (exit code ${code})`}`));
    });
  });
}
