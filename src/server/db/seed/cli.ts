import { mkdir } from 'node:fs/promises';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { migrate } from '../migrate';
import { seedBase } from './base';
import { seedDemo } from './demo';
import { seedLarge } from './large';

/**
 * `npm run seed:demo` / `npm run seed:large`: opens the database the server would use (DATABASE_URL,
 * or the PGlite folder under DATA_DIR), migrates, seeds the base data if the database is empty
 * (admin password from ADMIN_PASSWORD, admin123 otherwise) and then the demo or benchmark data.
 */
async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode !== 'demo' && mode !== 'large') {
    process.stderr.write('usage: tsx src/server/db/seed/cli.ts demo|large\n');
    process.exit(2);
  }
  const config = loadConfig();
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const applied = await migrate(database);
    if (applied.length) out(`migrations applied: ${applied.join(', ')}`);
    const based = await seedBase(database, { adminPassword: config.adminPassword ?? 'admin123', demoUsers: mode === 'demo' || config.demo });
    if (based) out('base data seeded (admin, roles, menus, dictionaries, settings)');
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/pglite`;
    if (mode === 'demo') {
      const summary = await seedDemo(database, { filesDir: config.filesDir, log: out });
      out(summary ? `demo data seeded on ${where}: ${JSON.stringify(summary)}` : 'projects exist already: demo data left as it is');
    } else {
      out(`seeding benchmark data on ${where} …`);
      const summary = await seedLarge(database, { log: out });
      out(`benchmark data seeded: ${JSON.stringify(summary)}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  process.stderr.write(`seed failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
