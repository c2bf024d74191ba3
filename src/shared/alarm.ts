import { WARNING_LEVELS } from './contracts/warning';

/**
 * Alarms on the walls: which warning levels pop up, and the tone each one sounds. Both are
 * settings (alarm.popupLevels, alarm.sounds) a person types on the configuration screen, so they are
 * read leniently: anything unknown falls back to the default rather than silencing the walls.
 */
export type WarningLevel = (typeof WARNING_LEVELS)[number];
/** Tones the wall synthesises itself (WebAudio): nothing to download, nothing to host. */
export const ALARM_SOUNDS = ['none', 'beep', 'chime', 'siren'] as const;
export type AlarmSound = (typeof ALARM_SOUNDS)[number];

export const DEFAULT_POPUP_LEVELS: WarningLevel[] = ['warning', 'critical'];
export const DEFAULT_ALARM_SOUNDS: Record<WarningLevel, AlarmSound> = { info: 'none', warning: 'chime', critical: 'siren' };

const isLevel = (v: string): v is WarningLevel => (WARNING_LEVELS as readonly string[]).includes(v);
const isSound = (v: unknown): v is AlarmSound => typeof v === 'string' && (ALARM_SOUNDS as readonly string[]).includes(v);

/** "warning,critical" → the levels; nothing recognisable → the default. */
export function parsePopupLevels(raw: string): WarningLevel[] {
  const levels = raw
    .split(/[,，\s]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(isLevel);
  return levels.length ? [...new Set(levels)] : DEFAULT_POPUP_LEVELS;
}

/** '{"critical":"siren"}' → a tone for every level (levels it does not name keep their default). */
export function parseAlarmSounds(raw: string): Record<WarningLevel, AlarmSound> {
  const out = { ...DEFAULT_ALARM_SOUNDS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return out;
  }
  if (!parsed || typeof parsed !== 'object') return out;
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) if (isLevel(k) && isSound(v)) out[k] = v;
  return out;
}

/** Unacknowledged and open past the escalation time (0 minutes = alarms never escalate). */
export function isOverdue(
  w: { at: string | Date; soundingSince?: string | Date | null; ackAt: string | Date | null; result: string | null },
  escalateMinutes: number,
  now = Date.now(),
): boolean {
  if (escalateMinutes <= 0 || w.ackAt !== null || w.result !== null) return false;
  // From when it sounds: an alarm back from a shelving or another suppression is not overdue at once (0060).
  return new Date(w.soundingSince ?? w.at).getTime() + escalateMinutes * 60_000 <= now;
}
