import type { Database } from '../../../db/client';
import { hourCell, minuteCell, type ChannelProfile, type TrendCell } from './degradation';

const HOUR_MS = 3_600_000;
/** Cells per INSERT: a few arrays of this length per statement. */
const BATCH = 20_000;

/**
 * A faster way in for bulk loads (the bench: PGlite's COPY from a blob): takes CSV lines of
 * grain,detect_id,ch,bucket,min,max,sum,count,faults into empty buckets.
 */
export type CopySink = (csv: string) => Promise<void>;

export interface HistoryChannel {
  detectId: number;
  ch: number;
  profile: ChannelProfile;
}

class TrendWriter {
  private readonly cols = { detect: [] as number[], ch: [] as number[], bucket: [] as string[], min: [] as number[], max: [] as number[], sum: [] as number[], count: [] as number[], faults: [] as number[] };
  written = 0;
  /** Bucket times as text, made once each (a bulk load writes each bucket for thousands of channels). */
  private readonly iso = new Map<number, string>();

  constructor(
    private readonly database: Database,
    private readonly grain: 'h' | 'm',
    private readonly copy?: CopySink,
  ) {}

  async add(detectId: number, ch: number, bucket: number, c: TrendCell): Promise<void> {
    const k = this.cols;
    k.detect.push(detectId);
    k.ch.push(ch);
    let text = this.iso.get(bucket);
    if (text === undefined) this.iso.set(bucket, (text = new Date(bucket).toISOString()));
    k.bucket.push(text);
    k.min.push(c.min);
    k.max.push(c.max);
    k.sum.push(c.sum);
    k.count.push(c.count);
    k.faults.push(c.faults);
    if (k.detect.length >= BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    const k = this.cols;
    if (!k.detect.length) return;
    if (this.copy) {
      const lines: string[] = [];
      for (let i = 0; i < k.detect.length; i++) lines.push(`${this.grain},${k.detect[i]},${k.ch[i]},${k.bucket[i]},${k.min[i]},${k.max[i]},${k.sum[i]},${k.count[i]},${k.faults[i]}`);
      await this.copy(`${lines.join('\n')}\n`);
    } else {
      await this.database.query(
      `INSERT INTO detect_trend (grain, detect_id, ch, bucket, min, max, sum, count, faults)
       SELECT $1, * FROM unnest($2::int[], $3::smallint[], $4::timestamptz[], $5::float8[], $6::float8[], $7::float8[], $8::int[], $9::int[])
       ON CONFLICT (grain, detect_id, ch, bucket) DO UPDATE SET min = EXCLUDED.min, max = EXCLUDED.max, sum = EXCLUDED.sum, count = EXCLUDED.count, faults = EXCLUDED.faults`,
        [this.grain, k.detect, k.ch, k.bucket, k.min, k.max, k.sum, k.count, k.faults],
      );
    }
    this.written += k.detect.length;
    for (const list of Object.values(k)) list.length = 0;
  }
}

/**
 * Writes simulated history straight into detect_trend, as the rollup would have left it: per hour
 * for `hours` hours from `start` (hour 0 of the profiles), and per minute for the last `minuteHours`
 * of them for the channels in `minuteFor` (board ids). Existing cells of those buckets are replaced
 * (not with `copy`, which needs them empty).
 * For tests, `npm run simulate -- --history` and the predict bench; returns the cells written.
 */
export async function writeHistory(
  database: Database,
  channels: HistoryChannel[],
  opts: { start: Date; hours: number; minuteHours?: number; minuteFor?: Set<number>; copy?: CopySink },
): Promise<{ hours: number; minutes: number }> {
  const start = Math.floor(opts.start.getTime() / HOUR_MS) * HOUR_MS;
  const hourly = new TrendWriter(database, 'h', opts.copy);
  for (let h = 0; h < opts.hours; h++) {
    for (const c of channels) await hourly.add(c.detectId, c.ch, start + h * HOUR_MS, hourCell(c.profile, h));
  }
  await hourly.flush();
  const minutely = new TrendWriter(database, 'm', opts.copy);
  const minuteHours = Math.min(opts.minuteHours ?? 0, opts.hours);
  if (minuteHours > 0 && opts.minuteFor?.size) {
    const from = (opts.hours - minuteHours) * 60;
    for (const c of channels) {
      if (!opts.minuteFor.has(c.detectId)) continue;
      for (let m = from; m < opts.hours * 60; m++) await minutely.add(c.detectId, c.ch, start + m * 60_000, minuteCell(c.profile, m));
    }
    await minutely.flush();
  }
  return { hours: hourly.written, minutes: minutely.written };
}
