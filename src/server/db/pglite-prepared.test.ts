import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PreparedPglite } from './pglite-prepared';

describe('PreparedPglite', () => {
  let client: PGlite;
  let prepared: PreparedPglite;
  beforeAll(async () => {
    client = await PGlite.create();
    prepared = new PreparedPglite(client);
  });
  afterAll(async () => {
    await client.close();
  });

  const sql = `SELECT 7::int8 AS big, 3::int4 AS small, '2026-11-27 10:00:00+00'::timestamptz AS at, 'x' AS text`;

  it("reads rows with the client's parsers when the call brings none", async () => {
    const { rows } = await prepared.query<Record<string, unknown>>(sql);
    expect(rows).toEqual([{ big: 7, small: 3, at: new Date('2026-11-27T10:00:00Z'), text: 'x' }]);
  });

  it("puts the call's parsers in front of the client's, for that call only", async () => {
    const own = await prepared.query<Record<string, unknown>>(sql, [], { parsers: { 25: (v: string) => v.toUpperCase(), 1184: (v: string) => `at ${v}` } });
    expect(own.rows).toEqual([{ big: 7, small: 3, at: 'at 2026-11-27 10:00:00+00', text: 'X' }]);
    const again = await prepared.query<Record<string, unknown>>(sql);
    expect(again.rows).toEqual([{ big: 7, small: 3, at: new Date('2026-11-27T10:00:00Z'), text: 'x' }]);
  });

  it('keeps the row mode the call asks for', async () => {
    const { rows } = await prepared.query<unknown[]>(sql, [], { rowMode: 'array', parsers: { 25: (v: string) => v.toUpperCase() } });
    expect(rows).toEqual([[7, 3, new Date('2026-11-27T10:00:00Z'), 'X']]);
  });
});
