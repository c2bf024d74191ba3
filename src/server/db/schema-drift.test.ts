import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import * as schema from './schema';
import { freshDatabase } from '../../../tests/helpers/test-db';
import { databaseColumns, declaredProblems, tablesOf, undeclaredProblems } from '../../../tests/helpers/schema-drift';

/**
 * The Drizzle tables against the migrated database: every column Drizzle declares
 * exists with a compatible type and the same nullability, and every column of a table Drizzle
 * declares is declared in Drizzle (or listed below with the reason it is not). Runs on both engines:
 * the migrations are the source of the database, the Drizzle schema is what the code reads. (The
 * migrations the generator writes come from the Drizzle schema itself: migration-gen.test.ts.)
 */

/** Columns the database has and Drizzle leaves out on purpose. */
const UNDECLARED: Record<string, string> = {};

describe('Drizzle schema matches the migrated database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let columns: Awaited<ReturnType<typeof databaseColumns>>;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    columns = await databaseColumns(database);
  });
  afterAll(async () => drop?.());

  const tables = tablesOf(schema);

  it('finds the tables', () => {
    expect(tables.length).toBeGreaterThan(20);
  });

  it('declares only columns the database has, with a compatible type and the same nullability', () => {
    expect(declaredProblems(tables, columns)).toEqual([]);
  });

  it('declares every column of the tables it declares', () => {
    expect(undeclaredProblems(tables, columns, UNDECLARED)).toEqual([]);
  });
});
