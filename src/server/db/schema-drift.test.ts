import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import * as schema from './schema';
import { freshDatabase } from '../../../tests/helpers/test-db';

/**
 * The Drizzle tables against the migrated database: every column Drizzle declares
 * exists with a compatible type and the same nullability, and every column of a table Drizzle
 * declares is declared in Drizzle (or listed below with the reason it is not). Runs on both engines:
 * the migrations are the source of the database, the Drizzle schema is what the code reads.
 */

/** Columns the database has and Drizzle leaves out on purpose. */
const UNDECLARED: Record<string, string> = {};

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

describe('Drizzle schema matches the migrated database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let columns: DbColumn[];

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    columns = await database.query<DbColumn>(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
  });
  afterAll(async () => drop?.());

  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

  it('finds the tables', () => {
    expect(tables.length).toBeGreaterThan(20);
  });

  it('declares only columns the database has, with a compatible type and the same nullability', () => {
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
    expect(problems).toEqual([]);
  });

  it('declares every column of the tables it declares', () => {
    const problems: string[] = [];
    for (const table of tables) {
      const name = getTableName(table);
      const declared = new Set(Object.values(getTableColumns(table) as Record<string, PgColumn>).map((c) => c.name));
      for (const c of columns.filter((x) => x.table_name === name)) {
        if (!declared.has(c.column_name) && !UNDECLARED[`${name}.${c.column_name}`]) problems.push(`${name}.${c.column_name}: in the database, not in Drizzle`);
      }
    }
    expect(problems).toEqual([]);
  });
});
