import { SWITCH_FAULT } from '@shared/constants';
import type { ChannelReading } from '@shared/contracts/detect';

/**
 * Alarm conditioning at the source (docs/alarms.md "Conditioning"): what turns a channel's
 * readings into an alarm and back. Each setting is the channel's own, or (null) its unit's device
 * model's (fall_device), or the default that is today's behaviour: alarm at the first faulty
 * reading, clear after detect.closeAfterNormal normal readings, no band, any one switch fault.
 */
export interface Conditioning {
  /** The condition must hold this long before it alarms. */
  onDelayMs: number;
  /** An alarmed channel must read normal this long (besides detect.closeAfterNormal readings) before it clears. */
  offDelayMs: number;
  /** An analog alarm clears only back inside [analogMin + band, analogMax − band]. */
  deadband: number;
  /** A switch fault alarms at its repeatCount-th fault within repeatWindowMs (1: the first one). */
  repeatCount: number;
  repeatWindowMs: number;
}

/** "N in M" with no M given anywhere: an hour. */
export const DEFAULT_REPEAT_MINUTES = 60;

/** The settings' stored columns (a channel's, or a device model's): null = inherit. */
export interface ConditioningColumns {
  onDelaySeconds: number | null;
  offDelaySeconds: number | null;
  deadband: number | null;
  repeatCount: number | null;
  repeatMinutes: number | null;
}

/** The channel's own settings over its model's over the defaults. */
export function effectiveConditioning(channel: Partial<ConditioningColumns>, model?: Partial<ConditioningColumns> | null): Conditioning {
  const pick = (k: keyof ConditioningColumns, fallback: number) => {
    const v = channel[k] ?? model?.[k];
    return v === null || v === undefined ? fallback : Number(v);
  };
  return {
    onDelayMs: pick('onDelaySeconds', 0) * 1000,
    offDelayMs: pick('offDelaySeconds', 0) * 1000,
    deadband: pick('deadband', 0),
    repeatCount: Math.max(1, pick('repeatCount', 1)),
    repeatWindowMs: pick('repeatMinutes', DEFAULT_REPEAT_MINUTES) * 60_000,
  };
}

interface Range {
  analogMin: number;
  analogMax: number;
}

/**
 * Whether a reading is abnormal: the switch's fault contact closed, or the analog value outside the
 * range; while the channel is in alarm, outside the range narrowed by the deadband (a band wider
 * than half the range narrows it to its middle).
 */
export function isAbnormal(reading: Pick<ChannelReading, 'switch' | 'analog'>, range: Range, inAlarm: boolean, deadband: number): boolean {
  if (reading.switch === SWITCH_FAULT) return true;
  const band = inAlarm ? Math.min(Math.max(0, deadband), (range.analogMax - range.analogMin) / 2) : 0;
  return reading.analog < range.analogMin + band || reading.analog > range.analogMax - band;
}

/** What the channel keeps between readings. */
export interface ChannelState {
  result: string;
  normalStreak: number;
  /** The switch value of the channel's previous reading (a fault edge is 0 → 1). */
  switchValue: number;
  pendingSince: Date | null;
  normalSince: Date | null;
  switchHits: Date[];
}

export interface Step {
  next: ChannelState;
  /** The channel alarms now (a warning opens). */
  open: boolean;
  /** The channel's alarm clears now (its warning closes as fixed). */
  close: boolean;
}

/**
 * One step of a channel's conditioning at time `now`: a new reading (`tick`), or the device jobs'
 * sweep looking again at the last one (`tick` false: no streak step, no new switch edge).
 */
export function conditionStep(s: ChannelState, reading: Pick<ChannelReading, 'switch' | 'analog'>, range: Range, c: Conditioning, now: Date, closeAfter: number, tick = true): Step {
  const t = now.getTime();
  const inAlarm = s.result === 'fault';
  const bad = isAbnormal(reading, range, inAlarm, c.deadband);
  const streak = tick ? Math.min(s.normalStreak + 1, 1_000_000) : s.normalStreak;
  if (inAlarm) {
    if (bad) return { next: { ...s, result: 'fault', normalStreak: 0, pendingSince: null, normalSince: null }, open: false, close: false };
    const normalSince = c.offDelayMs > 0 ? (s.normalSince ?? now) : null;
    const recovered = streak >= closeAfter && (normalSince === null || t - normalSince.getTime() >= c.offDelayMs);
    return recovered
      ? { next: { ...s, result: 'normal', normalStreak: streak, normalSince: null }, open: false, close: true }
      : { next: { ...s, result: 'fault', normalStreak: streak, normalSince }, open: false, close: false };
  }
  if (!bad) return { next: { ...s, result: 'normal', normalStreak: streak, pendingSince: null, normalSince: null }, open: false, close: false };

  const since = s.pendingSince ?? now;
  const held = t - since.getTime();
  // N in M: the switch's fault edges within the window (an analog fault is judged by its on-delay alone).
  const analogOut = reading.analog < range.analogMin || reading.analog > range.analogMax;
  const counted = c.repeatCount > 1 && reading.switch === SWITCH_FAULT && !analogOut;
  let hits = s.switchHits.filter((h) => t - h.getTime() <= c.repeatWindowMs);
  if (counted && tick && s.switchValue !== SWITCH_FAULT) hits = [...hits, now].slice(-c.repeatCount);
  // A fault held for the whole window counts as often as it takes: a stuck contact still alarms.
  const countOk = !counted || hits.length >= c.repeatCount || held >= c.repeatWindowMs;
  if (held >= c.onDelayMs && countOk) {
    return { next: { ...s, result: 'fault', normalStreak: 0, pendingSince: null, normalSince: null, switchHits: [] }, open: true, close: false };
  }
  return { next: { ...s, result: 'normal', normalStreak: 0, pendingSince: since, normalSince: null, switchHits: hits }, open: false, close: false };
}
