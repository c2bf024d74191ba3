import type { Database } from '../../../db/client';
import { hourCell, minuteCell, type ChannelProfile, type TrendCell } from './degradation';

const HOUR_MS = 3_600_000;
/** Cells per INSERT: a few arrays of this length per statement. */
const BATCH = 20_000;
/** Cells per COPY (85 bytes each): fewer, larger statements for a bulk load. */
const COPY_BATCH = 200_000;

/**
 * A faster way in for bulk loads (the bench: PGlite's COPY from a blob): takes PostgreSQL's binary
 * COPY format (`WITH (FORMAT binary)`: no numbers printed as text and parsed back) of the columns
 * grain, detect_id, ch, bucket, min, max, sum, count, faults, into empty buckets.
 */
export type CopySink = (binary: Uint8Array<ArrayBuffer>) => Promise<void>;

/** Bytes of one row in binary COPY: field count, then each field's length and value. */
const ROW_BYTES = 2 + 9 * 4 + 1 + 4 + 2 + 8 + 8 * 3 + 4 + 4;
const COPY_SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
/** PostgreSQL's epoch (2000-01-01) in Unix milliseconds: binary timestamps count microseconds from it. */
const PG_EPOCH_MS = 946_684_800_000;

/** Rows in PostgreSQL's binary COPY format, written into one buffer. */
class BinaryRows {
  private buf: DataView<ArrayBuffer>;
  private at = 0;
  rows = 0;

  constructor(private readonly capacity: number) {
    this.buf = new DataView(new ArrayBuffer(19 + capacity * ROW_BYTES + 2));
    this.header();
  }

  private header() {
    COPY_SIGNATURE.forEach((b, i) => this.buf.setUint8(i, b));
    this.buf.setInt32(11, 0); // flags
    this.buf.setInt32(15, 0); // header extension
    this.at = 19;
    this.rows = 0;
  }

  get full() {
    return this.rows >= this.capacity;
  }

  add(grain: 'h' | 'm', detectId: number, ch: number, bucketMs: number, c: TrendCell) {
    const v = this.buf;
    const o = this.at;
    v.setInt16(o, 9);
    v.setInt32(o + 2, 1);
    v.setUint8(o + 6, grain.charCodeAt(0));
    v.setInt32(o + 7, 4);
    v.setInt32(o + 11, detectId);
    v.setInt32(o + 15, 2);
    v.setInt16(o + 19, ch);
    v.setInt32(o + 21, 8);
    // An int64 as two halves (exact: microseconds stay far below 2^53).
    const us = (bucketMs - PG_EPOCH_MS) * 1000;
    const high = Math.floor(us / 2 ** 32);
    v.setInt32(o + 25, high);
    v.setUint32(o + 29, us - high * 2 ** 32);
    v.setInt32(o + 33, 8);
    v.setFloat64(o + 37, c.min);
    v.setInt32(o + 45, 8);
    v.setFloat64(o + 49, c.max);
    v.setInt32(o + 57, 8);
    v.setFloat64(o + 61, c.sum);
    v.setInt32(o + 69, 4);
    v.setInt32(o + 73, c.count);
    v.setInt32(o + 77, 4);
    v.setInt32(o + 81, c.faults);
    this.at = o + ROW_BYTES;
    this.rows++;
  }

  /** The buffer so far with its trailer; the writer starts again after. */
  take(): Uint8Array<ArrayBuffer> {
    this.buf.setInt16(this.at, -1);
    const out = new Uint8Array(this.buf.buffer.slice(0, this.at + 2));
    this.header();
    return out;
  }
}

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
  /** With `copy`: the rows in binary, written as the cells come (no columns to walk again). */
  private readonly binary?: BinaryRows;

  constructor(
    private readonly database: Database,
    private readonly grain: 'h' | 'm',
    private readonly copy?: CopySink,
  ) {
    if (copy) this.binary = new BinaryRows(COPY_BATCH);
  }

  async add(detectId: number, ch: number, bucket: number, c: TrendCell): Promise<void> {
    if (this.binary) {
      this.binary.add(this.grain, detectId, ch, bucket, c);
      if (this.binary.full) await this.flush();
      return;
    }
    let text = this.iso.get(bucket);
    if (text === undefined) this.iso.set(bucket, (text = new Date(bucket).toISOString()));
    const k = this.cols;
    k.detect.push(detectId);
    k.ch.push(ch);
    k.bucket.push(text);
    k.min.push(c.min);
    k.max.push(c.max);
    k.sum.push(c.sum);
    k.count.push(c.count);
    k.faults.push(c.faults);
    if (k.detect.length >= BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.copy && this.binary) {
      if (!this.binary.rows) return;
      this.written += this.binary.rows;
      await this.copy(this.binary.take());
      return;
    }
    const k = this.cols;
    if (!k.detect.length) return;
    await this.database.query(
      `INSERT INTO detect_trend (grain, detect_id, ch, bucket, min, max, sum, count, faults)
       SELECT $1, * FROM unnest($2::int[], $3::smallint[], $4::timestamptz[], $5::float8[], $6::float8[], $7::float8[], $8::int[], $9::int[])
       ON CONFLICT (grain, detect_id, ch, bucket) DO UPDATE SET min = EXCLUDED.min, max = EXCLUDED.max, sum = EXCLUDED.sum, count = EXCLUDED.count, faults = EXCLUDED.faults`,
      [this.grain, k.detect, k.ch, k.bucket, k.min, k.max, k.sum, k.count, k.faults],
    );
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
