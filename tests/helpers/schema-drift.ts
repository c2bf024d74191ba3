import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/server/db/client';

/**
 * The Drizzle tables of a schema module against a migrated database (src/server/db/schema-drift.test.ts
 * on the real schema, src/server/db/migration-gen.test.ts on a generated change).
 */

/** The information_schema data_type each Drizzle column type may have. */
const TYPES: Record<string, string[]> = {
  PgSerial: ['integer'],
  PgBigSerial53: ['bigint'],
  PgInteger: ['integer'],
  PgSmallInt: ['smallint'],
  PgBigInt53: ['bigint'],
  PgBigInt64: ['bigint'],
  PgText: ['text'],
  PgVarchar: ['character varying'],
  PgChar: ['character'],
  PgBoolean: ['boolean'],
  PgTimestamp: ['timestamp with time zone', 'timestamp without time zone'],
  PgTimestampString: ['timestamp with time zone', 'timestamp without time zone'],
  PgDate: ['date'],
  PgDateString: ['date'],
  PgDoublePrecision: ['double precision'],
  PgReal: ['real'],
  PgNumeric: ['numeric'],
  PgNumericNumber: ['numeric'],
  PgJsonb: ['jsonb'],
  PgJson: ['json'],
  PgArray: ['ARRAY'],
  PgCustomColumn: [],
  PgInet: ['inet'],
  PgUUID: ['uuid'],
  PgBytea: ['bytea'],
};

interface DbColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

export function tablesOf(schema: Record<string, unknown>): PgTable[] {
  return Object.values(schema).filter((v): v is PgTable => is(v, PgTable));
}

export async function databaseColumns(database: Database): Promise<DbColumn[]> {
  return database.query<DbColumn>(
    `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
}

/** Drizzle columns missing from the database, or there with another type or nullability. */
export function declaredProblems(tables: PgTable[], columns: DbColumn[]): string[] {
  const problems: string[] = [];
  for (const table of tables) {
    const name = getTableName(table);
    const inDb = new Map(columns.filter((c) => c.table_name === name).map((c) => [c.column_name, c]));
    if (!inDb.size) {
      problems.push(`${name}: no such table`);
      continue;
    }
    for (const [key, col] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
      const db = inDb.get(col.name);
      if (!db) {
        problems.push(`${name}.${col.name} (${key}): not in the database`);
        continue;
      }
      const allowed = TYPES[col.columnType];
      if (allowed === undefined) problems.push(`${name}.${col.name}: unknown Drizzle type ${col.columnType}`);
      else if (allowed.length && !allowed.includes(db.data_type)) problems.push(`${name}.${col.name}: Drizzle ${col.columnType}, database ${db.data_type}`);
      const nullable = db.is_nullable === 'YES';
      if (nullable === col.notNull) problems.push(`${name}.${col.name}: Drizzle ${col.notNull ? 'NOT NULL' : 'nullable'}, database ${nullable ? 'nullable' : 'NOT NULL'}`);
    }
  }
  return problems;
}

/** Database columns of the declared tables that Drizzle does not declare (`undeclared`: known, with the reason). */
export function undeclaredProblems(tables: PgTable[], columns: DbColumn[], undeclared: Record<string, string> = {}): string[] {
  const problems: string[] = [];
  for (const table of tables) {
    const name = getTableName(table);
    const declared = new Set(Object.values(getTableColumns(table) as Record<string, PgColumn>).map((c) => c.name));
    for (const c of columns.filter((x) => x.table_name === name)) {
      if (!declared.has(c.column_name) && !undeclared[`${name}.${c.column_name}`]) problems.push(`${name}.${c.column_name}: in the database, not in Drizzle`);
    }
  }
  return problems;
}
