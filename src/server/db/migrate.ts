import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The database was migrated by a newer build than this one: its code does not know every migration
 * the database has had, so it would run against tables it does not understand (an older build
 * started after an upgrade). Refused before anything is written; docs/upgrade.md says how to roll back.
 */
export class SchemaNewerError extends Error {
  constructor(readonly unknown: string[], readonly newestKnown: string | undefined) {
    super(
      `The database was migrated by a newer Cascade: ${unknown.length === 1 ? 'migration' : 'migrations'} ${unknown.join(', ')} ` +
        `${unknown.length === 1 ? 'is' : 'are'} unknown to this build (its newest is ${newestKnown ?? 'none'}). ` +
        'Start the newer build again, or restore the backup taken before the upgrade (docs/upgrade.md).',
    );
    this.name = 'SchemaNewerError';
  }
}

/** The migration files of this build (or of `dir`), in the order they run. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

/** Refuses a schema (a database's, a backup's) that had migrations these files do not know. */
export function assertKnownMigrations(done: Iterable<string>, files: string[]): void {
  const known = new Set(files);
  const unknown = [...done].filter((name) => !known.has(name)).sort();
  if (unknown.length) throw new SchemaNewerError(unknown, files.at(-1));
}

/**
 * Applies the numbered SQL files in migrations/ that have not run yet, each in its own transaction.
 * An advisory lock keeps two instances starting together from applying the same file twice.
 */
export async function migrate(database: Database, options: { before?: string; dir?: string } = {}): Promise<string[]> {
  // `dir`: another folder of migrations (the generator's tests apply a generated file from a copy).
  const dir = options.dir ?? MIGRATIONS_DIR;
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name varchar(128) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  // `before` stops at a file (its name's start): tests of a migration load the rows it has to deal with first.
  const before = options.before;
  const files = (await migrationFiles(dir)).filter((f) => !before || f < before);
  const applied: string[] = [];
  await database.query('SELECT pg_advisory_lock(7700)');
  try {
    const done = new Set((await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    if (!before) assertKnownMigrations(done, files);
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(dir, file), 'utf8');
      const name = file.replace(/'/g, "''");
      await database.exec(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations(name) VALUES ('${name}');\nCOMMIT;`);
      applied.push(file);
    }
  } catch (err) {
    await database.exec('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await database.query('SELECT pg_advisory_unlock(7700)');
  }
  return applied;
}
