/**
 * The predictive detector (issue 30, docs/predictive.md): pure, on one channel's daily summaries of
 * its per-hour history (fall_channel_day, written by predict.service.ts). Each day carries the median
 * of the show-time hours and of the idle hours apart (a pump draws more in the show: one baseline for
 * both would read every show as a jump), the median spread of an hour and how many hours went far
 * outside it (dips, glitches). Medians make one glitch hour, or one odd day, weigh nothing.
 *
 * Three tests, the first that fires names the finding:
 *  - drift: a Theil–Sen line (the median of every pairwise slope: robust to outlying days) through
 *    the daily levels, over the whole window and over its last days (an accelerating drift is
 *    steeper lately); projected to the range limit it heads for, flagged when it gets there within
 *    HORIZON_DAYS and the change is well above the day-to-day noise (MAD of the residuals).
 *  - step: the median of the last STEP_DAYS days against the median of the days before, flagged when
 *    the level moved by more than STEP_SHARE of the range and many times its noise.
 *  - flicker: a one-sided CUSUM of the daily share of far-out hours over the channel's own earlier
 *    share: a glitch now and then is its normal; more far-out hours day after day add up.
 * `widen` (fall_channel_baseline, raised when an engineer dismissed a finding as "not a problem")
 * multiplies every tolerance and divides the horizon: the same mild trend no longer fires.
 */

export interface DayFeature {
  /** Days since the epoch (UTC). */
  day: number;
  hours: number;
  faults: number;
  showLevel: number | null;
  idleLevel: number | null;
  /** Median max−min of the day's hours, and hours whose spread went far past it. */
  spread: number;
  excursions: number;
}

export interface ChannelHistory {
  lo: number;
  hi: number;
  /** Ascending by day. */
  days: DayFeature[];
  widen?: number;
}

export type RiskKind = 'drift' | 'flicker' | 'step';

export interface Finding {
  kind: RiskKind;
  /** The message key of the reason (src/shared/messages.ts) and its numbers. */
  reasonKey: 'text.risk.drift' | 'text.risk.flicker' | 'text.risk.step';
  params: Record<string, number | string>;
  /** ≥ 1 when flagged; how far past the tolerance. */
  score: number;
  /** Days from the last summarised day's end until the trend leaves the range (drift only). */
  etaDays: number | null;
}

export interface Assessment {
  /** The highest of the three tests' scores (≥ 1: a finding; under RECOVER_SCORE: recovered). */
  score: number;
  finding: Finding | null;
}

/** Days of history the detector looks at, and the fewest it needs. */
export const WINDOW_DAYS = 14;
export const MIN_DAYS = 5;
/** A drift is flagged when it is projected to leave the range within this many days. */
export const HORIZON_DAYS = 6;
/** The last days of the window whose own slope catches an accelerating drift. */
const RECENT_DAYS = 4;
/** The change over the window must exceed this many noise deviations, and this share of the range. */
const DRIFT_SIGMAS = 4;
const DRIFT_MIN_SHARE = 0.04;
const STEP_DAYS = 2;
const STEP_SHARE = 0.1;
const STEP_SIGMAS = 5;
/** Flicker CUSUM: allowance over the channel's own rate (share of hours) and the decision level. */
const CUSUM_K = 0.04;
const CUSUM_H = 0.3;
/** The earliest excursion share taken as normal (a glitch or two a day). */
const MIN_BASE_RATE = 1 / 24;
/** How far past the usual spread an hour must reach to count as far out (share of the range; as in the day summary). */
const FAR_SHARE = 0.05;
/** An open finding whose score falls under this is taken as recovered (hysteresis: flagged at 1). */
export const RECOVER_SCORE = 0.5;
/** A day with fewer hours of data does not count. */
const MIN_HOURS = 12;
/** Noise floor as a share of the range: a perfectly flat channel must not make every wiggle significant. */
const NOISE_FLOOR = 0.004;

/** Scratch space for medians: the detector takes thousands of them a run, each of a few dozen numbers. */
let scratch = new Float64Array(128);

/** The median of the first `n` numbers of `buf`, which it sorts in place (a typed array sorts numerically, without a comparator call per pair). */
function medianInPlace(buf: Float64Array, n: number): number {
  if (!n) return NaN;
  const s = buf.subarray(0, n).sort();
  const m = n >> 1;
  return n % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function scratchFor(n: number): Float64Array {
  if (scratch.length < n) scratch = new Float64Array(n * 2);
  return scratch;
}

export function median(xs: number[]): number {
  const buf = scratchFor(xs.length);
  for (let i = 0; i < xs.length; i++) buf[i] = xs[i];
  return medianInPlace(buf, xs.length);
}

/** Theil–Sen: the median of the pairwise slopes, and the median intercept at x = 0. */
export function theilSen(xs: number[], ys: number[]): { slope: number; intercept: number } {
  const buf = scratchFor((xs.length * (xs.length - 1)) / 2 + 1);
  let n = 0;
  for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) if (xs[j] !== xs[i]) buf[n++] = (ys[j] - ys[i]) / (xs[j] - xs[i]);
  const slope = n ? medianInPlace(buf, n) : 0;
  for (let i = 0; i < xs.length; i++) buf[i] = ys[i] - slope * xs[i];
  return { slope, intercept: medianInPlace(buf, xs.length) };
}

const round = (x: number, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits;
const signed = (x: number) => `${x > 0 ? '+' : ''}${x}`;

interface Series {
  xs: number[];
  ys: number[];
}

function levelSeries(days: DayFeature[], pick: (d: DayFeature) => number | null): Series {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const d of days) {
    const y = pick(d);
    if (y === null || !Number.isFinite(y)) continue;
    xs.push(d.day);
    ys.push(y);
  }
  return { xs, ys };
}

interface DriftResult {
  score: number;
  etaDays: number;
  pct: number;
  days: number;
}

function drift(s: Series, h: ChannelHistory, lastDay: number, widen: number): DriftResult | null {
  if (s.xs.length < MIN_DAYS) return null;
  const span = h.hi - h.lo;
  const all = theilSen(s.xs, s.ys);
  const residuals = s.ys.map((y, i) => y - (all.intercept + all.slope * s.xs[i]));
  const sigma = Math.max(1.4826 * median(residuals.map(Math.abs)), NOISE_FLOOR * span);
  const recentFrom = s.xs.length - RECENT_DAYS;
  const recent = theilSen(s.xs.slice(recentFrom), s.ys.slice(recentFrom));
  // An accelerating drift: its recent slope, when it points the same way and is steeper.
  const slope = Math.sign(recent.slope) === Math.sign(all.slope) && Math.abs(recent.slope) > Math.abs(all.slope) ? recent.slope : all.slope;
  const fit = slope === all.slope ? all : recent;
  if (slope === 0) return null;
  // The level at the end of the last day.
  const now = fit.intercept + slope * (lastDay + 1);
  const limit = slope > 0 ? h.hi : h.lo;
  const etaDays = Math.max(0, (limit - now) / slope);
  const daysSpanned = s.xs[s.xs.length - 1] - s.xs[0];
  const change = slope * daysSpanned;
  const significant = Math.abs(change) >= Math.max(DRIFT_SIGMAS * sigma, DRIFT_MIN_SHARE * span) * widen;
  const score = significant ? HORIZON_DAYS / widen / Math.max(etaDays, 0.25) : 0;
  // The reason says how far the level moved over the window: from the whole window's line at its
  // first day to the projected line at its last (an accelerating drift's recent slope times the whole
  // window overstated the move: "+70 %" for hours that had moved 40).
  const last = s.xs[s.xs.length - 1];
  const moved = fit.intercept + slope * last - (all.intercept + all.slope * s.xs[0]);
  return { score, etaDays, pct: round((100 * moved) / span), days: daysSpanned };
}

function step(s: Series, h: ChannelHistory, widen: number): { score: number; pct: number } | null {
  if (s.xs.length < MIN_DAYS) return null;
  const span = h.hi - h.lo;
  const before = s.ys.slice(0, -STEP_DAYS);
  const after = s.ys.slice(-STEP_DAYS);
  const base = median(before);
  const sigma = Math.max(1.4826 * median(before.map((y) => Math.abs(y - base))), NOISE_FLOOR * span);
  const shift = median(after) - base;
  const tolerance = Math.max(STEP_SIGMAS * sigma, STEP_SHARE * span) * widen;
  return { score: Math.abs(shift) / tolerance, pct: round((100 * shift) / span) };
}

function flicker(days: DayFeature[], span: number, widen: number): { score: number; perDay: number; before: number } | null {
  if (days.length < MIN_DAYS) return null;
  // The channel's own normal: the earlier part of the window (at least three days).
  const reference = days.slice(0, Math.max(3, days.length - 5));
  // Far-out hours are counted against the day's own typical hour; once most hours dip, the typical
  // hour is far out itself: such a day counts as at least half its hours far out.
  const usualSpread = median(reference.map((d) => d.spread));
  const rate = (d: DayFeature) => (d.spread > 2 * usualSpread + FAR_SHARE * span ? Math.max(0.5, d.excursions / d.hours) : d.excursions / d.hours);
  const base = Math.max(MIN_BASE_RATE, median(reference.map(rate)));
  let cusum = 0;
  for (const d of days.slice(reference.length)) cusum = Math.max(0, cusum + rate(d) - base - CUSUM_K);
  const last = days[days.length - 1];
  return { score: cusum / (CUSUM_H * widen), perDay: round((rate(last) * 24), 0), before: round(base * 24, 1) };
}

/**
 * The channel's assessment on the days up to `lastDay` (the last complete day). A channel faulting
 * in its last two days gets no finding: the alarm path has it already.
 */
export function assessChannel(h: ChannelHistory, lastDay: number): Assessment {
  const widen = Math.max(1, h.widen ?? 1);
  const days = h.days.filter((d) => d.day > lastDay - WINDOW_DAYS && d.day <= lastDay && d.hours >= MIN_HOURS);
  if (days.some((d) => d.day > lastDay - 2 && d.faults > 0)) return { score: 0, finding: null };
  const span = h.hi - h.lo;
  if (!(span > 0) || days.length < MIN_DAYS) return { score: 0, finding: null };
  const show = levelSeries(days, (d) => d.showLevel);
  const idle = levelSeries(days, (d) => d.idleLevel);
  // The drift of whichever level is projected to leave the range first.
  const drifts = [drift(show, h, lastDay, widen), drift(idle, h, lastDay, widen)].filter((d): d is DriftResult => d !== null);
  const d = drifts.sort((a, b) => b.score - a.score)[0];
  const levels = show.xs.length >= idle.xs.length ? show : idle;
  const st = step(levels, h, widen);
  const fl = flicker(days, span, widen);
  const score = Math.max(d?.score ?? 0, st?.score ?? 0, fl?.score ?? 0);
  if (d && d.score >= 1) {
    return {
      score,
      finding: { kind: 'drift', reasonKey: 'text.risk.drift', score: d.score, etaDays: d.etaDays, params: { pct: signed(d.pct), days: d.days, etaDays: round(d.etaDays, 1) } },
    };
  }
  if (st && st.score >= 1) return { score, finding: { kind: 'step', reasonKey: 'text.risk.step', score: st.score, etaDays: null, params: { pct: signed(st.pct), days: STEP_DAYS } } };
  if (fl && fl.score >= 1) {
    return { score, finding: { kind: 'flicker', reasonKey: 'text.risk.flicker', score: fl.score, etaDays: null, params: { perDay: fl.perDay, before: fl.before } } };
  }
  return { score, finding: null };
}
