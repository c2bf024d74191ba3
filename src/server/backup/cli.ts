import { loadConfig } from '../config';
import { backupCommand, restoreCommand } from './commands';

/** `npm run backup -- FILE` and `npm run restore -- FILE` (docs/backup.md). */
const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const out = (line: string) => process.stdout.write(`${line}\n`);
const run = command === 'backup' ? backupCommand : command === 'restore' ? restoreCommand : null;
if (!run) {
  out('usage: tsx src/server/backup/cli.ts backup|restore FILE');
  process.exit(64);
}
process.exit(await run(args, config, out));
