import type { Database } from '../client';
import { fleetProfile, hashUnit, type ChannelProfile } from '../../modules/operations/predict/degradation';
import { WINDOW_DAYS } from '../../modules/operations/predict/detector';
import { writeHistory, type HistoryChannel } from '../../modules/operations/predict/history';
import { dayNumber, hourMasks, scanChannels } from '../../modules/operations/predict/predict.service';
import { R } from './seed-sql';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The simulator's seed for the demo's channels (degradation.ts: the same seed, the same readings). */
const DEMO_PREDICT_SEED = 20240607;
/** Hours of per-minute history of a degrading channel before the seed's hour (the trend's 24 h view reads the minute trend). */
const MINUTE_HOURS = 24;

/**
 * The demo's degradations, one per chosen board, in hours from the start of the history's first day
 * (00:00 UTC, WINDOW_DAYS days before the seed's day; hour 24 × WINDOW_DAYS is the start of the
 * seed's day). Aligned on days, the daily summaries the detector reads are the same whatever the
 * hour the demo is seeded at, and every fault lies after the seed's day. Two linear drifts up and
 * one down, an accelerating drift, rising flicker (~12 dips a day against ~1) and a step after
 * maintenance four days ago followed by a slow drift. Chosen by running the detector on a thousand
 * channels of each, over the demo's show times, levels and noise, in several time zones: each was
 * flagged on the seed's day and the next (the accelerating drift missed about 1 in 1,000), the step
 * read as a step on the seed's day in 84–100 % of them (else as a drift), the drifts projected to
 * leave the range in ~2–4 days (median), and no healthy channel was flagged.
 */
const DEGRADATIONS: Pick<ChannelProfile, 'kind' | 'dir' | 'onsetHour' | 'faultHour'>[] = [
  { kind: 'drift', dir: 1, onsetHour: -48, faultHour: 480 },
  { kind: 'flicker', dir: 1, onsetHour: 192, faultHour: 720 },
  { kind: 'accel', dir: 1, onsetHour: -24, faultHour: 408 },
  { kind: 'step', dir: 1, onsetHour: 240, faultHour: 1000 },
  { kind: 'drift', dir: -1, onsetHour: 0, faultHour: 480 },
  { kind: 'drift', dir: 1, onsetHour: -96, faultHour: 492 },
];

/** The UTC hours [from, to) wholly inside a project's show (hourMasks' show mask); [0, 0] without one. */
function showHours(mask: number): [number, number] {
  for (let h = 0; h < 24; h++) {
    if (!(mask & (1 << h)) || mask & (1 << ((h + 23) % 24))) continue;
    let n = 0;
    while (n < 24 && mask & (1 << ((h + n) % 24))) n++;
    return [h, (h + n) % 24];
  }
  return [0, 0];
}

export interface DemoRiskSummary {
  /** Channels given a history, and the cells written. */
  channels: number;
  hours: number;
  minutes: number;
  /** Findings the detector opened, and their preventive orders. */
  findings: number;
  orders: number;
}

/**
 * The demo's units at risk, found by the predictive detector itself (docs/predictive.md): one board
 * per project on a few projects (those with a site plan first, so the project wall rings the unit),
 * online and with its units working. Every channel of a working unit on those boards gets the
 * simulator's per-hour history (degradation.ts) from the detector's window up to the seed's hour:
 * one channel per board degrades (DEGRADATIONS), with its last day per minute too; the others are
 * healthy. The hour and minute marks of the trend move to the seed's hour (what the trend shows is
 * rolled up; the live readings continue from there), each channel's reading is its last hour, and
 * the real scan (scanChannels, what the hourly predict.scan job runs) summarises the days and opens
 * the findings and their preventive orders through the orders repository. Call it once the units'
 * states are computed (a unit with an open order is not working).
 */
export async function seedDemoRisks(database: Database, first: number, last: number, now = new Date()): Promise<DemoRiskSummary> {
  const boards = await database.query<{ id: number; show: string }>(
    `SELECT id, show FROM (
       SELECT DISTINCT ON (b.project_id) b.id, p.daily_show_time AS show, p.map_background IS NOT NULL AS planned, ${R("b.id || 'predict'")} AS r
         FROM fall_detect b JOIN fall_project p ON p.id = b.project_id
        WHERE b.project_id BETWEEN $1 AND $2 AND b.online AND b.archived_at IS NULL
          AND EXISTS (SELECT 1 FROM fall_detect_channel c JOIN fall_eq_info e ON e.id = c.equipment_id WHERE c.detect_id = b.id AND c.result = 'normal' AND e.state = 'normal')
        ORDER BY b.project_id, r) x
      ORDER BY planned DESC, r LIMIT $3`,
    [first, last, DEGRADATIONS.length],
  );
  const wired = await database.query<{ detectId: number; ch: number }>(
    `SELECT c.detect_id AS "detectId", c.ch FROM fall_detect_channel c JOIN fall_eq_info e ON e.id = c.equipment_id
      WHERE c.detect_id = ANY($1::int[]) AND c.result = 'normal' AND e.state = 'normal' ORDER BY c.detect_id, c.ch`,
    [boards.map((b) => b.id)],
  );
  const channels: HistoryChannel[] = boards.flatMap((board, i) => {
    const [showFrom, showTo] = showHours(hourMasks(board.show).show);
    const own = wired.filter((c) => c.detectId === board.id);
    const degrading = own[Math.floor(hashUnit(DEMO_PREDICT_SEED, board.id) * own.length)];
    return own.map(({ detectId, ch }) => {
      // The simulator's draw of levels and noise (0–100, the demo's channel range), in the project's show hours.
      const drawn = fleetProfile({ seed: DEMO_PREDICT_SEED, channels: 9, degradedShare: 0, days: WINDOW_DAYS, faultFromDay: 0 }, detectId, ch);
      const show = showFrom === showTo ? drawn.idle : drawn.idle + 10 + 15 * hashUnit(DEMO_PREDICT_SEED, drawn.key, 902);
      const profile: ChannelProfile = { ...drawn, showFrom, showTo, show, ...(ch === degrading.ch ? DEGRADATIONS[i] : {}) };
      return { detectId, ch, profile };
    });
  });
  if (!channels.length) return { channels: 0, hours: 0, minutes: 0, findings: 0, orders: 0 };

  const start = new Date((dayNumber(now) - WINDOW_DAYS) * DAY_MS);
  const upto = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const hours = (upto - start.getTime()) / HOUR_MS;
  // The degrading channels' last day per minute too (the trend's 24 h view): every channel's would
  // cost 1.8 s of the seed's CPU for 75,000 cells that show only normal readings.
  const degrading = channels.filter((c) => c.profile.kind !== 'healthy');
  const healthy = await writeHistory(database, channels.filter((c) => c.profile.kind === 'healthy'), { start, hours });
  const degraded = await writeHistory(database, degrading, { start, hours, minuteHours: MINUTE_HOURS, minuteFor: new Set(degrading.map((c) => c.detectId)) });
  // Everything before the seed's hour counts as rolled up: the trend shows these cells, and the trend
  // job rolls up only the live readings after them (nothing counted twice).
  await database.query(`UPDATE detect_trend_mark SET upto = GREATEST(upto, $1::timestamptz)`, [new Date(upto).toISOString()]);
  await database.query(
    `UPDATE fall_detect_channel c SET analog_value = round((t.sum / t.count)::numeric, 2)::float8
       FROM detect_trend t WHERE t.grain = 'h' AND t.bucket = $2::timestamptz AND t.detect_id = c.detect_id AND t.ch = c.ch AND c.detect_id = ANY($1::int[])`,
    [boards.map((b) => b.id), new Date(upto - HOUR_MS).toISOString()],
  );
  // The scan reads whole days, so it finds the same at any hour of the seed's day: run as at the day's
  // first minute, the preventive orders are not the newest thing a person can date a report before.
  const scan = await scanChannels(database, new Date(Math.min(now.getTime(), dayNumber(now) * DAY_MS + 60_000)));
  return { channels: channels.length, hours: healthy.hours + degraded.hours, minutes: degraded.minutes, findings: scan.opened, orders: scan.orders };
}
