// The seed:large data set the statistics and order-list benchmarks run on: the PGlite folder (made
// once, minutes; reused after) and the real app on it with a signed-in admin.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedBase } from '../../src/server/db/seed/base';
import { seedLarge } from '../../src/server/db/seed/large';
import { newToken } from '../../src/server/lib/password';
import { sysSession } from '../../src/server/db/schema';

/** The seed:large folder, made once (minutes) and reused: later runs only apply new migrations. */
export async function openLarge(dir: string, log: (s: string) => void): Promise<Database> {
  const marker = path.join(dir, 'SEEDED');
  if (!existsSync(marker)) {
    await mkdir(dir, { recursive: true });
    const database = await openPglite(path.join(dir, 'pglite'));
    await migrate(database);
    await seedBase(database, { adminPassword: 'admin123', demoUsers: false });
    const summary = await seedLarge(database, { log });
    await database.exec('VACUUM ANALYZE');
    await database.close();
    await writeFile(marker, JSON.stringify(summary));
    log(`seeded ${JSON.stringify(summary)}`);
  }
  const database = await openPglite(path.join(dir, 'pglite'));
  if ((await migrate(database)).length) await database.exec('VACUUM ANALYZE');
  return database;
}

/** The app on the seed:large folder, called through app.inject with `token`, an admin session. */
export async function openLargeApp(dir: string, log: (s: string) => void) {
  const database = await openLarge(dir, log);
  const config = { ...loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: path.join(dir, 'data') }), logLevel: 'silent' };
  const app = await buildApp({ config, database });
  await app.ready();
  const [admin] = await database.query<{ id: number }>("SELECT id FROM sys_user WHERE username = 'admin'");
  const { token, hash } = newToken();
  await database.db.insert(sysSession).values({ tokenHash: hash, userId: admin.id, kind: 'user', expiresAt: new Date(Date.now() + 3600_000) });
  return {
    app,
    database,
    token,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
