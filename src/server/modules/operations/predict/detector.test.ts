import { describe, expect, it } from 'vitest';
import { assessChannel, median, RECOVER_SCORE, theilSen, type DayFeature } from './detector';

/**
 * The detector on hand-made daily series (range 0–100, 14 days up to day 13): each kind of
 * degradation flags with its reason and numbers; a healthy show cycle, noise, a glitch day or a
 * flicker of glitches at the channel's usual rate do not; a widened baseline tolerates the same mild trend.
 */

const LAST = 13;
/** A deterministic wobble in [-1, 1] (no randomness in tests). */
const wobble = (i: number) => Math.sin(i * 12.9898) * 0.8;

function series(level: (day: number) => { show?: number | null; idle?: number | null }, extra: Partial<DayFeature> | ((day: number) => Partial<DayFeature>) = {}): DayFeature[] {
  return Array.from({ length: LAST + 1 }, (_, day) => {
    const l = level(day);
    return {
      day,
      hours: 24,
      faults: 0,
      showLevel: l.show ?? null,
      idleLevel: l.idle ?? null,
      spread: 6,
      excursions: 1,
      ...(typeof extra === 'function' ? extra(day) : extra),
    };
  });
}

const assess = (days: DayFeature[], widen = 1) => assessChannel({ lo: 0, hi: 100, days, widen }, LAST);

describe('robust statistics', () => {
  it('Theil–Sen ignores one outlying point that would tilt least squares', () => {
    const xs = [0, 1, 2, 3, 4, 5, 6];
    const ys = [10, 12, 14, 16, 60, 20, 22];
    expect(theilSen(xs, ys).slope).toBeCloseTo(2, 5);
    expect(median([3, 1, 2, 100])).toBe(2.5);
  });
});

describe('no finding on healthy channels', () => {
  it('a show cycle (high in the show, low idle) with day-to-day noise', () => {
    const a = assess(series((d) => ({ show: 72 + wobble(d), idle: 30 + wobble(d + 50) })));
    expect(a.finding).toBeNull();
    expect(a.score).toBeLessThan(RECOVER_SCORE);
  });

  it('a glitch day (one day far off) and the usual glitch hour or two a day', () => {
    const a = assess(series((d) => ({ show: d === 9 ? 95 : 60 + wobble(d) }), (d) => ({ excursions: d % 3 === 0 ? 2 : 1 })));
    expect(a.finding).toBeNull();
  });

  it('a channel that is already faulting (the alarm path has it)', () => {
    const a = assess(series((d) => ({ idle: 40 + 5 * d }), (d) => ({ faults: d === LAST ? 60 : 0 })));
    expect(a.finding).toBeNull();
  });

  it('too little history', () => {
    const a = assess(series((d) => ({ idle: 40 + 5 * d })).slice(-3));
    expect(a.finding).toBeNull();
  });
});

describe('findings', () => {
  it('a linear drift towards the top of the range: +% over the days and the days left', () => {
    // 3 a day from 50 at day 0: 89 at day 13, the limit about 3.7 days after the last day's end.
    const a = assess(series((d) => ({ idle: 50 + 3 * d + wobble(d) * 0.3 })));
    expect(a.finding).toMatchObject({ kind: 'drift', reasonKey: 'text.risk.drift', params: { pct: '+39', days: 13 } });
    expect(a.finding!.etaDays).toBeGreaterThan(2.5);
    expect(a.finding!.etaDays).toBeLessThan(4.5);
  });

  it('an accelerating drift downwards, seen by the recent slope before the whole window’s', () => {
    const a = assess(series((d) => ({ show: 60 - (d < 6 ? 0 : 0.9 * (d - 6) ** 2) + wobble(d) * 0.3 })));
    expect(a.finding?.kind).toBe('drift');
    expect(String(a.finding!.params.pct).startsWith('-')).toBe(true);
    // The reason's move is what the level moved (60 → 15.9 of a 0–100 range), not the recent slope times the window.
    expect(Math.abs(Number(a.finding!.params.pct) + 44)).toBeLessThan(8);
    expect(a.finding!.etaDays).toBeLessThan(4);
  });

  it('a drift in show time only is found on the show level', () => {
    const a = assess(series((d) => ({ show: 55 + 3.5 * d, idle: 20 + wobble(d) })));
    expect(a.finding?.kind).toBe('drift');
  });

  it('a step after maintenance', () => {
    const a = assess(series((d) => ({ idle: (d >= 12 ? 62 : 40) + wobble(d) * 0.2 })));
    expect(a.finding).toMatchObject({ kind: 'step', reasonKey: 'text.risk.step', params: { pct: '+22', days: 2 } });
  });

  it('flicker: far-out hours rising day after day over the channel’s own rate', () => {
    const a = assess(series((d) => ({ idle: 50 + wobble(d) }), (d) => ({ excursions: d < 9 ? 1 : 2 + 2 * (d - 9) })));
    expect(a.finding).toMatchObject({ kind: 'flicker', reasonKey: 'text.risk.flicker', params: { perDay: 10, before: 1 } });
  });
});

describe('a widened baseline (an engineer said "not a problem")', () => {
  it('no longer flags the same mild trend, but still a steep one', () => {
    const mild = series((d) => ({ idle: 55 + 2.5 * d + wobble(d) * 0.3 }));
    expect(assess(mild).finding?.kind).toBe('drift');
    expect(assess(mild, 2).finding).toBeNull();
    const steep = series((d) => ({ idle: 40 + 4 * d }));
    expect(assess(steep, 2).finding?.kind).toBe('drift');
  });
});
