/**
 * Day arithmetic for the statistics ranges, kept apart from the zod contracts so the wall can use it
 * without downloading zod (src/shared/contracts/stats.ts re-exports it for everyone else).
 */

const DAY_MS = 86_400_000;

/** Days ago → YYYY-MM-DD (UTC), for default query ranges. */
export function isoDaysAgo(days: number, now = new Date()): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
}
