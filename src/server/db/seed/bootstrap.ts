import type { ServerConfig } from '../../config';
import type { Database } from '../client';
import { seedBase } from './base';
import { syncMenus } from './menu-sync';
import { seedDemo } from './demo';
import { seedScenes } from '../../modules/scenes/scenes.seed';
import { restoreIndexes, restoreStatsTriggers } from './seed-sql';

/**
 * First start on an empty database: the base data (menus, roles, dictionaries, settings, admin),
 * and in demo mode the demo users and data. Production refuses to invent an admin password. On every
 * start, what a killed bulk load (seed:large) left undone is put right first: its dropped order
 * indexes and its statistics triggers, off while it ran. Then, on a database already seeded, the
 * menus and buttons of the resource registry are synced in (menu-sync.ts): a new screen reaches it.
 */
export async function bootstrapData(
  database: Database,
  config: ServerConfig,
  log: (line: string) => void = () => undefined,
): Promise<'seeded' | 'present' | 'refused'> {
  await restoreIndexes(database);
  await restoreStatsTriggers(database);
  const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM sys_user');
  if (n > 0) {
    const synced = await syncMenus(database);
    if (synced.inserted || synced.updated) log(`menus: ${synced.inserted} added, ${synced.updated} updated from the registry`);
    return 'present';
  }
  if (config.production && !config.adminPassword) return 'refused';
  const adminPassword = config.adminPassword ?? 'admin123';
  await seedBase(database, { adminPassword, demoUsers: config.demo });
  if (config.demo) await seedDemo(database, { filesDir: config.filesDir, log });
  // The wall's default scenes belong to every installation, demo or not.
  await seedScenes(database);
  return 'seeded';
}
