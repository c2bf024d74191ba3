import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedBase } from '../../src/server/db/seed/base';

export const TEMPLATE_FILE = path.resolve('tmp/test-template.tar.gz');
/** One template per checkout: two clones running test:pg at once must not drop each other's template. */
export const PG_TEMPLATE = `cascade_test_template_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8)}`;
export const ADMIN_PASSWORD = 'admin123';

/** Builds the template once per run (vitest globalSetup): migrated, with the base and demo users seeded. */
export async function buildTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, PG_TEMPLATE), 2);
    await migrate(database);
    await seedBase(database, { adminPassword: ADMIN_PASSWORD, demoUsers: true });
    await database.close();
    return;
  }
  const database = await openPglite();
  await migrate(database);
  await seedBase(database, { adminPassword: ADMIN_PASSWORD, demoUsers: true });
  const dump = await (database as Database & { raw: PGlite }).raw.dumpDataDir('gzip');
  await mkdir(path.dirname(TEMPLATE_FILE), { recursive: true });
  await writeFile(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh database for one test file: a PGlite copy of the template, or a new PostgreSQL database. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `cascade_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, name), 4);
    return {
      database,
      drop: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const database = await openPglite(new Blob([await readFile(TEMPLATE_FILE)]));
  return { database, drop: () => database.close() };
}
