/**
 * Simulated channel behaviour over days (issue 30, docs/predictive.md): healthy channels with a daily
 * show cycle, noise, a slow day-to-day wander and now and then a one-hour glitch; and degradations
 * that end in a fault — a slow drift towards a range limit (linear or accelerating), rising flicker
 * (more dips an hour) and a step after maintenance followed by a drift. Every value is a pure function
 * of (seed, channel key, time): any hour or minute can be computed alone, in any order, and a run with
 * the same seed is the same run. The demo simulator, `npm run simulate`, the history generator and
 * the predict bench all read channels from here.
 */

export type ChannelKind = 'healthy' | 'drift' | 'accel' | 'flicker' | 'step';

export interface ChannelProfile {
  kind: ChannelKind;
  /** A number unique to the channel within the seed (e.g. boardId * 16 + ch). */
  key: number;
  seed: number;
  /** The channel's normal range (fall_detect_channel analog_min / analog_max). */
  lo: number;
  hi: number;
  /** Level outside and during the show (the pump runs in the show). */
  idle: number;
  show: number;
  /** Show window in hours of the day (UTC), [start, end); start === end: no show. */
  showFrom: number;
  showTo: number;
  /** Noise (one standard deviation) of a minute's value. */
  noise: number;
  /** Hours since the start of the simulation when the degradation starts, and when the fault comes. */
  onsetHour: number;
  faultHour: number;
  /** Towards which limit a drift or step goes. */
  dir: 1 | -1;
}

/** One hour (or minute) of a channel, as detect_trend keeps it. */
export interface TrendCell {
  min: number;
  max: number;
  sum: number;
  count: number;
  faults: number;
}

/** A 32-bit integer hash of the numbers (splitmix-like), as a float in [0, 1). */
export function hashUnit(...xs: number[]): number {
  let h = 0x9e3779b9;
  for (const x of xs) {
    h = Math.imul(h ^ (x | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 4_294_967_296;
}

/** A standard normal deviate from two hashed uniforms (Box–Muller). */
export function hashNormal(...xs: number[]): number {
  const u = Math.max(1e-12, hashUnit(...xs, 1));
  const v = hashUnit(...xs, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const GLITCHES_PER_DAY = 0.4;
/** The healthy day-to-day wander of a level, as a share of the range. */
const WANDER = 0.012;
const SALT = { wander: 11, glitch: 12, glitchSize: 13, dip: 14, dipLen: 15, noise: 16, minute: 17 };

const span = (p: ChannelProfile) => p.hi - p.lo;
const inShow = (p: ChannelProfile, hourOfDay: number) =>
  p.showFrom === p.showTo ? false : p.showFrom < p.showTo ? hourOfDay >= p.showFrom && hourOfDay < p.showTo : hourOfDay >= p.showFrom || hourOfDay < p.showTo;

/** The operating level at an hour (show or idle) plus the healthy wander of that day. */
function baseLevel(p: ChannelProfile, hour: number): number {
  const day = Math.floor(hour / 24);
  const level = inShow(p, ((hour % 24) + 24) % 24) ? p.show : p.idle;
  // The sum of two daily deviates, half-weighted: a slow, bounded wander from day to day.
  const wander = (hashNormal(p.seed, p.key, day, SALT.wander) + hashNormal(p.seed, p.key, day - 1, SALT.wander)) * 0.5;
  return level + wander * WANDER * span(p);
}

/** How far the degradation has gone at `hour`: 0 before its onset, 1 at the fault. */
function progress(p: ChannelProfile, hour: number): number {
  if (p.kind === 'healthy' || hour < p.onsetHour) return 0;
  return Math.min(1, (hour - p.onsetHour) / Math.max(1, p.faultHour - p.onsetHour));
}

/** The limit the degradation heads for, and how far the show level (the highest or lowest operating level) must move to cross it. */
function distance(p: ChannelProfile): number {
  const edge = p.dir > 0 ? Math.max(p.show, p.idle) : Math.min(p.show, p.idle);
  const limit = p.dir > 0 ? p.hi : p.lo;
  // A little past the limit, so the fault is clearly outside the range at faultHour.
  return Math.abs(limit - edge) + 0.04 * span(p);
}

/** The degradation's offset of the level at `hour` (signed). */
export function degradationOffset(p: ChannelProfile, hour: number): number {
  const x = progress(p, hour);
  if (x <= 0) return 0;
  const d = distance(p) * p.dir;
  if (p.kind === 'drift') return d * x;
  if (p.kind === 'accel') return d * x * x;
  if (p.kind === 'step') return d * (0.55 + 0.45 * x);
  return 0;
}

/** Dips per hour of a flickering channel: none before its onset, rising to about one every other minute at the fault. */
function dipRate(p: ChannelProfile, hour: number): number {
  if (p.kind !== 'flicker') return 0;
  const x = progress(p, hour);
  return x <= 0 ? 0 : 30 * x * x;
}

export const isFaulted = (p: ChannelProfile, hour: number) => p.kind !== 'healthy' && hour >= p.faultHour;

/**
 * One hour of the channel (hour = hours since the simulation's start), as the per-hour trend holds it:
 * 60 readings a minute apart summarised, not simulated one by one (the bench writes millions of
 * them). The minute noise gives the hour's spread; a glitch is one reading far out; dips pull the
 * minimum down and the mean a little; a faulted hour reads past the limit with its switch closed.
 */
export function hourCell(p: ChannelProfile, hour: number): TrendCell {
  const count = 60;
  const s = span(p);
  let level = baseLevel(p, hour) + degradationOffset(p, hour);
  if (isFaulted(p, hour)) level = p.dir > 0 ? p.hi + 0.06 * s : p.lo - 0.06 * s;
  const mean = level + hashNormal(p.seed, p.key, hour, SALT.noise) * (p.noise / Math.sqrt(count));
  // The range of 60 normal readings is about ±2.3 standard deviations.
  const reach = p.noise * (2.1 + 0.4 * hashUnit(p.seed, p.key, hour, SALT.minute));
  let min = mean - reach;
  let max = mean + reach;
  let sum = mean * count;
  const dips = Math.floor(dipRate(p, hour) + hashUnit(p.seed, p.key, hour, SALT.dip));
  if (dips > 0) {
    const depth = s * (0.25 + 0.2 * hashUnit(p.seed, p.key, hour, SALT.dipLen));
    min = Math.min(min, mean - depth);
    sum -= depth * dips;
  }
  if (hashUnit(p.seed, p.key, hour, SALT.glitch) < GLITCHES_PER_DAY / 24) {
    const spike = s * (0.3 + 0.3 * hashUnit(p.seed, p.key, hour, SALT.glitchSize));
    max = Math.max(max, mean + spike);
    sum += spike;
  }
  return { min, max, sum, count, faults: isFaulted(p, hour) ? count : 0 };
}

/** One minute's reading of the channel (minute = minutes since the simulation's start): for the per-minute history and the live simulator. */
export function minuteValue(p: ChannelProfile, minute: number): { analog: number; fault: boolean } {
  const hour = Math.floor(minute / 60);
  const s = span(p);
  if (isFaulted(p, hour)) return { analog: p.dir > 0 ? p.hi + 0.06 * s : p.lo - 0.06 * s, fault: true };
  let analog = baseLevel(p, hour) + degradationOffset(p, hour) + hashNormal(p.seed, p.key, minute, SALT.noise) * p.noise;
  if (hashUnit(p.seed, p.key, minute, SALT.dip) < dipRate(p, hour) / 60) analog -= s * (0.25 + 0.2 * hashUnit(p.seed, p.key, minute, SALT.dipLen));
  if (hashUnit(p.seed, p.key, minute, SALT.glitch) < GLITCHES_PER_DAY / 1440) analog += s * 0.4;
  return { analog, fault: false };
}

/** One minute as a trend cell (a single reading). */
export function minuteCell(p: ChannelProfile, minute: number): TrendCell {
  const { analog, fault } = minuteValue(p, minute);
  return { min: analog, max: analog, sum: analog, count: 1, faults: fault ? 1 : 0 };
}

export interface FleetOptions {
  seed: number;
  /** Channels per board that carry an analog signal (of the nine). */
  channels: number;
  /** Share of channels that degrade during the run (0..1). */
  degradedShare: number;
  /** Simulated days; degradations reach their fault between `faultFromDay` and the end. */
  days: number;
  faultFromDay: number;
}

const KINDS: ChannelKind[] = ['drift', 'accel', 'flicker', 'step'];
const SHOWS: [number, number][] = [
  [11, 14],
  [12, 15],
  [13, 14],
  [0, 0],
];

/**
 * The profile of each channel of a simulated fleet: a seeded draw of levels, noise, show window and,
 * for `degradedShare` of the channels, a degradation whose fault falls between `faultFromDay` and the
 * last day, with its onset 3–10 days before (a step 3–6 days before).
 */
export function fleetProfile(opts: FleetOptions, boardIndex: number, ch: number): ChannelProfile {
  const { seed } = opts;
  const key = boardIndex * 16 + ch;
  const u = (salt: number) => hashUnit(seed, key, 900 + salt);
  const [showFrom, showTo] = SHOWS[Math.floor(hashUnit(seed, boardIndex, 950) * SHOWS.length)];
  const idle = 25 + 20 * u(1);
  const show = showFrom === showTo ? idle : idle + 10 + 15 * u(2);
  const base = { key, seed, lo: 0, hi: 100, idle, show, showFrom, showTo, noise: 0.8 + 1.5 * u(3), dir: (u(4) < 0.5 ? -1 : 1) as 1 | -1 };
  if (u(5) >= opts.degradedShare) return { ...base, kind: 'healthy', onsetHour: Infinity, faultHour: Infinity };
  const kind = KINDS[Math.floor(u(6) * KINDS.length)];
  const faultHour = Math.floor((opts.faultFromDay + u(7) * (opts.days - opts.faultFromDay)) * 24);
  const leadDays = kind === 'step' ? 3 + 3 * u(8) : 3 + 7 * u(8);
  return { ...base, kind, faultHour, onsetHour: Math.max(0, Math.floor(faultHour - leadDays * 24)) };
}
