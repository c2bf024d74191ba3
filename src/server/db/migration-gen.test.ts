import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { migrate, MIGRATIONS_DIR } from './migrate';
import * as schema from './schema';
import { generate, migrationFileName, postgresObjectName, readSnapshot, sameSnapshot, snapshotOf, statementsBetween, tablesOfSnapshot, type Snapshot } from './migration-gen';
import { freshDatabase } from '../../../tests/helpers/test-db';
import { databaseColumns, declaredProblems, tablesOf, undeclaredProblems } from '../../../tests/helpers/schema-drift';

/**
 * Migrations generated from the Drizzle schema (migration-gen.ts, `npm run db:migration`): the
 * committed snapshot is the schema as it is, its constraint names are the database's, and a change
 * made to a copy of the schema generates a migration that the migrated database takes and after
 * which the schema-drift checks hold. Runs on both engines (PostgreSQL under vitest.pg.config.ts).
 */

const SCHEMA_DIR = path.join(path.dirname(MIGRATIONS_DIR), 'schema');

describe('the committed schema snapshot', () => {
  it('equals the Drizzle schema (a Drizzle edit comes with its generated migration)', async () => {
    const committed = await readSnapshot();
    const current = snapshotOf(schema);
    const pending = sameSnapshot(committed, current) ? [] : await statementsBetween(committed, current);
    expect(
      sameSnapshot(committed, current),
      `src/server/db/schema changed since src/server/db/migrations/schema-snapshot.json: run \`npm run db:migration -- <name>\` ` +
        `to write the migration (or \`npm run db:migration -- --snapshot-only\` after writing it by hand). Pending: ${pending.join(' ') || 'no SQL'}`,
    ).toBe(true);
  });
});

describe('migration file names', () => {
  const files = ['0001_identity.sql', '0016_equipment_state.sql', '0018_language.sql', 'schema-snapshot.json'];
  it('takes the number after the highest', () => {
    expect(migrationFileName(files, 'warranty_note')).toBe('0019_warranty_note.sql');
  });
  it('takes a free number it is given, refuses a taken one and a bad name', () => {
    expect(migrationFileName(files, 'gap', 17)).toBe('0017_gap.sql');
    expect(() => migrationFileName(files, 'again', 18)).toThrow(/0018 is taken: 0018_language.sql/);
    expect(() => migrationFileName(files, 'Bad-Name')).toThrow(/lower-case/);
  });
});

/** Every constraint and index the snapshot names exists in the database under that name, on its table. */
async function missingNames(database: Database, snapshot: Snapshot): Promise<string[]> {
  const have = new Set(
    (
      await database.query<{ t: string; n: string }>(
        `SELECT conrelid::regclass::text AS t, conname AS n FROM pg_constraint WHERE connamespace = 'public'::regnamespace
         UNION ALL SELECT tablename AS t, indexname AS n FROM pg_indexes WHERE schemaname = 'public'`,
      )
    ).map((r) => `${r.t}.${r.n}`),
  );
  const missing: string[] = [];
  for (const table of tablesOfSnapshot(snapshot)) {
    const names = [
      ...Object.keys(table.foreignKeys),
      ...Object.keys(table.uniqueConstraints),
      ...Object.keys(table.compositePrimaryKeys),
      ...Object.keys(table.indexes),
      ...Object.keys(table.checkConstraints),
    ];
    for (const n of names) if (!have.has(`${table.name}.${n}`)) missing.push(`${table.name}.${n}`);
  }
  return missing;
}

describe('migrations generated from the Drizzle schema', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let work: string;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    // Inside the checkout (tmp/ is ignored), so the copied schema resolves drizzle-orm from node_modules.
    await mkdir(path.resolve('tmp'), { recursive: true });
    work = await mkdtemp(path.resolve('tmp/migration-gen-'));
    await cp(SCHEMA_DIR, path.join(work, 'schema'), { recursive: true });
    await cp(MIGRATIONS_DIR, path.join(work, 'migrations'), { recursive: true });
  });
  afterAll(async () => {
    await drop?.();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('names every constraint of the snapshot as the migrated database does', async () => {
    expect(await missingNames(database, await readSnapshot())).toEqual([]);
  });

  it('clips long constraint names as PostgreSQL does', async () => {
    const table = 'fall_equipment_warranty_claim_history_entry';
    const column = 'equipment_information_record_id';
    await database.exec(`CREATE TABLE ${table} (id serial PRIMARY KEY, ${column} integer REFERENCES fall_eq_info(id) UNIQUE)`);
    const names = (await database.query<{ n: string }>(`SELECT conname AS n FROM pg_constraint WHERE conrelid = '${table}'::regclass AND contype IN ('f', 'u', 'p') ORDER BY 1`)).map((r) => r.n);
    expect(names.sort()).toEqual(
      [postgresObjectName(table, column, 'fkey'), postgresObjectName(table, column, 'key'), postgresObjectName(table, '', 'pkey')].sort(),
    );
    expect(postgresObjectName(table, column, 'fkey').length).toBe(63);
    await database.exec(`DROP TABLE ${table}`);
  });

  it('writes the migration for an added column and an added table, which the migrated database takes', async () => {
    const file = path.join(work, 'schema', 'operations.ts');
    const source = await readFile(file, 'utf8');
    const anchor = "export const fallEqInfo = pgTable('fall_eq_info', {\n";
    expect(source).toContain(anchor);
    await writeFile(
      file,
      source.replace(anchor, `${anchor}  warrantyNote: text('warranty_note'),\n`) +
        `
export const fallSpareSupplier = pgTable('fall_spare_supplier', {
  id: serial('id').primaryKey(),
  sparePartId: integer('spare_part_id').notNull().references(() => fallSparePart.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 128 }).notNull(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  leadDays: integer('lead_days').notNull().default(14),
  files: fileIds('files'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
`,
    );
    const changed = (await import(/* @vite-ignore */ path.join(work, 'schema', 'index.ts'))) as Record<string, unknown>;
    const options = { imports: changed, migrationsDir: path.join(work, 'migrations'), snapshotFile: path.join(work, 'migrations', 'schema-snapshot.json') };

    const result = await generate({ ...options, name: 'warranty_note' });
    expect(result.kind).toBe('migration');
    if (result.kind !== 'migration') return;
    const expected = migrationFileName(await readdir(MIGRATIONS_DIR), 'warranty_note');
    expect(result.file).toBe(expected);
    const sql = await readFile(path.join(work, 'migrations', result.file), 'utf8');
    expect(sql).toContain('ALTER TABLE "fall_eq_info" ADD COLUMN "warranty_note" text;');
    expect(sql).toContain('CREATE TABLE "fall_spare_supplier"');
    expect(sql).toContain('CONSTRAINT "fall_spare_supplier_code_key" UNIQUE("code")');
    expect(sql).toContain('ADD CONSTRAINT "fall_spare_supplier_spare_part_id_fkey" FOREIGN KEY ("spare_part_id") REFERENCES "public"."fall_spare_part"("id") ON DELETE cascade');
    expect(sql).not.toContain('statement-breakpoint');
    // Only the change: nothing about the tables and columns that were there already.
    expect(result.statements).toHaveLength(3);

    // Run again: nothing more to write.
    expect(await generate({ ...options, name: 'again' })).toEqual({ kind: 'nothing' });
    expect((await readdir(path.join(work, 'migrations'))).filter((f) => f.endsWith('.sql'))).toHaveLength((await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).length + 1);

    // The migrated database (the template: every committed migration) takes the new file alone.
    expect(await migrate(database, { dir: path.join(work, 'migrations') })).toEqual([result.file]);
    const tables = tablesOf(changed);
    const columns = await databaseColumns(database);
    expect(declaredProblems(tables, columns)).toEqual([]);
    expect(undeclaredProblems(tables, columns)).toEqual([]);
    expect(columns.find((c) => c.table_name === 'fall_eq_info' && c.column_name === 'warranty_note')).toMatchObject({ data_type: 'text', is_nullable: 'YES' });
    expect(await missingNames(database, await readSnapshot(options.snapshotFile))).toEqual([]);
    // The new table works: a row with its defaults, and its unit's removal takes it along.
    await database.exec(`INSERT INTO fall_project (name, unique_key) VALUES ('gen', 'gen-key');
      INSERT INTO fall_eq_info (name, project_id) SELECT 'unit', id FROM fall_project WHERE unique_key = 'gen-key';
      INSERT INTO fall_spare_part (equipment_id, name) SELECT id, 'pump seal' FROM fall_eq_info WHERE name = 'unit';
      INSERT INTO fall_spare_supplier (spare_part_id, name, code) SELECT id, 'Supplier', 'S1' FROM fall_spare_part WHERE name = 'pump seal';`);
    expect(await database.query(`SELECT lead_days, files FROM fall_spare_supplier`)).toEqual([{ lead_days: 14, files: [] }]);
    await database.exec(`DELETE FROM fall_eq_info WHERE name = 'unit'`);
    expect(await database.query(`SELECT id FROM fall_spare_supplier`)).toEqual([]);
  });

  it('records a hand-written change in the snapshot alone with --snapshot-only', async () => {
    const snapshotFile = path.join(work, 'snapshot-only.json');
    await writeFile(snapshotFile, JSON.stringify(await readSnapshot()));
    const before = await readdir(path.join(work, 'migrations'));
    const changed = { ...schema, extra: (await import(/* @vite-ignore */ path.join(work, 'schema', 'index.ts'))).fallSpareSupplier };
    const result = await generate({ imports: changed, migrationsDir: path.join(work, 'migrations'), snapshotFile, snapshotOnly: true });
    expect(result.kind).toBe('snapshot');
    expect(await readdir(path.join(work, 'migrations'))).toEqual(before);
    expect(sameSnapshot(await readSnapshot(snapshotFile), snapshotOf(changed))).toBe(true);
  });
});
