import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { CHANNEL_COUNT, type ChannelReading } from '@shared/contracts/detect';
import { SWITCH_FAULT } from '@shared/constants';
import type { Db } from '../../../db/client';
import { publishLive } from '../../../live';
import { applyReading, type ReadingOutcome } from './readings';
import { isAbnormal } from './conditioning';
import { isDatabaseUnavailable } from '../../../db/availability';
import { recordGaps } from './missing';

/** While the database is unreachable a batch is tried again this often: written within it of the database's return. */
const UNAVAILABLE_RETRY_MS = 1_000;

/** submit() after close(): the reading was not taken (nothing of it is stored). */
export class IngestClosedError extends Error {
  constructor() {
    super('reading ingest is closed');
  }
}

/** Where a reading came from (stored with the raw reading). */
export type ReadingSource = 'http' | 'modbus' | 'mqtt' | 'demo';

export interface IngestOptions {
  /** A batch is written once it holds this many readings… */
  maxRows?: number;
  /** …or this long after its first reading arrived. */
  maxWaitMs?: number;
  /** Attempts for a batch whose write fails, with doubling back-off, before its readings are reported lost. */
  attempts?: number;
  retryBaseMs?: number;
  /** Readings waiting beyond this: `room()` makes producers (the MQTT subscriber) wait. */
  highWater?: number;
}

export interface IngestStats {
  /** Readings taken in (submit called). */
  accepted: number;
  /** Readings whose raw row is committed. */
  stored: number;
  /** Readings given up after every attempt failed (logged as an error each time). */
  lost: number;
  /** Batches written, and write attempts that failed and were retried. */
  batches: number;
  retries: number;
  /** Readings that changed a channel's state and went through applyReading one by one. */
  slow: number;
  /** Readings already stored (same board and time: retained, redelivered, replayed): dropped. */
  repeats: number;
  /** Readings older than their board's latest: stored in the history, not applied. */
  older: number;
  queued: number;
  /** Ingest lag (reading sent, or accepted, to stored) in ms: p50, p95, max over the recent window. */
  lagMs: { p50: number; p95: number; max: number; samples: number };
}

/** How a reading came out: applied (the lists), or kept without applying it. */
export interface SubmitOutcome extends ReadingOutcome {
  /**
   * 'repeat': the board's reading at this time is already stored (a retained message, a redelivery,
   * a replay): nothing is stored or applied again. 'older': older than the board's latest reading
   * (it arrived late): stored in the history and trends, never applied as a new event.
   */
  kept?: 'repeat' | 'older';
}

export interface SubmitOptions {
  /** The reading's own time (the board's clock, already checked against detect.clockSkewSeconds); default: now. */
  at?: Date;
  /** When the reading left its board, where the protocol says so (lag measurement only). */
  sentAt?: number;
  /** The board's message counter, where its signed reading carries one (missing readings: missing.ts). */
  seq?: number;
}

interface Pending {
  boardId: number;
  channels: ChannelReading[];
  /** The reading's time: the board's own, or its arrival. A board's readings are stored once per time. */
  at: Date;
  /** When the reading left its board, where the protocol says so (lag measurement only). */
  sentAt?: number;
  source: ReadingSource;
  seq?: number;
  resolve: (outcome: SubmitOutcome) => void;
  reject: (err: unknown) => void;
}

const LAG_WINDOW = 20_000;

declare module 'fastify' {
  interface FastifyInstance {
    readings: ReadingIngest;
  }
}

/**
 * Every board reading (HTTP push, Modbus poll, MQTT) enters here. Readings are collected for up to
 * maxWaitMs or maxRows and written together in one transaction:
 * - one multi-row INSERT of the raw readings (detect_reading);
 * - for boards whose reading changes no channel's state (the usual case: normal stays normal,
 *   a fault stays a fault), one UPDATE of their channels' latest values and one of their boards'
 *   last-seen time, under the same board row locks applyReading takes;
 * - a reading for a bucket the trend job has already rolled up (a late, retried batch) is merged
 *   into the trend directly, so the trend misses nothing.
 * A board's readings that do change a state (a new fault, a recovery under way, a board back
 * online) then go through applyReading one at a time, in arrival order (all of that board's
 * readings in the batch): the one place warnings, orders and equipment state are decided.
 * A failed write is retried with back-off (the readings stay queued, in order); after the last
 * attempt they are rejected and counted lost, with an error in the log.
 */
export class ReadingIngest {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** hurry() was called while a batch was being written: the next batch is written right after it. */
  private hurried = false;
  private closed = false;
  private waiters: (() => void)[] = [];
  private readonly arrivals = new Map<number, number>();
  private readonly lags: number[] = [];
  private lagAt = 0;
  private counts = { accepted: 0, stored: 0, lost: 0, batches: 0, retries: 0, slow: 0, repeats: 0, older: 0 };
  private readonly maxRows: number;
  private readonly maxWaitMs: number;
  private readonly attempts: number;
  private readonly retryBaseMs: number;
  private readonly highWater: number;

  constructor(
    private readonly app: FastifyInstance,
    opts: IngestOptions = {},
  ) {
    this.maxRows = opts.maxRows ?? 500;
    this.maxWaitMs = opts.maxWaitMs ?? 250;
    this.attempts = opts.attempts ?? 6;
    this.retryBaseMs = opts.retryBaseMs ?? 250;
    this.highWater = opts.highWater ?? 5_000;
  }

  /** Queues one reading; settles with its outcome once it is stored (and applied). */
  submit(boardId: number, channels: ChannelReading[], source: ReadingSource, opts: SubmitOptions = {}): Promise<SubmitOutcome> {
    if (this.closed) return Promise.reject(new IngestClosedError());
    this.counts.accepted += 1;
    return new Promise<SubmitOutcome>((resolve, reject) => {
      this.queue.push({ boardId, channels, at: opts.at ?? this.arrival(boardId), sentAt: opts.sentAt, source, seq: opts.seq, resolve, reject });
      this.schedule();
    });
  }

  /**
   * The time of a reading that brings none (a Modbus poll, a demo board): its arrival, one
   * millisecond after the board's previous one at least, so two never share a time (the raw history
   * keeps one reading per board and time, and would take the second for a repeat).
   */
  private arrival(boardId: number): Date {
    const last = this.arrivals.get(boardId) ?? 0;
    const at = Math.max(Date.now(), last + 1);
    this.arrivals.set(boardId, at);
    return new Date(at);
  }

  /** Resolves when the queue is below its high-water mark (producers that can wait call this first). */
  room(): Promise<void> {
    if (this.queue.length < this.highWater) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Writes what is queued now rather than at the batch's timer, or right after the batch being
   * written: for a producer that gets nothing more until its readings are stored (the MQTT
   * subscriber, whose broker sends no more once the unacknowledged messages fill its window).
   */
  hurry(): void {
    if (!this.queue.length) return;
    if (this.flushing) {
      this.hurried = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.flushNow();
  }

  /** Writes everything queued now; resolves when the queue is empty. */
  async drain(): Promise<void> {
    while (this.queue.length || this.flushing) {
      if (this.flushing) await this.flushing;
      else await this.flushNow();
    }
  }

  /** Stops taking readings and writes what is queued. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.drain();
  }

  stats(): IngestStats {
    const sorted = [...this.lags].sort((a, b) => a - b);
    const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
    return {
      ...this.counts,
      queued: this.queue.length,
      lagMs: { p50: Math.round(at(0.5)), p95: Math.round(at(0.95)), max: Math.round(sorted[sorted.length - 1] ?? 0), samples: sorted.length },
    };
  }

  private schedule(): void {
    if (this.flushing) return; // the running flush looks at the queue again when done
    if (this.queue.length >= this.maxRows) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      void this.flushNow();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flushNow();
      }, this.maxWaitMs);
      this.timer.unref?.();
    }
  }

  private flushNow(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = null;
      const hurried = this.hurried;
      this.hurried = false;
      if (hurried && this.queue.length) void this.flushNow();
      else if (this.queue.length) this.schedule();
    });
    return this.flushing;
  }

  private async flushLoop(): Promise<void> {
    const batch = this.queue.slice(0, this.maxRows);
    if (!batch.length) return;
    let slow: Pending[] = [];
    let kept = new Map<Pending, 'repeat' | 'older'>();
    for (let attempt = 1; ; attempt++) {
      try {
        ({ slow, kept } = await this.write(batch));
        break;
      } catch (err) {
        // The database gone (a restart, a failover): the batch waits, with the queue behind it
        // (bounded: submitters wait past highWater), and is written once the database is back.
        const waiting = isDatabaseUnavailable(err);
        if (waiting) this.app.availability?.failed(err);
        if (attempt >= this.attempts && !waiting) {
          this.queue.splice(0, batch.length);
          this.counts.lost += batch.length;
          this.app.log.error({ err: (err as Error).message, readings: batch.length, attempts: attempt }, 'reading batch lost: the database refused it on every attempt');
          for (const p of batch) p.reject(err);
          this.wake();
          return;
        }
        this.counts.retries += 1;
        this.app.log.warn({ err: (err as Error).message, readings: batch.length, attempt }, 'reading batch failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(this.retryBaseMs * 2 ** (Math.min(attempt, this.attempts) - 1), waiting ? UNAVAILABLE_RETRY_MS : Infinity)));
      }
    }
    this.queue.splice(0, batch.length);
    this.counts.batches += 1;
    for (const how of kept.values()) this.counts[how === 'repeat' ? 'repeats' : 'older'] += 1;
    this.counts.stored += batch.length - [...kept.values()].filter((k) => k === 'repeat').length;
    this.wake();
    const storedAt = Date.now();
    for (const p of batch) if (!kept.has(p)) this.lag(storedAt - (p.sentAt ?? p.at.getTime()));

    const slowSet = new Set(slow);
    for (const p of batch) if (!slowSet.has(p)) p.resolve({ opened: [], closed: [], orders: [], ...(kept.has(p) ? { kept: kept.get(p) } : {}) });
    // Readings that move a state: the reading service, one at a time, in arrival order.
    this.counts.slow += slow.length;
    for (const p of slow) {
      try {
        p.resolve(await applyReading(this.app, p.boardId, p.channels, seenAt(p, storedAt)));
      } catch (err) {
        p.reject(err);
      }
    }
  }

  private wake(): void {
    while (this.waiters.length && this.queue.length < this.highWater) this.waiters.shift()!();
  }

  private lag(ms: number): void {
    // A ring of recent samples: the percentile describes now, not the whole uptime.
    if (this.lags.length < LAG_WINDOW) this.lags.push(ms);
    else this.lags[this.lagAt++ % LAG_WINDOW] = ms;
  }

  /**
   * One transaction: raw rows, late trend merges, the quiet boards' latest values. Returns the
   * readings left for applyReading, and those kept without applying (repeats, older ones).
   */
  private async write(batch: Pending[]): Promise<{ slow: Pending[]; kept: Map<Pending, 'repeat' | 'older'> }> {
    const published = new Map<number | undefined, number[]>();
    const kept = new Map<Pending, 'repeat' | 'older'>();
    const now = Date.now();

    const slow = await this.app.database.db.transaction(async (tx) => {
      kept.clear(); // a retried attempt decides again
      // Shared lock on the roll-up marks: the trend job (FOR UPDATE) waits for this batch, and this
      // batch sees where it got to, so a reading is either rolled by the job or merged here.
      const marks = await tx.execute(sql`SELECT grain, upto FROM detect_trend_mark ORDER BY grain FOR SHARE`);
      const markOf = new Map((marks.rows as { grain: string; upto: Date | string }[]).map((m) => [m.grain.trim(), new Date(m.upto).getTime()]));

      // One raw row per board and reading time: a second reading of the same time in this batch, or
      // one already stored (a retained message, a redelivery, a replay), is a repeat.
      const firsts = new Map<string, Pending>();
      for (const p of batch) {
        const k = `${p.boardId}:${p.at.getTime()}`;
        if (firsts.has(k)) kept.set(p, 'repeat');
        else firsts.set(k, p);
      }
      const raw = [...firsts.values()].map((p) => {
        const switches: (number | null)[] = Array(CHANNEL_COUNT).fill(null);
        const analogs: (number | null)[] = Array(CHANNEL_COUNT).fill(null);
        for (const c of p.channels) {
          if (c.ch < 1 || c.ch > CHANNEL_COUNT) continue;
          switches[c.ch - 1] = c.switch;
          analogs[c.ch - 1] = c.analog;
        }
        // Array literals ('{0,1,NULL,…}') cast in one go: cheaper than unpacking JSON arrays row by row.
        const literal = (values: (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
        return { b: p.boardId, t: p.at.toISOString(), s: literal(switches), a: literal(analogs), o: p.source, q: p.seq ?? null };
      });
      const inserted = (
        await tx.execute(sql`
          INSERT INTO detect_reading (detect_id, at, switches, analogs, source, seq)
          SELECT (r->>'b')::int, (r->>'t')::timestamptz, (r->>'s')::smallint[], (r->>'a')::double precision[], r->>'o', (r->>'q')::bigint
            FROM jsonb_array_elements(${JSON.stringify(raw)}::jsonb) AS r
          ON CONFLICT (detect_id, at) DO NOTHING
          RETURNING detect_id AS b, round(extract(epoch FROM at) * 1000)::float8 AS ms`)
      ).rows as { b: number; ms: number }[];
      const insertedKeys = new Set(inserted.map((r) => `${Number(r.b)}:${Number(r.ms)}`));
      for (const [k, p] of firsts) if (!insertedKeys.has(k)) kept.set(p, 'repeat');
      const fresh = batch.filter((p) => !kept.has(p));

      const minuteMark = markOf.get('m') ?? 0;
      const late = fresh.filter((p) => p.at.getTime() < minuteMark);
      if (late.length) await mergeLate(tx, late, minuteMark, markOf.get('h') ?? 0);

      // The quiet boards: lock them (in id order, as applyReading locks one) and read their channels.
      // A board is quiet when none of its readings in this batch changes a channel's state: judged
      // against the same stored state, they add up to the last values and one streak step per reading.
      const ids = [...new Set(fresh.map((p) => p.boardId))].sort((a, b) => a - b);
      const quiet = new Set<number>();
      const updates = new Map<string, { b: number; ch: number; s: number; a: number; f: boolean; t: string; n: number }>();
      const seen = new Map<number, string>();
      if (ids.length) {
        const rows = (
          await tx.execute(sql`
            SELECT d.id, d.project_id AS "projectId", d.online, d.last_seen AS "lastSeen", c.ch, c.result, c.analog_min AS "analogMin", c.analog_max AS "analogMax",
                   (c.pending_since IS NOT NULL OR c.normal_since IS NOT NULL) AS pending, coalesce(c.deadband, dv.deadband, 0) AS deadband
              FROM fall_detect d JOIN fall_detect_channel c ON c.detect_id = d.id
              LEFT JOIN fall_eq_info e ON e.id = c.equipment_id LEFT JOIN fall_device dv ON dv.id = e.device_id
             WHERE d.id IN (SELECT id FROM fall_detect WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY id FOR UPDATE)`)
        ).rows as { id: number; projectId: number; online: boolean; lastSeen: Date | string | null; ch: number; result: string; analogMin: number; analogMax: number; pending: boolean; deadband: number }[];
        const channelsOf = new Map<number, typeof rows>();
        for (const r of rows) {
          const list = channelsOf.get(Number(r.id)) ?? [];
          if (!list.length) channelsOf.set(Number(r.id), list);
          list.push(r);
        }
        // A board's readings in the order they were read; one older than the board's latest applied
        // reading (late: a queue drained after an outage, another instance ahead) is history only.
        const latest = new Map<number, number>();
        for (const [id, list] of channelsOf) if (list[0].lastSeen) latest.set(id, new Date(list[0].lastSeen).getTime());
        const ordered = [...fresh].sort((a, b) => a.at.getTime() - b.at.getTime());
        const apply: Pending[] = [];
        for (const p of ordered) {
          const seenMs = seenAt(p, now).getTime();
          if (seenMs < (latest.get(p.boardId) ?? -Infinity)) kept.set(p, 'older');
          else {
            latest.set(p.boardId, seenMs);
            apply.push(p);
          }
        }
        const moving = new Set<number>();
        for (const p of apply) {
          const stored = channelsOf.get(p.boardId);
          if (!stored || !stored[0].online) {
            moving.add(p.boardId);
            continue;
          }
          const byCh = new Map(stored.map((c) => [Number(c.ch), c]));
          for (const r of p.channels) {
            const c = byCh.get(r.ch);
            if (!c) continue;
            // Normal stays normal, a fault stays a fault (judged as applyReading judges it: an alarm
            // clears past its deadband), and no on-delay or off-delay is running (it may have run
            // out, or need stopping): nothing but values and counters move.
            const inAlarm = c.result === 'fault';
            if (c.pending || isAbnormal(r, { analogMin: Number(c.analogMin), analogMax: Number(c.analogMax) }, inAlarm, Number(c.deadband)) !== inAlarm) moving.add(p.boardId);
          }
        }
        for (const p of apply) {
          const stored = channelsOf.get(p.boardId);
          if (!stored || moving.has(p.boardId)) continue;
          const byCh = new Map(stored.map((c) => [Number(c.ch), c]));
          const t = seenAt(p, now).toISOString();
          for (const r of p.channels) {
            if (!byCh.has(r.ch)) continue;
            const key = `${p.boardId}:${r.ch}`;
            const before = updates.get(key);
            updates.set(key, { b: p.boardId, ch: r.ch, s: r.switch, a: r.analog, f: byCh.get(r.ch)!.result === 'fault', t, n: (before?.n ?? 0) + 1 });
          }
          seen.set(p.boardId, t);
          if (quiet.has(p.boardId)) continue;
          quiet.add(p.boardId);
          const project = Number(stored[0].projectId);
          published.set(project, [...(published.get(project) ?? []), p.boardId]);
        }
      }
      // Under the boards' locks: the gaps around the readings stored now (missing.ts).
      await recordGaps(tx, fresh);
      if (updates.size) {
        await tx.execute(sql`
          UPDATE fall_detect_channel c
             SET switch_value = (u->>'s')::smallint, analog_value = (u->>'a')::double precision, updated_at = (u->>'t')::timestamptz,
                 normal_streak = CASE WHEN (u->>'f')::boolean THEN 0 ELSE LEAST(c.normal_streak + (u->>'n')::int, 1000000) END
            FROM jsonb_array_elements(${JSON.stringify([...updates.values()])}::jsonb) AS u
           WHERE c.detect_id = (u->>'b')::int AND c.ch = (u->>'ch')::int`);
      }
      if (seen.size) {
        await tx.execute(sql`
          UPDATE fall_detect d SET last_seen = (s->>'t')::timestamptz
            FROM jsonb_array_elements(${JSON.stringify([...seen].map(([b, t]) => ({ b, t })))}::jsonb) AS s
           WHERE d.id = (s->>'b')::int`);
      }
      // Applied one by one, in the order they were read.
      return [...fresh].sort((a, b) => a.at.getTime() - b.at.getTime()).filter((p) => !quiet.has(p.boardId) && !kept.has(p));
    });
    // The walls hear of the quiet boards once per project and batch (the slow ones publish themselves).
    for (const [projectId, boards] of published) {
      await publishLive(this.app, { topic: 'channel', projectId, ...(boards.length === 1 ? { id: boards[0] } : {}) });
    }
    return { slow, kept };
  }
}

/** When a board was last heard from, as stored: its reading's time, never later than now (a fast clock does not keep it online). */
function seenAt(p: Pending, now: number): Date {
  return p.at.getTime() > now ? new Date(now) : p.at;
}

/** Late readings (their minute already rolled up): merged into the minute trend, and the hour trend when that is rolled too. */
async function mergeLate(tx: Db, late: Pending[], minuteMark: number, hourMark: number): Promise<void> {
  const cells = late.flatMap((p) =>
    p.channels.map((c) => ({ b: p.boardId, ch: c.ch, t: p.at.toISOString(), a: c.analog, s: c.switch === SWITCH_FAULT ? 1 : 0, h: p.at.getTime() < hourMark })),
  );
  if (!cells.length || minuteMark <= 0) return;
  const merge = (grain: 'm' | 'h', unit: 'minute' | 'hour', only: typeof cells) =>
    only.length
      ? tx.execute(sql`
          INSERT INTO detect_trend (grain, detect_id, ch, bucket, min, max, sum, count, faults)
          SELECT ${grain}, (c->>'b')::int, (c->>'ch')::smallint, date_trunc(${unit}, (c->>'t')::timestamptz),
                 min((c->>'a')::float8), max((c->>'a')::float8), sum((c->>'a')::float8), count(*), sum((c->>'s')::int)
            FROM jsonb_array_elements(${JSON.stringify(only)}::jsonb) AS c
           GROUP BY 2, 3, 4
          ON CONFLICT (grain, detect_id, ch, bucket) DO UPDATE SET
            min = LEAST(detect_trend.min, EXCLUDED.min), max = GREATEST(detect_trend.max, EXCLUDED.max),
            sum = detect_trend.sum + EXCLUDED.sum, count = detect_trend.count + EXCLUDED.count, faults = detect_trend.faults + EXCLUDED.faults`)
      : Promise.resolve();
  await merge('m', 'minute', cells);
  await merge('h', 'hour', cells.filter((c) => c.h));
}

/** Decorates the app with its reading ingest (app.readings) and writes what is queued when the app closes. */
export const ingestPlugin = fp(async (app: FastifyInstance, opts: IngestOptions) => {
  const ingest = new ReadingIngest(app, opts);
  app.decorate('readings', ingest);
  app.addHook('onClose', async () => ingest.close());
});
