import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { RemotePglite } from './pglite-remote';
import { pgliteDatabase } from './client';

// One row of every kind of value the server reads: what the worker's client gives must be what
// PGlite gives in-process, through PGlite's query, the prepared statements and Drizzle alike.
const TYPES_SQL = `SELECT 7::int8 AS big, 3::int4 AS small, 2.50::numeric AS num, true AS yes, 'x' AS text,
  '2026-11-27 10:00:00+00'::timestamptz AS at, '2026-11-27 10:00:00'::timestamp AS local, '2026-11-27'::date AS day,
  '1 day 02:00'::interval AS span, '{"a":[1,"b",null],"n":1.5}'::jsonb AS doc, ARRAY[1,2,3]::int4[] AS ints,
  ARRAY['a','b c',NULL]::text[] AS texts, ARRAY[4,5]::int8[] AS bigs, '\\x00ff'::bytea AS bytes, NULL::text AS nothing`;

describe('RemotePglite (PGlite in a worker thread)', () => {
  let local: PGlite;
  let remote: RemotePglite;
  beforeAll(async () => {
    [local, remote] = await Promise.all([PGlite.create(), RemotePglite.create()]);
  });
  afterAll(async () => {
    await Promise.all([local.close(), remote.close()]);
  });

  it('reads every type as in-process PGlite does, through query, prepared statements and Drizzle', async () => {
    const expected = (await local.query(TYPES_SQL)).rows;
    expect((await remote.query(TYPES_SQL)).rows).toEqual(expected);
    // The server's handle: prepared statements (pglite-prepared.ts) under Database.query and Drizzle.
    const [remoteDb, localDb] = [pgliteDatabase(remote), pgliteDatabase(local)];
    expect(await remoteDb.query(TYPES_SQL)).toEqual(await localDb.query(TYPES_SQL));
    expect(await remoteDb.db.execute(sql.raw(TYPES_SQL))).toEqual(await localDb.db.execute(sql.raw(TYPES_SQL)));
    expect(await remoteDb.db.transaction((tx) => tx.execute(sql.raw(TYPES_SQL)))).toEqual(await localDb.db.transaction((tx) => tx.execute(sql.raw(TYPES_SQL))));
    expect(expected[0]).toMatchObject({ at: new Date('2026-11-27T10:00:00Z'), doc: { a: [1, 'b', null], n: 1.5 }, texts: ['a', 'b c', null] });
  });

  it('writes parameters of every type as in-process PGlite does', async () => {
    const params = [new Date('2026-11-27T10:00:00.123Z'), { k: ['v', 2] }, [1, 2], 12345678901, 'x'];
    const text = `SELECT $1::timestamptz AS at, $2::jsonb AS doc, $3::int4[] AS ints, $4::int8 AS big, $5::text AS t`;
    expect((await remote.query(text, params)).rows).toEqual((await local.query(text, params)).rows);
  });

  it('lets the event loop run while a query runs in the database', async () => {
    const order: string[] = [];
    const query = remote.query('SELECT count(*) FROM generate_series(1, 3000000)').then(() => order.push('query'));
    await new Promise((resolve) => setTimeout(resolve, 1)).then(() => order.push('timer'));
    await query;
    expect(order).toEqual(['timer', 'query']);
  });

  it('hands answers that piled up over one per turn of the event loop, so other work runs between them', async () => {
    const db = pgliteDatabase(remote);
    const order: string[] = [];
    const queries = Promise.all(Array.from({ length: 12 }, (_, i) => db.query('SELECT $1::int AS n', [i]).then(() => order.push('q'))));
    let done = false;
    const tick = () => {
      order.push('t');
      if (!done) setImmediate(tick);
    };
    // Busy while the database answers every statement: the answers wait on the thread's port together.
    const until = Date.now() + 300;
    while (Date.now() < until);
    setImmediate(tick);
    await queries;
    done = true;
    // Never two answers in one turn: a request needing no database waits for one answer's work at most.
    expect(order.filter((x) => x === 'q')).toHaveLength(12);
    expect(order.join('')).not.toContain('qq');
  });

  it("holds the database for a transaction's statements: another caller's statement waits, and is not rolled back with it", async () => {
    await remote.exec('CREATE TABLE remote_order (id serial PRIMARY KEY, who text)');
    let outside: Promise<unknown> | null = null;
    await expect(
      remote.transaction(async (tx) => {
        await tx.query(`INSERT INTO remote_order (who) VALUES ('tx 1')`);
        outside = remote.query(`INSERT INTO remote_order (who) VALUES ('outside')`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.query(`INSERT INTO remote_order (who) VALUES ('tx 2')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    expect((await remote.query<{ who: string }>('SELECT who FROM remote_order ORDER BY id')).rows).toEqual([{ who: 'outside' }]);
    expect(remote.isInTransaction()).toBe(false);
  });

  it("runs Drizzle's transactions with their statements prepared: kept on commit, gone on rollback, savepoints inside", async () => {
    const database = pgliteDatabase(remote);
    await database.exec('CREATE TABLE remote_tx (v text)');
    const insert = (tx: Pick<typeof database.db, 'execute'>, v: string) => tx.execute(sql`INSERT INTO remote_tx (v) VALUES (${v})`);
    await database.db.transaction(async (tx) => {
      await insert(tx, 'kept');
      await tx.transaction((inner) => insert(inner, 'inner kept'));
      await tx.transaction((inner) => insert(inner, 'inner undone').then(() => inner.rollback())).catch(() => undefined);
    });
    await database.db.transaction(async (tx) => {
      await insert(tx, 'undone');
      throw new Error('undo');
    }).catch(() => undefined);
    expect(await database.query('SELECT v FROM remote_tx ORDER BY v')).toEqual([{ v: 'inner kept' }, { v: 'kept' }]);
  });

  it('answers statements sent one after another without waiting (each its own answer), none of them inside a transaction begun among them', async () => {
    const database = pgliteDatabase(remote);
    await database.exec('CREATE TABLE remote_pipe (n int)');
    const insert = (n: number) => database.query('INSERT INTO remote_pipe (n) VALUES ($1) RETURNING n', [n]);
    const before = Array.from({ length: 20 }, (_, i) => insert(i));
    const undone = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO remote_pipe (n) VALUES (-1)`);
        throw new Error('undo');
      })
      .catch((e: Error) => e.message);
    const after = Array.from({ length: 20 }, (_, i) => insert(100 + i));
    expect(await Promise.all([...before, ...after])).toEqual([...Array.from({ length: 20 }, (_, i) => [{ n: i }]), ...Array.from({ length: 20 }, (_, i) => [{ n: 100 + i }])]);
    expect(await undone).toBe('undo');
    expect(await database.query<{ n: number }>('SELECT count(*)::int AS n, min(n) AS low FROM remote_pipe')).toEqual([{ n: 40, low: 0 }]);
  });

  it("throws PostgreSQL's error with its code and goes on answering", async () => {
    const error = await remote.query('SELECT * FROM no_such_table').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '42P01', message: expect.stringContaining('no_such_table') });
    await expect(remote.transaction((tx) => tx.query('SELECT 1/0'))).rejects.toMatchObject({ code: '22012' });
    expect((await remote.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('hears NOTIFY on a channel it listens to, until it stops listening', async () => {
    const heard: string[] = [];
    const unlisten = await remote.listen('remote_channel', (payload) => heard.push(payload));
    await remote.query(`SELECT pg_notify('remote_channel', 'one')`);
    await remote.transaction((tx) => tx.query(`SELECT pg_notify('remote_channel', 'two')`));
    await unlisten();
    await remote.query(`SELECT pg_notify('remote_channel', 'after')`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['one', 'two']);
  });

  it('dumps its data folder, and a client opened from the dump has the rows', async () => {
    await remote.exec(`CREATE TABLE remote_dump (v text); INSERT INTO remote_dump VALUES ('kept')`);
    const dump = await remote.dumpDataDir('gzip');
    const copy = await RemotePglite.create({ loadDataDir: dump });
    try {
      expect((await copy.query('SELECT v FROM remote_dump')).rows).toEqual([{ v: 'kept' }]);
    } finally {
      await copy.close();
    }
  });

  it('closes after the transaction under way, and refuses calls afterwards', async () => {
    const client = await RemotePglite.create();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    const held = client.transaction(async (tx) => {
      began();
      await released;
      return (await tx.query<{ n: number }>('SELECT 1 AS n')).rows[0].n;
    });
    await begun;
    const closing = client.close();
    release();
    expect(await held).toBe(1);
    await closing;
    expect(client.closed).toBe(true);
    await expect(client.query('SELECT 1')).rejects.toThrow('closed');
  });
});
