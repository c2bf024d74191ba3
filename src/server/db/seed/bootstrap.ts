import type { ServerConfig } from '../../config';
import type { Database } from '../client';
import { seedBase } from './base';
import { syncMenus } from './menu-sync';
import { seedDemo } from './demo';
import { seedScenes } from '../../modules/scenes/scenes.seed';
import { restoreIndexes, restoreStatsTriggers } from './seed-sql';

/**
 * What every start does before seeding is decided: what a killed bulk load (seed:large) left undone
 * is put right first (its dropped order indexes and its statistics triggers, off while it ran); then,
 * on a database already seeded, the menus and buttons of the resource registry are synced in
 * (menu-sync.ts), so a new screen reaches it. 'empty': nothing seeded yet (seedEmpty seeds it);
 * 'refused': empty, but production refuses to invent an admin password.
 */
export async function prepareData(
  database: Database,
  config: ServerConfig,
  log: (line: string) => void = () => undefined,
): Promise<'present' | 'empty' | 'refused'> {
  await restoreIndexes(database);
  await restoreStatsTriggers(database);
  const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM sys_user');
  if (n > 0) {
    const synced = await syncMenus(database);
    if (synced.inserted || synced.updated) log(`menus: ${synced.inserted} added, ${synced.updated} updated from the registry`);
    return 'present';
  }
  return config.production && !config.adminPassword ? 'refused' : 'empty';
}

/**
 * First start on an empty database: the base data (menus, roles, dictionaries, settings, admin),
 * and in demo mode the demo users and data, and the wall's default scenes. The server runs this in a
 * process of its own (first-start.ts), so what seeding used is not held by the server afterwards.
 */
export async function seedEmpty(database: Database, config: ServerConfig, log: (line: string) => void = () => undefined): Promise<void> {
  await seedBase(database, { adminPassword: config.adminPassword ?? 'admin123', demoUsers: config.demo });
  if (config.demo) await seedDemo(database, { filesDir: config.filesDir, log });
  // The wall's default scenes belong to every installation, demo or not.
  await seedScenes(database);
}

/** prepareData, then seedEmpty on an empty database, in this process (the tests, the seeding's own process). */
export async function bootstrapData(
  database: Database,
  config: ServerConfig,
  log: (line: string) => void = () => undefined,
): Promise<'seeded' | 'present' | 'refused'> {
  const found = await prepareData(database, config, log);
  if (found !== 'empty') return found;
  await seedEmpty(database, config, log);
  return 'seeded';
}
