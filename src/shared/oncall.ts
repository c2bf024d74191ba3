import { intervalAt, localDate, weeklyIntervals, type WeeklySlot } from './local-time';

/** A person of a roster as the on-call rule reads it: who, and their weekly hours (roster order = priority). */
export interface RosterPerson<P = unknown> {
  userId: number;
  slots: readonly WeeklySlot[];
  person?: P;
}

export interface OnCall<P> {
  person: RosterPerson<P>;
  by: 'override' | 'schedule';
}

/**
 * Who is on call on a roster at `instant` (docs/escalation.md "Rosters"), in the project's time zone:
 * the person an override names for the local date of the instant, if they are still on the roster;
 * otherwise the first person, in roster order, whose weekly hours hold the instant (a slot past
 * midnight belongs to the day it starts; daylight-saving days as shared/local-time.ts reads them);
 * nobody (null) when no one's hours do.
 */
export function onCallAt<P>(people: readonly RosterPerson<P>[], overrides: readonly { date: string; userId: number }[], timeZone: string, instant: number): OnCall<P> | null {
  const date = localDate(instant, timeZone);
  const named = overrides.find((o) => o.date === date);
  const stand = named && people.find((p) => p.userId === named.userId);
  if (stand) return { person: stand, by: 'override' };
  for (const p of people) {
    if (p.slots.length && intervalAt(weeklyIntervals(p.slots, timeZone, instant, instant + 1), instant)) return { person: p, by: 'schedule' };
  }
  return null;
}
