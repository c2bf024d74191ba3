import path from 'node:path';
import * as schema from './schema';
import { generate, readSnapshot, sameSnapshot, snapshotOf, SNAPSHOT_FILE } from './migration-gen';

/**
 * `npm run db:migration -- <name> [--number N]`: writes the migration that takes the database from
 * the committed snapshot to the Drizzle schema (`migrations/NNNN_<name>.sql`, the next free number
 * unless `--number` gives one) and moves the snapshot on. Nothing differs: says so, writes nothing.
 *
 * `npm run db:migration -- --snapshot-only`: after a hand-written migration, records the current
 * schema in the snapshot without writing SQL. `--check`: exit 1 when the snapshot is behind.
 */

const USAGE = `usage:
  npm run db:migration -- <name> [--number N]   write migrations/NNNN_<name>.sql from the Drizzle schema
  npm run db:migration -- --snapshot-only        record the schema in the snapshot, no SQL (after a hand-written migration)
  npm run db:migration -- --check                exit 1 if the snapshot is behind the Drizzle schema
`;

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const rel = (file: string) => path.relative(process.cwd(), file);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const numberAt = args.indexOf('--number');
  const number = numberAt >= 0 ? Number(args[numberAt + 1]) : undefined;
  if (numberAt >= 0 && !Number.isInteger(number)) fail(`--number needs a number\n${USAGE}`);
  const names = args.filter((a, i) => !a.startsWith('--') && !(numberAt >= 0 && i === numberAt + 1));
  const unknown = [...flags].filter((f) => !['--number', '--snapshot-only', '--check', '--help'].includes(f));
  if (flags.has('--help') || unknown.length || names.length > 1) fail(USAGE);
  const imports = schema as Record<string, unknown>;

  if (flags.has('--check')) {
    if (sameSnapshot(await readSnapshot(), snapshotOf(imports))) return out('the snapshot matches the Drizzle schema');
    process.stderr.write(`the Drizzle schema has changed since ${rel(SNAPSHOT_FILE)}: run npm run db:migration -- <name>\n`);
    process.exit(1);
  }
  const snapshotOnly = flags.has('--snapshot-only');
  if (!snapshotOnly && !names.length) fail(USAGE);

  const result = await generate({ imports, name: names[0], number, snapshotOnly });
  if (result.kind === 'nothing') {
    out('nothing to generate: the Drizzle schema matches the snapshot');
  } else if (result.kind === 'snapshot') {
    out(`${rel(result.snapshotFile)} updated, no migration written`);
    if (result.statements.length) {
      out('the snapshot now assumes a migration has made these changes (a hand-written one, or add them to one):');
      for (const s of result.statements) out(`  ${s.trim()}`);
    }
  } else {
    out(`wrote src/server/db/migrations/${result.file} (${result.statements.length} statement${result.statements.length === 1 ? '' : 's'}) and updated ${rel(SNAPSHOT_FILE)}:`);
    for (const s of result.statements) out(`  ${s.trim()}`);
    const drops = result.statements.filter((s) => /\bDROP\s+(TABLE|COLUMN)\b/i.test(s));
    if (drops.length) out('note: it drops tables or columns, and their data with them; read it before committing');
  }
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  // drizzle-kit asks whether a column or table that went while another came is a rename.
  if (/Interactive prompts require a TTY/.test(message)) {
    fail('a column or table was removed and another added: drizzle-kit asks whether it is a rename, which needs a terminal. Run the command in one, or make the change in two steps.');
  }
  fail(message);
});
