import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { boardTrendSchema } from '@shared/contracts/detect';
import { seedProject } from '@tests/helpers/work-fixtures';
import { seedBoards } from './board-fixtures';
import { ReadingIngest } from './ingest';
import { boardTrend, purgeReadings, rollUpTrends } from './trends';

const reading = (analog: number, fault = false) => Array.from({ length: 9 }, (_, i) => ({ ch: i + 1, switch: (fault && i === 0 ? 1 : 0) as 0 | 1, analog: analog + i }));
const MINUTE = 60_000;

describe('reading ingest: batches, history, trends and their purge', () => {
  let t: TestApp;
  let projectId: number;
  const count = async (q: string, params: unknown[] = []) => Number((await t.database.query<{ n: number }>(q, params))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    projectId = await seedProject(t, { name: 'Ingest park' });
  });
  afterAll(() => t.close());

  it('writes readings in batches: every reading in is a raw row, the latest values land, a fault still opens its warning', async () => {
    const boards = await seedBoards(t.database, projectId, 30, { prefix: 'BAT' });
    const ids = boards.map((b) => b.id);
    const ingest = new ReadingIngest(t.app, { maxRows: 64, maxWaitMs: 50 });
    // First readings bring the boards online (through applyReading), the next ones take the quiet path.
    await Promise.all(ids.map((id) => ingest.submit(id, reading(40), 'mqtt')));
    const sent: Promise<unknown>[] = [];
    for (let round = 1; round <= 10; round++) for (const id of ids) sent.push(ingest.submit(id, reading(40 + round), 'mqtt'));
    // One board turns faulty in the last round: its reading must take the slow path and open a warning.
    sent.push(ingest.submit(ids[0], reading(60, true), 'mqtt'));
    await Promise.all(sent);
    await ingest.close();
    const stats = ingest.stats();
    expect(stats.accepted).toBe(30 + 300 + 1);
    expect(stats.stored).toBe(stats.accepted);
    expect(stats.lost).toBe(0);
    expect(stats.batches).toBeLessThan(40); // 331 readings, far fewer writes
    // The first readings (boards coming online) and the faulty board's readings in the fault's batch
    // went one by one; the rest took the batch path.
    expect(stats.slow).toBeGreaterThanOrEqual(31);
    expect(stats.slow).toBeLessThanOrEqual(41);
    expect(await count(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = ANY($1::int[])`, [ids])).toBe(331);
    // Latest values: board 2's last reading was round 10 (analog 50 + ch index).
    const ch = await t.database.query<{ ch: number; analog: number; streak: number; result: string }>(
      `SELECT ch, analog_value AS analog, normal_streak AS streak, result FROM fall_detect_channel WHERE detect_id = $1 ORDER BY ch`,
      [ids[1]],
    );
    expect(ch.map((c) => c.analog)).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58]);
    expect(ch.every((c) => c.result === 'normal' && Number(c.streak) === 11)).toBe(true);
    const [faulty] = await t.database.query<{ result: string }>(`SELECT result FROM fall_detect_channel WHERE detect_id = $1 AND ch = 1`, [ids[0]]);
    expect(faulty.result).toBe('fault');
    expect(await count(`SELECT count(*) AS n FROM fall_warning WHERE detect_id = $1 AND result IS NULL`, [ids[0]])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM fall_detect WHERE id = ANY($1::int[]) AND online`, [ids])).toBe(30);
  }, 120_000);

  it('retries a batch the database refuses, and reports readings lost when every attempt fails', async () => {
    const [board] = await seedBoards(t.database, projectId, 1, { prefix: 'RETRY' });
    const ingest = new ReadingIngest(t.app, { maxRows: 10, maxWaitMs: 10, attempts: 6, retryBaseMs: 50 });
    await t.database.exec('ALTER TABLE detect_reading RENAME TO detect_reading_away');
    const pending = Promise.all([1, 2, 3].map((n) => ingest.submit(board.id, reading(40 + n), 'http')));
    await vi.waitFor(() => expect(ingest.stats().retries).toBeGreaterThan(0), { timeout: 60_000 });
    await t.database.exec('ALTER TABLE detect_reading_away RENAME TO detect_reading');
    await pending;
    expect(ingest.stats()).toMatchObject({ accepted: 3, stored: 3, lost: 0 });
    expect(ingest.stats().retries).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = $1`, [board.id])).toBe(3);

    const doomed = new ReadingIngest(t.app, { maxRows: 10, maxWaitMs: 10, attempts: 2, retryBaseMs: 10 });
    await t.database.exec('ALTER TABLE detect_reading RENAME TO detect_reading_away');
    try {
      const outcome = await Promise.allSettled([doomed.submit(board.id, reading(1), 'http'), doomed.submit(board.id, reading(2), 'http')]);
      expect(outcome.map((o) => o.status)).toEqual(['rejected', 'rejected']);
      expect(doomed.stats()).toMatchObject({ accepted: 2, stored: 0, lost: 2 });
    } finally {
      await t.database.exec('ALTER TABLE detect_reading_away RENAME TO detect_reading');
    }
  });

  it('rolls raw readings up per minute and per hour (min, max, sum, count), merges late readings and purges by retention', async () => {
    const [board] = await seedBoards(t.database, projectId, 1, { prefix: 'ROLL' });
    const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000; // two hours ago, on the hour
    const at = (min: number, sec: number) => new Date(hourStart + min * MINUTE + sec * 1000).toISOString();
    const raw = async (when: string, analogs: number[], switches = analogs.map(() => 0)) =>
      t.database.query(`INSERT INTO detect_reading (detect_id, at, switches, analogs, source) VALUES ($1, $2, $3, $4, 'test')`, [board.id, when, switches, analogs]);
    // Minute 0: ch1 10, 20, 30; ch2 only once (a partial reading leaves other channels null). Minute 1: ch1 5 with its switch closed.
    await raw(at(0, 5), [10, 100]);
    await raw(at(0, 25), [20, null as unknown as number]);
    await raw(at(0, 45), [30]);
    await raw(at(1, 10), [5], [1]);
    // The rollup must only look at what is new: the marks start where this test's data starts.
    await t.database.query(`UPDATE detect_trend_mark SET upto = $1`, [new Date(hourStart).toISOString()]);
    const now = new Date(hourStart + 2 * 3_600_000 + 30 * MINUTE);
    const first = await rollUpTrends(t.app, now);
    expect(first.minuteUpto).toBe(new Date(hourStart + 2 * 3_600_000 + 30 * MINUTE).toISOString());
    expect(first.hourUpto).toBe(new Date(hourStart + 2 * 3_600_000).toISOString());
    const cells = await t.database.query<{ grain: string; ch: number; bucket: Date; min: number; max: number; sum: number; count: number; faults: number }>(
      `SELECT grain, ch, bucket, min, max, sum, count, faults FROM detect_trend WHERE detect_id = $1 ORDER BY grain DESC, bucket, ch`,
      [board.id],
    );
    const plain = cells.map((c) => ({ g: c.grain, ch: Number(c.ch), at: new Date(c.bucket).getTime() - hourStart, min: c.min, max: c.max, sum: c.sum, n: Number(c.count), f: Number(c.faults) }));
    expect(plain).toEqual([
      { g: 'm', ch: 1, at: 0, min: 10, max: 30, sum: 60, n: 3, f: 0 },
      { g: 'm', ch: 2, at: 0, min: 100, max: 100, sum: 100, n: 1, f: 0 },
      { g: 'm', ch: 1, at: MINUTE, min: 5, max: 5, sum: 5, n: 1, f: 1 },
      { g: 'h', ch: 1, at: 0, min: 5, max: 30, sum: 65, n: 4, f: 1 },
      { g: 'h', ch: 2, at: 0, min: 100, max: 100, sum: 100, n: 1, f: 0 },
    ]);
    // Running again adds nothing twice.
    await rollUpTrends(t.app, now);
    expect(await count(`SELECT sum(count) AS n FROM detect_trend WHERE detect_id = $1 AND grain = 'h'`, [board.id])).toBe(5);

    // A reading stored after its minute (and hour) were rolled up is merged by the writer.
    await t.database.query(`UPDATE detect_trend_mark SET upto = now() + interval '2 hours'`);
    const ingest = new ReadingIngest(t.app, { maxWaitMs: 10 });
    await ingest.submit(board.id, [{ ch: 3, switch: 0, analog: 7 }], 'mqtt');
    await ingest.close();
    const late = await t.database.query<{ grain: string; n: number; sum: number }>(
      `SELECT grain, count AS n, sum FROM detect_trend WHERE detect_id = $1 AND ch = 3 ORDER BY grain`,
      [board.id],
    );
    expect(late.map((l) => [l.grain, Number(l.n), l.sum])).toEqual([['h', 1, 7], ['m', 1, 7]]);
    await t.database.query(`UPDATE detect_trend_mark SET upto = $1`, [now.toISOString()]);

    // Purge: raw older than 1 h (rolled up), minute cells older than 1 day, hour cells older than 1 day.
    await t.app.settings.set('detect.rawRetentionHours', '1');
    await t.app.settings.set('detect.minuteRetentionDays', '1');
    await t.app.settings.set('detect.hourRetentionDays', '1');
    await t.database.query(`INSERT INTO detect_trend (grain, detect_id, ch, bucket, min, max, sum, count) VALUES ('m', $1, 9, $2, 1, 1, 1, 1), ('h', $1, 9, $2, 1, 1, 1, 1)`, [
      board.id,
      new Date(now.getTime() - 3 * 86_400_000).toISOString(),
    ]);
    const purged = await purgeReadings(t.app, now);
    expect(purged.raw).toBeGreaterThanOrEqual(4);
    expect(purged.minutes).toBeGreaterThanOrEqual(1);
    expect(purged.hours).toBeGreaterThanOrEqual(1);
    expect(await count(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = $1 AND at < $2`, [board.id, new Date(now.getTime() - 3_600_000).toISOString()])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM detect_trend WHERE detect_id = $1 AND ch = 9`, [board.id])).toBe(0);
    // The two-hour-old trend cells are within a day: kept.
    expect(await count(`SELECT count(*) AS n FROM detect_trend WHERE detect_id = $1 AND ch = 1`, [board.id])).toBe(3);
    for (const k of ['detect.rawRetentionHours', 'detect.minuteRetentionDays', 'detect.hourRetentionDays']) await t.app.settings.set(k, k.includes('raw') ? '48' : k.includes('minute') ? '7' : '400');
  });

  it('serves a board trend from the minute history and the readings not rolled up yet', async () => {
    const [board] = await seedBoards(t.database, projectId, 1, { prefix: 'TREND' });
    const now = Date.now();
    await t.database.query(`UPDATE detect_trend_mark SET upto = date_trunc('minute', now())`);
    await t.database.query(
      `INSERT INTO detect_trend (grain, detect_id, ch, bucket, min, max, sum, count)
       VALUES ('m', $1, 1, date_trunc('minute', now()) - interval '30 minutes', 2, 8, 20, 4)`,
      [board.id],
    );
    await t.database.query(`INSERT INTO detect_reading (detect_id, at, switches, analogs) VALUES ($1, now(), '{0}', '{11}')`, [board.id]);
    const trend = await boardTrend(t.app, board.id, 24, new Date(now + 1000));
    expect(trend.grain).toBe('minute');
    const points = trend.series.get(1)!;
    expect(points.map((p) => [p.min, p.max, p.avg, p.count])).toEqual([[2, 8, 5, 4], [11, 11, 11, 1]]);

    const admin = await t.tokenFor('admin');
    const res = await t.call('GET', `/api/ball/falldetect/trend/${board.id}?hours=24`, { token: admin });
    expect(res.status).toBe(200);
    const body = boardTrendSchema.parse(res.body.data);
    expect(body.channels).toHaveLength(9);
    expect(body.channels[0].points.length).toBe(2);
    expect(body.channels[1].points).toEqual([]);
    expect((await t.call('GET', `/api/ball/falldetect/trend/${board.id}?hours=0`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', `/api/ball/falldetect/trend/${board.id}?days=2`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', `/api/ball/falldetect/trend/abc`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', `/api/ball/falldetect/trend/99999999`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/api/ball/falldetect/trend/${board.id}`)).status).toBe(401);
    const stranger = await t.userWith(['fall-order#list']);
    expect((await t.call('GET', `/api/ball/falldetect/trend/${board.id}`, { token: stranger.token })).status).toBe(403);
    const reader = await t.userWith(['fall-detect#info']);
    expect((await t.call('GET', `/api/ball/falldetect/trend/${board.id}`, { token: reader.token })).status).toBe(200);
  });
});
