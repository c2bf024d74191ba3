import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { prepareStatements } from './pg-prepared';

const URL = process.env.TEST_DATABASE_URL;

/** PostgreSQL only (npm run test:pg): the embedded database has its own (pglite-prepared.test.ts). */
describe.runIf(URL)('prepared statements on PostgreSQL connections', () => {
  let client: pg.Client;
  const prepared = async () =>
    (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time, name')).rows.map((r) => r.statement);

  beforeEach(async () => {
    client = new pg.Client({ connectionString: URL });
    await client.connect();
    prepareStatements(client, 2);
  });
  afterEach(async () => {
    await client.end();
  });

  it('prepares a statement with parameters once and runs it again by name', async () => {
    for (const n of [1, 2, 3]) expect((await client.query('SELECT $1::int + 1 AS n', [n])).rows).toEqual([{ n: n + 1 }]);
    expect(await prepared()).toEqual(['SELECT $1::int + 1 AS n']);
  });

  it('keeps the statements it used last, deallocating the others', async () => {
    await client.query('SELECT $1::int AS a', [1]);
    await client.query('SELECT $1::int AS b', [1]);
    await client.query('SELECT $1::int AS a', [2]);
    await client.query('SELECT $1::int AS c', [1]);
    expect(await prepared()).toEqual(['SELECT $1::int AS a', 'SELECT $1::int AS c']);
    // Asked again, the deallocated one is prepared under a new name.
    expect((await client.query('SELECT $1::int AS b', [5])).rows).toEqual([{ b: 5 }]);
  });

  it('leaves text without parameters unprepared, so it may hold several statements', async () => {
    await client.query('CREATE TEMP TABLE several (a int); INSERT INTO several VALUES (1)');
    expect((await client.query('SELECT count(*)::int AS n FROM several')).rows).toEqual([{ n: 1 }]);
    expect(await prepared()).toEqual([]);
  });

  it('runs a statement again when its table changed under it, outside a transaction', async () => {
    await client.query('CREATE TEMP TABLE changing (a int)');
    await client.query('INSERT INTO changing VALUES ($1)', [1]);
    expect((await client.query('SELECT * FROM changing WHERE a = $1', [1])).rows).toEqual([{ a: 1 }]);
    await client.query('ALTER TABLE changing ADD COLUMN b int');
    expect((await client.query('SELECT * FROM changing WHERE a = $1', [1])).rows).toEqual([{ a: 1, b: null }]);
  });

  it('inside a transaction lets the error end it, and prepares afresh after', async () => {
    await client.query('CREATE TEMP TABLE changing (a int)');
    await client.query('SELECT * FROM changing WHERE a = $1', [1]);
    await client.query('BEGIN');
    await client.query('ALTER TABLE changing ADD COLUMN b int');
    await expect(client.query('SELECT * FROM changing WHERE a = $1', [1])).rejects.toMatchObject({ code: '0A000' });
    await client.query('ROLLBACK');
    await client.query('ALTER TABLE changing ADD COLUMN c int');
    expect((await client.query('SELECT * FROM changing WHERE a = $1', [1])).fields.map((f) => f.name)).toEqual(['a', 'c']);
  });
});
