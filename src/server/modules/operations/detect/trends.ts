import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { registerJobHandler } from '../../../jobs/registry';
import type { ChannelTrend, TrendRange } from '@shared/contracts/detect';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface RollupResult {
  /** Minute and hour cells written (inserted or merged). */
  minutes: number;
  hours: number;
  /** The marks after the run: raw readings before `minuteUpto` are in the minute trend, minutes before `hourUpto` in the hour trend. */
  minuteUpto: string;
  hourUpto: string;
}

/**
 * Rolls the raw readings of every closed minute since the last run into the per-minute trend, and
 * the minutes of every closed hour into the per-hour trend. The marks are locked FOR UPDATE, so a
 * batch being written (which holds them FOR SHARE) finishes first and is seen; a batch written after
 * sees the new marks and merges its late readings itself (ingest.ts).
 */
export async function rollUpTrends(app: FastifyInstance, now = new Date()): Promise<RollupResult> {
  return app.database.db.transaction(async (tx) => {
    const marks = (await tx.execute(sql`SELECT grain, upto FROM detect_trend_mark ORDER BY grain FOR UPDATE`)).rows as { grain: string; upto: Date | string }[];
    const mark = (g: string) => new Date(marks.find((m) => m.grain.trim() === g)?.upto ?? 0);
    const minuteFrom = mark('m');
    const minuteTo = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const hourFrom = mark('h');
    const hourTo = new Date(Math.floor(minuteTo.getTime() / HOUR_MS) * HOUR_MS);
    let minutes = 0;
    let hours = 0;
    if (minuteTo > minuteFrom) {
      const res = await tx.execute(sql`
        INSERT INTO detect_trend (grain, detect_id, ch, bucket, min, max, sum, count, faults)
        SELECT 'm', r.detect_id, c.ch, date_trunc('minute', r.at), min(c.a), max(c.a), sum(c.a), count(*), sum(CASE WHEN c.s = 1 THEN 1 ELSE 0 END)
          FROM detect_reading r, unnest(r.analogs, r.switches) WITH ORDINALITY AS c(a, s, ch)
         WHERE r.at >= ${minuteFrom.toISOString()}::timestamptz AND r.at < ${minuteTo.toISOString()}::timestamptz AND c.a IS NOT NULL
         GROUP BY r.detect_id, c.ch, date_trunc('minute', r.at)
        ON CONFLICT (grain, detect_id, ch, bucket) DO UPDATE SET
          min = LEAST(detect_trend.min, EXCLUDED.min), max = GREATEST(detect_trend.max, EXCLUDED.max),
          sum = detect_trend.sum + EXCLUDED.sum, count = detect_trend.count + EXCLUDED.count, faults = detect_trend.faults + EXCLUDED.faults
        RETURNING 1`);
      minutes = res.rows.length;
      await tx.execute(sql`UPDATE detect_trend_mark SET upto = ${minuteTo.toISOString()}::timestamptz WHERE grain = 'm'`);
    }
    if (hourTo > hourFrom) {
      const res = await tx.execute(sql`
        INSERT INTO detect_trend (grain, detect_id, ch, bucket, min, max, sum, count, faults)
        SELECT 'h', detect_id, ch, date_trunc('hour', bucket), min(min), max(max), sum(sum), sum(count), sum(faults)
          FROM detect_trend
         WHERE grain = 'm' AND bucket >= ${hourFrom.toISOString()}::timestamptz AND bucket < ${hourTo.toISOString()}::timestamptz
         GROUP BY detect_id, ch, date_trunc('hour', bucket)
        ON CONFLICT (grain, detect_id, ch, bucket) DO UPDATE SET
          min = LEAST(detect_trend.min, EXCLUDED.min), max = GREATEST(detect_trend.max, EXCLUDED.max),
          sum = detect_trend.sum + EXCLUDED.sum, count = detect_trend.count + EXCLUDED.count, faults = detect_trend.faults + EXCLUDED.faults
        RETURNING 1`);
      hours = res.rows.length;
      await tx.execute(sql`UPDATE detect_trend_mark SET upto = ${hourTo.toISOString()}::timestamptz WHERE grain = 'h'`);
    }
    return { minutes, hours, minuteUpto: (minuteTo > minuteFrom ? minuteTo : minuteFrom).toISOString(), hourUpto: (hourTo > hourFrom ? hourTo : hourFrom).toISOString() };
  });
}

/**
 * Deletes raw readings older than detect.rawRetentionHours (never one not yet rolled up, and never
 * less than an hour), minute trends older than detect.minuteRetentionDays and hour trends older than
 * detect.hourRetentionDays.
 */
export async function purgeReadings(app: FastifyInstance, now = new Date()): Promise<{ raw: number; minutes: number; hours: number }> {
  const rawHours = Math.max(1, await app.settings.get('detect.rawRetentionHours'));
  const minuteDays = Math.max(1, await app.settings.get('detect.minuteRetentionDays'));
  const hourDays = Math.max(1, await app.settings.get('detect.hourRetentionDays'));
  const db = app.database.db;
  const rawBefore = new Date(now.getTime() - rawHours * HOUR_MS).toISOString();
  const raw = await db.execute(sql`
    DELETE FROM detect_reading
     WHERE at < LEAST(${rawBefore}::timestamptz, (SELECT upto FROM detect_trend_mark WHERE grain = 'm'))
    RETURNING 1`);
  const minutes = await db.execute(sql`
    DELETE FROM detect_trend
     WHERE grain = 'm' AND bucket < LEAST(${new Date(now.getTime() - minuteDays * DAY_MS).toISOString()}::timestamptz, (SELECT upto FROM detect_trend_mark WHERE grain = 'h'))
    RETURNING 1`);
  const hours = await db.execute(sql`
    DELETE FROM detect_trend WHERE grain = 'h' AND bucket < ${new Date(now.getTime() - hourDays * DAY_MS).toISOString()}::timestamptz RETURNING 1`);
  return { raw: raw.rows.length, minutes: minutes.rows.length, hours: hours.rows.length };
}

export interface TrendPoint {
  /** Bucket start (ISO). */
  t: string;
  min: number;
  max: number;
  avg: number;
  count: number;
}

/**
 * A board's channels over the last `hours`: up to 48 h from the minute trend in `stepMinutes`
 * buckets (plus the raw readings not rolled up yet, so the trend reaches now), beyond that from the
 * hour trend.
 */
export async function boardTrend(app: FastifyInstance, boardId: number, hours: number, now = new Date()): Promise<{ grain: 'minute' | 'hour'; stepSeconds: number; series: Map<number, TrendPoint[]> }> {
  const from = new Date(now.getTime() - hours * HOUR_MS).toISOString();
  const hourly = hours > 48;
  // About 288 points per channel (every 5 minutes for a day).
  const stepSeconds = hourly ? 3600 : Math.max(60, Math.round((hours * 3600) / 288 / 60) * 60);
  const bin = (col: string) => `to_timestamp(floor(extract(epoch FROM ${col}) / ${stepSeconds}) * ${stepSeconds})`;
  const rows = await app.database.query<{ ch: number; t: Date | string; min: number; max: number; sum: number; count: number }>(
    hourly
      ? `SELECT ch, bucket AS t, min, max, sum, count FROM detect_trend
          WHERE grain = 'h' AND detect_id = $1 AND bucket >= date_trunc('hour', $2::timestamptz) ORDER BY ch, bucket`
      : `SELECT ch, t, min(min) AS min, max(max) AS max, sum(sum) AS sum, sum(count)::int AS count FROM (
           SELECT ch, ${bin('bucket')} AS t, min, max, sum, count FROM detect_trend
            WHERE grain = 'm' AND detect_id = $1 AND bucket >= $2::timestamptz
           UNION ALL
           SELECT c.ch::smallint, ${bin('r.at')}, c.a, c.a, c.a, 1
             FROM detect_reading r, unnest(r.analogs) WITH ORDINALITY AS c(a, ch)
            WHERE r.detect_id = $1 AND r.at >= GREATEST($2::timestamptz, (SELECT upto FROM detect_trend_mark WHERE grain = 'm')) AND c.a IS NOT NULL
         ) x GROUP BY ch, t ORDER BY ch, t`,
    [boardId, from],
  );
  const series = new Map<number, TrendPoint[]>();
  for (const r of rows) {
    const ch = Number(r.ch);
    const count = Number(r.count);
    const point = { t: new Date(r.t).toISOString(), min: Number(r.min), max: Number(r.max), avg: count ? Number(r.sum) / count : 0, count };
    const list = series.get(ch) ?? [];
    if (!list.length) series.set(ch, list);
    list.push(point);
  }
  return { grain: hourly ? 'hour' : 'minute', stepSeconds, series };
}

registerJobHandler({
  name: 'detect.trends',
  description: 'job.handler.detect.trends',
  params: z.strictObject({}),
  async run({ app }) {
    const rolled = await rollUpTrends(app);
    const purged = await purgeReadings(app);
    return { ...rolled, purged };
  },
});

/** Each range's span, bucket and the rollup it starts from (docs/devices.md "Trends"). */
export const TREND_SPANS: Record<TrendRange, { hours: number; stepSeconds: number; grain: 'minute' | 'hour' }> = {
  '1h': { hours: 1, stepSeconds: 60, grain: 'minute' },
  '24h': { hours: 24, stepSeconds: 300, grain: 'minute' },
  '7d': { hours: 24 * 7, stepSeconds: 3600, grain: 'hour' },
};

/**
 * One channel's trend over a range, with the warnings opened on it in the range (the chart's fault
 * marks) and its normal range and unit. Each bucket is recomputed from the rollups by the marks of
 * the trend job, so nothing is counted twice: the hour trend before the hour mark (7 days only), the
 * minute trend from there up to the minute mark, the raw readings after it (the trend reaches now).
 * Null when the board has no such channel.
 */
export async function channelTrend(app: FastifyInstance, boardId: number, ch: number, range: TrendRange, now = new Date()): Promise<ChannelTrend | null> {
  const [found] = await app.database.query<{ label: string; labelEn: string; unit: string; analogMin: number; analogMax: number; equipmentId: number | null; checkKey: string }>(
    `SELECT label, label_en AS "labelEn", unit, analog_min AS "analogMin", analog_max AS "analogMax", equipment_id AS "equipmentId", check_key AS "checkKey" FROM fall_detect_channel WHERE detect_id = $1 AND ch = $2`,
    [boardId, ch],
  );
  if (!found) return null;
  const { equipmentId, checkKey, ...channel } = found;
  const { hours, stepSeconds, grain } = TREND_SPANS[range];
  // The first bucket starts on a step boundary, so a bucket is never cut in half by the range's start.
  const fromMs = Math.floor((now.getTime() - hours * HOUR_MS) / (stepSeconds * 1000)) * stepSeconds * 1000 + stepSeconds * 1000;
  const from = new Date(fromMs).toISOString();
  const bin = (col: string) => `to_timestamp(floor(extract(epoch FROM ${col}) / ${stepSeconds}) * ${stepSeconds})`;
  const marks = `(SELECT upto FROM detect_trend_mark WHERE grain = 'm')`;
  const hourMark = `(SELECT upto FROM detect_trend_mark WHERE grain = 'h')`;
  const rows = await app.database.query<{ t: Date | string; min: number; max: number; sum: number; count: number; faults: number }>(
    `SELECT t, min(min) AS min, max(max) AS max, sum(sum) AS sum, sum(count)::int AS count, sum(faults)::int AS faults FROM (
       ${grain === 'hour' ? `SELECT ${bin('bucket')} AS t, min, max, sum, count, faults FROM detect_trend
          WHERE grain = 'h' AND detect_id = $1 AND ch = $2 AND bucket >= $3::timestamptz AND bucket < ${hourMark}
        UNION ALL` : ''}
       SELECT ${bin('bucket')} AS t, min, max, sum, count, faults FROM detect_trend
        WHERE grain = 'm' AND detect_id = $1 AND ch = $2 AND bucket >= $3::timestamptz ${grain === 'hour' ? `AND bucket >= ${hourMark}` : ''} AND bucket < ${marks}
       UNION ALL
       SELECT ${bin('r.at')}, r.analogs[$2], r.analogs[$2], r.analogs[$2], 1, CASE WHEN r.switches[$2] = 1 THEN 1 ELSE 0 END
         FROM detect_reading r
        WHERE r.detect_id = $1 AND r.at >= GREATEST($3::timestamptz, ${marks}) AND r.analogs[$2] IS NOT NULL
     ) x GROUP BY t ORDER BY t`,
    [boardId, ch, from],
  );
  const warnings = await app.database.query<{ id: number; at: Date | string; level: string; kind: string; dealAt: Date | string | null }>(
    `SELECT id, at, level, kind, deal_at AS "dealAt" FROM fall_warning
      WHERE detect_id = $1 AND channel = $2 AND at >= $3::timestamptz AND at <= $4::timestamptz ORDER BY at LIMIT 500`,
    [boardId, ch, from, now.toISOString()],
  );
  // The checklist item the channel names, on its unit: what the technician read on the gauge,
  // beside what the board read.
  const checks =
    equipmentId !== null && checkKey
      ? await app.database.query<{ at: Date | string; value: number; label: string; labelEn: string; min: number | null; max: number | null; ok: boolean }>(
          `SELECT at, value, label, label_en AS "labelEn", min, max, ok FROM fall_checklist_value
            WHERE equipment_id = $1 AND item_key = $2 AND at >= $3::timestamptz AND at <= $4::timestamptz ORDER BY at, id LIMIT 500`,
          [equipmentId, checkKey, from, now.toISOString()],
        )
      : [];
  return {
    boardId,
    ch,
    ...channel,
    analogMin: Number(channel.analogMin),
    analogMax: Number(channel.analogMax),
    range,
    grain,
    stepSeconds,
    from,
    to: now.toISOString(),
    points: rows.map((r) => {
      const count = Number(r.count);
      return { t: new Date(r.t).toISOString(), min: Number(r.min), max: Number(r.max), avg: count ? Number(r.sum) / count : 0, count, faults: Number(r.faults) };
    }),
    marks: warnings.map((w) => ({ id: w.id, at: new Date(w.at).toISOString(), level: w.level, kind: w.kind, dealAt: w.dealAt === null ? null : new Date(w.dealAt).toISOString() })),
    checks: checks.map((c) => ({ at: new Date(c.at).toISOString(), value: Number(c.value), label: c.label, labelEn: c.labelEn, min: c.min === null ? null : Number(c.min), max: c.max === null ? null : Number(c.max), ok: c.ok })),
  };
}
