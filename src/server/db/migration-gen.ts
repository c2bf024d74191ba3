import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { MIGRATIONS_DIR } from './migrate';

/**
 * Migrations generated from the Drizzle schema (`npm run db:migration -- <name>`, docs/adding-a-resource.md).
 *
 * The Drizzle tables (`schema/*.ts`) are the one place a column or a table is written by hand. A
 * committed snapshot (`migrations/schema-snapshot.json`) holds what the migrations have made of
 * them so far; drizzle-kit compares the snapshot with the current schema and writes the SQL for the
 * difference, which becomes the next numbered migration, and the snapshot moves on. The snapshot
 * only covers what Drizzle declares: tables, columns, defaults, primary, unique and foreign keys,
 * indexes and checks declared in Drizzle. What the hand-written migrations add besides (partial
 * indexes, triggers, functions, tables the code reads only through SQL) is outside it, so the
 * generator never touches it.
 *
 * Used by `migration-cli.ts` and by the tests (`migration-gen.test.ts`); drizzle-kit is a
 * development dependency, so the server never imports this file.
 */

export type Snapshot = ReturnType<typeof generateDrizzleJson>;

export const SNAPSHOT_FILE = path.join(MIGRATIONS_DIR, 'schema-snapshot.json');

/** The command that brings the snapshot up to date, named in every message that asks for it. */
export const COMMAND = 'npm run db:migration -- <name>';

const NIL_ID = '00000000-0000-0000-0000-000000000000';
const NAMEDATALEN = 64;

/**
 * PostgreSQL's makeObjectName (src/backend/commands/indexcmds.c): `<name1>_<name2>_<label>`, the two
 * names clipped (the longer one first) so the whole fits in 63 bytes.
 */
export function postgresObjectName(name1: string, name2: string, label: string): string {
  const overhead = label.length + 1 + (name2 ? 1 : 0);
  const avail = NAMEDATALEN - 1 - overhead;
  let n1 = Buffer.byteLength(name1);
  let n2 = Buffer.byteLength(name2);
  while (n1 + n2 > avail) {
    if (n1 > n2) n1--;
    else n2--;
  }
  const clip = (s: string, bytes: number) => {
    let out = s;
    while (Buffer.byteLength(out) > bytes) out = out.slice(0, -1);
    return out;
  };
  return [clip(name1, n1), ...(name2 ? [clip(name2, n2)] : []), label].join('_');
}

interface ForeignKey { name: string; tableFrom: string; columnsFrom: string[]; tableTo: string; columnsTo: string[] }
interface Unique { name: string; columns: string[] }
interface CompositePk { name: string; columns: string[] }
/** The parts of a snapshot's table this file and its tests read. */
export interface TableJson {
  name: string;
  foreignKeys: Record<string, ForeignKey>;
  uniqueConstraints: Record<string, Unique>;
  compositePrimaryKeys: Record<string, CompositePk>;
  indexes: Record<string, unknown>;
  checkConstraints: Record<string, unknown>;
}

export function tablesOfSnapshot(snapshot: Snapshot): TableJson[] {
  return Object.values(snapshot.tables) as unknown as TableJson[];
}

function renamed<T extends { name: string }>(entries: Record<string, T>, rename: (value: T) => string | undefined): Record<string, T> {
  return Object.fromEntries(
    Object.values(entries).map((value) => {
      const name = rename(value) ?? value.name;
      return [name, { ...value, name }];
    }),
  );
}

/**
 * Drizzle names a constraint it was not given a name for `<table>_<columns>_fk` / `_unique` / `_pk`;
 * PostgreSQL names the same constraint written in SQL without a name `<table>_<columns>_fkey` /
 * `_key` / `<table>_pkey`, and that is what the hand-written migrations made. The snapshot uses
 * PostgreSQL's names, so a generated DROP CONSTRAINT names the constraint the database has
 * (`migration-gen.test.ts` checks every name in the snapshot exists in the migrated database), and
 * a generated constraint is named as a hand-written one would be. A name given in Drizzle is kept.
 */
function withPostgresNames(table: TableJson): TableJson {
  const t = table.name;
  return {
    ...table,
    foreignKeys: renamed(table.foreignKeys, (fk) =>
      fk.name === `${fk.tableFrom}_${fk.columnsFrom.join('_')}_${fk.tableTo}_${fk.columnsTo.join('_')}_fk`
        ? postgresObjectName(t, fk.columnsFrom.join('_'), 'fkey')
        : undefined,
    ),
    uniqueConstraints: renamed(table.uniqueConstraints, (u) =>
      u.name === `${t}_${u.columns.join('_')}_unique` ? postgresObjectName(t, u.columns.join('_'), 'key') : undefined,
    ),
    compositePrimaryKeys: renamed(table.compositePrimaryKeys, (pk) =>
      pk.name === `${t}_${pk.columns.join('_')}_pk` ? postgresObjectName(t, '', 'pkey') : undefined,
    ),
  };
}

/** Objects with their keys sorted, all the way down: the snapshot file reads the same however the schema is ordered. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** The snapshot of a Drizzle schema module (its exports: tables, and anything else, which is ignored). */
export function snapshotOf(imports: Record<string, unknown>): Snapshot {
  const json = generateDrizzleJson(imports);
  const tables = Object.fromEntries(
    Object.entries(json.tables).map(([key, table]) => [key, withPostgresNames(table as unknown as TableJson)]),
  );
  // drizzle-kit gives every snapshot a random id (its own migration folders chain them); ours are
  // compared by content, so the ids are fixed and the file changes only when the schema does.
  // Not sorted here: a new table's columns are created in the order the Drizzle table lists them.
  return { ...json, tables, id: NIL_ID, prevId: NIL_ID } as Snapshot;
}

export function snapshotText(snapshot: Snapshot): string {
  return `${JSON.stringify(sorted(snapshot), null, 2)}\n`;
}

export function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return snapshotText(a) === snapshotText(b);
}

export async function readSnapshot(file = SNAPSHOT_FILE): Promise<Snapshot> {
  return JSON.parse(await readFile(file, 'utf8')) as Snapshot;
}

/** The SQL statements that take a database from `prev` to `cur` (drizzle-kit's differ). */
export async function statementsBetween(prev: Snapshot, cur: Snapshot): Promise<string[]> {
  return generateMigration(prev, cur);
}

const NAME = /^[a-z][a-z0-9_]{0,60}$/;

/**
 * `NNNN_<name>.sql`: the number given, or the one after the highest in the folder. A number already
 * used is refused (migrate.ts applies files by name, so two with one number would both run, in an
 * order nobody chose).
 */
export function migrationFileName(existing: string[], name: string, number?: number): string {
  if (!NAME.test(name)) throw new Error(`migration name "${name}": lower-case letters, digits and _ only, starting with a letter`);
  const numbers = existing.map((f) => /^(\d{4})_.*\.sql$/.exec(f)?.[1]).filter((n): n is string => !!n).map(Number);
  const n = number ?? Math.max(0, ...numbers) + 1;
  if (!Number.isInteger(n) || n < 1 || n > 9999) throw new Error(`migration number ${number}: 1 to 9999`);
  if (numbers.includes(n)) throw new Error(`migration number ${String(n).padStart(4, '0')} is taken: ${existing.find((f) => f.startsWith(`${String(n).padStart(4, '0')}_`))}`);
  return `${String(n).padStart(4, '0')}_${name}.sql`;
}

/**
 * The migration file: a header, then drizzle-kit's statements one after another. migrate.ts runs a
 * file as one multi-statement script inside its own transaction, so no `--> statement-breakpoint`
 * markers (drizzle-kit's own folders need them; its API does not add them).
 */
export function migrationText(file: string, statements: string[]): string {
  const body = statements.map((s) => s.trim().replace(/;?$/, ';')).join('\n');
  return [
    `-- ${file}: generated by \`npm run db:migration\` from the Drizzle schema (src/server/db/schema).`,
    '-- Say here why the change is made. Statements the generator cannot know (moving data, a partial',
    '-- index, a trigger) may be added by hand below; the snapshot already describes the schema after it.',
    body,
    '',
  ].join('\n');
}

export interface GenerateOptions {
  /** The Drizzle schema module's exports. */
  imports: Record<string, unknown>;
  migrationsDir?: string;
  snapshotFile?: string;
  /** The migration's name (`warranty_note`); required unless `snapshotOnly`. */
  name?: string;
  /** The migration's number; default: the next free one. */
  number?: number;
  /** Write the snapshot of the current schema and no migration (after a hand-written migration). */
  snapshotOnly?: boolean;
}

export type GenerateResult =
  | { kind: 'nothing' }
  | { kind: 'snapshot'; snapshotFile: string; statements: string[] }
  | { kind: 'migration'; file: string; statements: string[] };

/**
 * Compares the schema with the snapshot. Nothing differs: writes nothing. Otherwise writes the next
 * migration and the new snapshot, or (`snapshotOnly`, or a difference that needs no SQL, such as a
 * constraint's declared order) the snapshot alone.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const snapshotFile = options.snapshotFile ?? SNAPSHOT_FILE;
  const cur = snapshotOf(options.imports);
  const prev = await readSnapshot(snapshotFile).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' && options.snapshotOnly) return undefined;
    throw err;
  });
  if (!prev) {
    await writeFile(snapshotFile, snapshotText(cur));
    return { kind: 'snapshot', snapshotFile, statements: [] };
  }
  if (sameSnapshot(prev, cur)) return { kind: 'nothing' };
  const statements = await statementsBetween(prev, cur);
  if (options.snapshotOnly || !statements.length) {
    await writeFile(snapshotFile, snapshotText(cur));
    return { kind: 'snapshot', snapshotFile, statements };
  }
  if (!options.name) throw new Error(`the schema differs from the snapshot: name the migration (${COMMAND})`);
  const file = migrationFileName(await readdir(migrationsDir), options.name, options.number);
  await writeFile(path.join(migrationsDir, file), migrationText(file, statements), { flag: 'wx' });
  await writeFile(snapshotFile, snapshotText(cur));
  return { kind: 'migration', file, statements };
}
