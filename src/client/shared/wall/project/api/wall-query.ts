import { isFinalError } from '../../../stats/api/refresh';
import { runtimeConfig } from '../../../../lib/runtime-config';

const MAX_RETRY_DELAY_MS = 30_000;
const FIRST_RETRY_DELAY_MS = 1_000;

/**
 * How every wall query behaves: it refreshes on the configured interval and, when the server is
 * restarting or the network is gone, keeps trying with a growing pause instead of giving up — a
 * control-room wall must come back by itself. A 4xx (no rights, not found) will not heal, so it stops.
 */
export function wallQueryDefaults() {
  return {
    // A 4xx is final: neither retried nor asked again on the interval.
    refetchInterval: (query: { state: { error: unknown } }) => (isFinalError(query.state.error) ? false : runtimeConfig().wallRefreshSeconds * 1000),
    refetchIntervalInBackground: true,
    retry: (_count: number, error: unknown) => !isFinalError(error),
    retryDelay: (attempt: number) => Math.min(FIRST_RETRY_DELAY_MS * 2 ** attempt, MAX_RETRY_DELAY_MS),
  } as const;
}
