import type { LiveKeys } from '@client/lib/live';

/**
 * What a pushed event makes stale among the wall's own calls: the project wall (project/api/
 * get-project-wall.ts) on every change it shows, and the alarm strip (alarms/alarm-strip.tsx) at
 * once on a warning, ahead of the coalesced burst. The wall session (what a token may see) changes
 * with no event and is not here.
 */
export const WALL_LIVE_KEYS: readonly LiveKeys[] = [
  { prefix: ['wall-project'], on: ['warning', 'channel', 'board', 'equipment', 'order', 'risk'] },
  { prefix: ['warning-alarms'], on: ['warning'], urgent: true },
];
