import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDatabase, type Database } from '../../../db/client';
import type { ChannelProfile } from './degradation';
import { writeHistory, type HistoryChannel } from './history';

/**
 * The bench's bulk path (binary COPY, history.ts) must leave exactly the cells the plain INSERT path
 * leaves: the same history written both ways into two tables of one embedded database (INSERT into
 * detect_trend, COPY into a table like it), compared cell by cell. One database, not two: each
 * PGlite.create() runs initdb, 15-25 s apiece on a busy 2-core machine.
 */

const TABLE = `CREATE TABLE detect_trend (
  grain char(1) NOT NULL, detect_id integer NOT NULL, ch smallint NOT NULL, bucket timestamptz NOT NULL,
  min double precision NOT NULL, max double precision NOT NULL, sum double precision NOT NULL,
  count integer NOT NULL, faults integer NOT NULL DEFAULT 0, PRIMARY KEY (grain, detect_id, ch, bucket))`;

const profile = (over: Partial<ChannelProfile>): ChannelProfile => ({
  kind: 'healthy',
  key: 1,
  seed: 3,
  lo: -20,
  hi: 100,
  idle: 10,
  show: 60,
  showFrom: 18,
  showTo: 22,
  noise: 1.5,
  onsetHour: Infinity,
  faultHour: Infinity,
  dir: 1,
  ...over,
});

const channels: HistoryChannel[] = [
  { detectId: 1, ch: 1, profile: profile({}) },
  { detectId: 1, ch: 9, profile: profile({ key: 2, kind: 'drift', onsetHour: 10, faultHour: 60, dir: -1 }) },
  { detectId: 70_000, ch: 3, profile: profile({ key: 3, kind: 'flicker', onsetHour: 5, faultHour: 40 }) },
];
// Before 2000-01-01 too: the binary timestamps count from PostgreSQL's epoch, so a negative count must come out right.
const starts = [new Date('2026-11-20T00:00:00Z'), new Date('1999-12-31T20:00:00Z')];

/** Only a hung database takes this long: initdb and the writes, on a busy machine. */
const HANG_MS = 300_000;

describe('writeHistory: binary COPY', () => {
  let client: PGlite;
  let database: Database;

  beforeAll(async () => {
    client = await PGlite.create();
    database = pgliteDatabase(client);
    await client.exec(`${TABLE}; CREATE TABLE copied_trend (LIKE detect_trend INCLUDING ALL)`);
  }, HANG_MS);
  afterAll(async () => {
    await database?.close();
  });

  it('leaves the same cells as INSERT, to the last bit of every float', async () => {
    const minuteFor = new Set([1]);
    let copies = 0;
    for (const start of starts) {
      // With a copy sink, writeHistory writes only through it: the rows go to copied_trend.
      const viaCopy = await writeHistory(database, channels, {
        start,
        hours: 72,
        minuteHours: 3,
        minuteFor,
        copy: async (binary) => {
          copies++;
          await client.query(`COPY copied_trend (grain, detect_id, ch, bucket, min, max, sum, count, faults) FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob: new Blob([binary]) });
        },
      });
      const viaInsert = await writeHistory(database, channels, { start, hours: 72, minuteHours: 3, minuteFor });
      expect(viaCopy).toEqual(viaInsert);
      expect(viaCopy).toEqual({ hours: 3 * 72, minutes: 2 * 180 });
    }
    expect(copies).toBeGreaterThan(0);
    // float8send is the exact bits: compare them as text, not as numbers parsed back.
    const cells = async (table: 'copied_trend' | 'detect_trend') =>
      (
        await client.query<{ row: string }>(
          `SELECT concat_ws('|', grain, detect_id, ch, bucket AT TIME ZONE 'UTC', float8send(min), float8send(max), float8send(sum), count, faults) AS row
             FROM ${table} ORDER BY grain, detect_id, ch, bucket`,
        )
      ).rows.map((r) => r.row);
    const [a, b] = [await cells('copied_trend'), await cells('detect_trend')];
    expect(a.length).toBe(2 * (3 * 72 + 2 * 180));
    expect(a).toEqual(b);
    expect(a.some((r) => r.includes('1999-12-31 20:00:00'))).toBe(true);
  }, HANG_MS);
});
