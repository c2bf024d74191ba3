// The predict bench's TypeScript half (loaded through tsx by predict.bench.mjs): a simulated fleet's
// history written into the real tables of a fresh embedded database, then the real detector run
// (scanChannels, what the predict.scan job runs) once per simulated day, and its findings scored
// against what the simulation knows: which channels degrade and when each faults.
import { rm, mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedBase } from '../../src/server/db/seed/base';
import { seedBoards } from '../../src/server/modules/operations/detect/board-fixtures';
import { fleetProfile, hashUnit, type ChannelProfile, type FleetOptions } from '../../src/server/modules/operations/predict/degradation';
import { writeHistory, type HistoryChannel } from '../../src/server/modules/operations/predict/history';
import { detectRisks, summariseDays } from '../../src/server/modules/operations/predict/predict.service';

const DAY_MS = 86_400_000;

export interface PredictOptions {
  dir: string;
  boards: number;
  days: number;
  /** Boards with per-minute history for the last two days. */
  minuteBoards: number;
  seed: number;
  degradedShare: number;
  /** The first simulated day the detector runs on (it needs a few days of history). */
  firstRunDay: number;
  /** Runs the detector again on the fleet a previous run wrote into `dir` (same sizes and seed), without writing it anew. */
  reuse?: boolean;
}

export interface PredictFigures {
  degraded: number;
  flaggedBeforeFault: number;
  recall: number;
  leadMedianH: number;
  leadP10H: number;
  falseOrders: number;
  falsePer100BoardsWeek: number;
  cpuMaxS: number;
  cpuMedianS: number;
  summaryCpuMaxS: number;
  summaryCpuMedianS: number;
  runs: number;
  hourCells: number;
  minuteCells: number;
  writeS: number;
  byKind: Record<string, { degraded: number; flagged: number }>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const pad = (n: number) => String(n).padStart(2, '0');

export async function measurePredict(o: PredictOptions, log: (s: string) => void): Promise<PredictFigures> {
  if (!o.reuse) {
    await rm(o.dir, { recursive: true, force: true });
    await mkdir(o.dir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: o.dir });
  const database = pgliteDatabase(client);
  try {
    if (!o.reuse) {
      await migrate(database);
      await seedBase(database, { adminPassword: 'admin123', demoUsers: false });
    }
    const fleet: FleetOptions = { seed: o.seed, channels: 9, degradedShare: o.degradedShare, days: o.days, faultFromDay: o.firstRunDay + 3 };
    // One project per show window (the profile draws a board's window), its daily_show_time written in the server's local time.
    const offset = -new Date().getTimezoneOffset();
    const local = (utcHour: number) => {
      const m = (((utcHour * 60 + offset) % 1440) + 1440) % 1440;
      return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
    };
    const groups = new Map<string, number[]>();
    for (let b = 0; b < o.boards; b++) {
      const p = fleetProfile(fleet, b, 1);
      const show = p.showFrom === p.showTo ? '' : `${local(p.showFrom)}-${local(p.showTo)}`;
      groups.set(show, [...(groups.get(show) ?? []), b]);
    }
    const channels: (HistoryChannel & { profile: ChannelProfile })[] = [];
    let g = 0;
    for (const [show, indexes] of groups) {
      const boards = o.reuse
        ? await database.query<{ id: number }>(`SELECT d.id FROM fall_detect d JOIN fall_project p ON p.id = d.project_id WHERE p.unique_key = $1 ORDER BY d.board_no`, [`predict-${g}`])
        : await seedBoards(
            database,
            (await database.query<{ id: number }>(`INSERT INTO fall_project (name, unique_key, daily_show_time) VALUES ($1, $2, $3) RETURNING id`, [`Predict ${g}`, `predict-${g}`, show]))[0].id,
            indexes.length,
            { prefix: `P${g + 1}-` },
          );
      g++;
      boards.forEach((board, i) => {
        for (let ch = 1; ch <= fleet.channels; ch++) channels.push({ detectId: board.id, ch, profile: fleetProfile(fleet, indexes[i], ch) });
      });
    }
    const start = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - o.days * DAY_MS);
    const minuteFor = new Set<number>();
    const boardIds = [...new Set(channels.map((c) => c.detectId))];
    for (const id of boardIds) if (minuteFor.size < o.minuteBoards && hashUnit(o.seed, id, 77) < (o.minuteBoards * 1.5) / boardIds.length) minuteFor.add(id);
    const t0 = performance.now();
    let written = { hours: 0, minutes: 0 };
    if (!o.reuse) {
      // A bulk load: COPY into the table without its indexes (the primary key's included), each built
      // once after by one sort instead of millions of inserts into a btree.
      await database.exec('DROP INDEX detect_trend_bucket_idx; ALTER TABLE detect_trend DROP CONSTRAINT detect_trend_pkey');
      const copy = async (binary: Uint8Array<ArrayBuffer>) => {
        await client.query(`COPY detect_trend (grain, detect_id, ch, bucket, min, max, sum, count, faults) FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob: new Blob([binary]) });
      };
      written = await writeHistory(database, channels, { start, hours: o.days * 24, minuteHours: 48, minuteFor, copy });
      await database.exec(
        `SET maintenance_work_mem = '256MB';
         ALTER TABLE detect_trend ADD CONSTRAINT detect_trend_pkey PRIMARY KEY (grain, detect_id, ch, bucket);
         CREATE INDEX detect_trend_bucket_idx ON detect_trend (grain, bucket);
         RESET maintenance_work_mem`,
      );
    }
    const writeS = (performance.now() - t0) / 1000;
    log(`history: ${written.hours} hour cells, ${written.minutes} minute cells in ${writeS.toFixed(0)} s`);
    await database.exec('ANALYZE');

    const cpu: number[] = [];
    const summaryCpu: number[] = [];
    const cpuOf = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
      const before = process.cpuUsage();
      const value = await fn();
      const used = process.cpuUsage(before);
      return [value, (used.user + used.system) / 1e6];
    };
    for (let day = o.firstRunDay; day <= o.days; day++) {
      // What the job does at 00:07: summarise the day that just ended, then detect.
      const now = new Date(start.getTime() + day * DAY_MS + 7 * 60_000);
      const [summarised, sumS] = await cpuOf(() => summariseDays(database, now));
      const [r, s] = await cpuOf(() => detectRisks(database, now));
      // The first run summarises every day of the window at once (a new install): not a steady day.
      if (day > o.firstRunDay) summaryCpu.push(sumS);
      cpu.push(s);
      log(`day ${day}: ${JSON.stringify({ ...r, summarised })} detector cpu ${s.toFixed(2)} s, day summary cpu ${sumS.toFixed(2)} s`);
    }

    const risks = await database.query<{ detectId: number; ch: number; detectedAt: Date; kind: string }>(
      `SELECT detect_id AS "detectId", ch, detected_at AS "detectedAt", kind FROM fall_channel_risk ORDER BY detected_at`,
    );
    const profileOf = new Map(channels.map((c) => [c.detectId * 64 + c.ch, c.profile]));
    const firstRisk = new Map<number, Date>();
    let falseOrders = 0;
    for (const r of risks) {
      const p = profileOf.get(r.detectId * 64 + r.ch)!;
      if (p.kind === 'healthy') falseOrders++;
      else if (!firstRisk.has(r.detectId * 64 + r.ch)) firstRisk.set(r.detectId * 64 + r.ch, new Date(r.detectedAt));
    }
    const leads: number[] = [];
    const byKind: Record<string, { degraded: number; flagged: number }> = {};
    let degraded = 0;
    const firstRunAt = start.getTime() + o.firstRunDay * DAY_MS;
    for (const c of channels) {
      const p = c.profile;
      const faultAt = start.getTime() + p.faultHour * 3_600_000;
      // Degradations whose fault falls inside the runs (after the first one).
      if (p.kind === 'healthy' || faultAt <= firstRunAt || p.faultHour >= o.days * 24) continue;
      degraded++;
      const k = (byKind[p.kind] ??= { degraded: 0, flagged: 0 });
      k.degraded++;
      const at = firstRisk.get(c.detectId * 64 + c.ch);
      if (at && at.getTime() < faultAt) {
        k.flagged++;
        leads.push((faultAt - at.getTime()) / 3_600_000);
      }
    }
    const weeks = (o.days - o.firstRunDay) / 7;
    return {
      degraded,
      flaggedBeforeFault: leads.length,
      recall: degraded ? leads.length / degraded : 0,
      leadMedianH: median(leads),
      leadP10H: [...leads].sort((a, b) => a - b)[Math.floor(leads.length * 0.1)] ?? NaN,
      falseOrders,
      falsePer100BoardsWeek: falseOrders / (o.boards / 100) / weeks,
      cpuMaxS: Math.max(...cpu),
      cpuMedianS: median(cpu),
      summaryCpuMaxS: Math.max(...summaryCpu),
      summaryCpuMedianS: median(summaryCpu),
      runs: o.days - o.firstRunDay + 1,
      hourCells: written.hours,
      minuteCells: written.minutes,
      writeS,
      byKind,
    };
  } finally {
    await database.close();
  }
}
