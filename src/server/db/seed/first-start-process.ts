import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { migrate } from '../migrate';
import { bootstrapData } from './bootstrap';

/**
 * The first start's seeding, in its own process (first-start.ts starts it while the server waits with
 * its database closed or not yet opened): opens the database the server uses, migrates it, seeds it if
 * it is still empty, closes it and exits; what migrating and seeding used leaves with the process.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  try {
    const applied = await migrate(database);
    if (applied.length) process.stdout.write(`seed: ${applied.length} migrations applied\n`);
    const outcome = await bootstrapData(database, config, (line) => process.stdout.write(`seed: ${line}\n`));
    if (outcome === 'refused') throw new Error('production refuses to seed without ADMIN_PASSWORD');
    process.stdout.write(`seed: ${outcome === 'seeded' ? 'seeded' : 'found seeded already'} in process ${process.pid}\n`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`Cascade: seeding failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
