import { runtimeConfig } from '@client/lib/runtime-config';

/** What a screen may add to a statistics query: the wall refreshes on an interval, the dashboard does not. */
export interface LiveOptions {
  refetchInterval?: number | false;
  enabled?: boolean;
}

/** The wall's refresh interval in ms (setting wall.refreshSeconds, served in /config.js). */
export function wallRefreshMs(): number {
  return Math.max(5, runtimeConfig().wallRefreshSeconds) * 1000;
}
