import type { LiveKeys } from '@client/lib/live';

/**
 * What a pushed event makes stale among the statistics calls of this folder (keys rooted `stats`,
 * the latest warnings, the notices in force). The statistics screen's figures are keyed at the
 * statistics resource's path and refresh by the registry (`live.refreshOn` of `statistics`).
 */
export const STATS_LIVE_KEYS: readonly LiveKeys[] = [
  // get-count-projects, get-group-*, get-project-points, get-broken-device, get-repair-*, get-stat-orders
  { prefix: ['stats'], on: ['warning', 'equipment', 'order', 'risk'] },
  // get-latest-warnings: the wall ticker
  { prefix: ['warnings'], on: ['warning'] },
  // get-current-notices: the wall's banner
  { prefix: ['content'], on: ['notice'] },
];
