import { runtimeConfig } from '@client/lib/runtime-config';
import { ApiError } from '@client/lib/api';
import { useStreamOpen } from '@client/lib/live';

/** What a screen may add to a statistics query: the wall refreshes on an interval, the dashboard does not. */
export interface LiveOptions {
  refetchInterval?: number | false | typeof liveRefresh;
  enabled?: boolean;
}

/** The wall's refresh interval in ms (setting wall.refreshSeconds, served in /config.js). */
export function wallRefreshMs(): number {
  return Math.max(5, runtimeConfig().wallRefreshSeconds) * 1000;
}

/** A refusal (no session, no right, not found, bad input) is final: asking again gets the same answer. */
export function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && error.code >= 400 && error.code < 500;
}

/**
 * The refresh of a live wall query: the wall's interval until the server refuses the call. A panel
 * refused (a project visitor on the overview got ten panels of 403) asks no more; the retries
 * already stop at a 4xx, the interval went on asking every few seconds.
 */
export function liveRefresh(query: { state: { error: unknown } }): number | false {
  return isFinalError(query.state.error) ? false : wallRefreshMs();
}

/**
 * A live wall query's refresh for this render: none while the stream is open (its events make the
 * data stale, and a wall left open all day asked every query several times a minute for nothing),
 * the wall's interval while the stream is connecting, lost or unsupported. After a loss the stream
 * refreshes everything as it opens again (lib/live.ts).
 */
export function useLiveRefresh(): typeof liveRefresh | false {
  return useStreamOpen() ? false : liveRefresh;
}
