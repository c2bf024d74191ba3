import { useCallback, useEffect, useState } from 'react';

/**
 * A wall's mute, with an end: muting stores the moment the sound comes back (now + the server's
 * alarm.muteMinutes) in this browser, per wall; once it passes the wall sounds again by itself, also
 * after a reload. A value without an end (the mutes kept before the setting, '1') reads as ended: an
 * unattended wall never stays silent for good.
 */
const MUTE_KEY = 'cascade.alarm.muted.';

/** The longest a browser timer waits (2^31 - 1 ms); a longer mute is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** When a mute started at `now` ends; null when walls may not be muted (0 minutes, or nonsense). */
export function muteEnd(now: number, minutes: number): number | null {
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  return now + minutes * 60_000;
}

/** The stored end of a mute still in force at `now`, else null. */
export function activeMuteEnd(stored: string | null, now: number): number | null {
  if (stored === null || !/^\d{13,}$/.test(stored)) return null;
  const end = Number(stored);
  return end > now ? end : null;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, end: number | null): void {
  try {
    if (end === null) localStorage.removeItem(key);
    else localStorage.setItem(key, String(end));
  } catch {
    // Private mode: muted for this page only.
  }
}

export interface WallMute {
  /** When the mute ends (epoch ms), or null when the wall is not muted. */
  until: number | null;
  /** Mutes for `minutes` from now (nothing when minutes is 0); unmute ends it at once. */
  mute: (minutes: number) => void;
  unmute: () => void;
}

/** The mute of one wall ('overview', 'project:7'); it ends by itself at its time. */
export function useWallMute(wallKey: string): WallMute {
  const key = MUTE_KEY + wallKey;
  const [until, setUntil] = useState(() => activeMuteEnd(read(key), Date.now()));
  // A timer that fired early (or a mute longer than a timer can wait) looks again.
  const [check, setCheck] = useState(0);

  useEffect(() => {
    if (until === null) return undefined;
    const timer = window.setTimeout(
      () => {
        const still = activeMuteEnd(read(key), Date.now());
        if (still !== null) return setCheck((n) => n + 1);
        write(key, null);
        setUntil(null);
      },
      Math.min(Math.max(0, until - Date.now()), MAX_TIMER_MS),
    );
    return () => window.clearTimeout(timer);
  }, [key, until, check]);

  const mute = useCallback(
    (minutes: number) => {
      const end = muteEnd(Date.now(), minutes);
      write(key, end);
      setUntil(end);
    },
    [key],
  );
  const unmute = useCallback(() => {
    write(key, null);
    setUntil(null);
  }, [key]);
  return { until, mute, unmute };
}
