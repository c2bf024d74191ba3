import type { QueryClient } from '@tanstack/react-query';
import { isoDaysAgo } from '@shared/iso-day';
import { countProjectsQueryOptions } from '../../shared/stats/api/get-count-projects';
import { groupAreaQueryOptions } from '../../shared/stats/api/get-group-area';
import { groupWaterQueryOptions } from '../../shared/stats/api/get-group-water';
import { groupDeviceQueryOptions } from '../../shared/stats/api/get-group-device';
import { brokenDeviceQueryOptions } from '../../shared/stats/api/get-broken-device';
import { repairSpeedQueryOptions } from '../../shared/stats/api/get-repair-speed';
import { repairQualityQueryOptions } from '../../shared/stats/api/get-repair-quality';
import { projectPointsQueryOptions } from '../../shared/stats/api/get-project-points';
import { latestWarningsQueryOptions } from '../../shared/stats/api/get-latest-warnings';
import { currentNoticesQueryOptions } from '../../shared/stats/api/get-current-notices';
import { wallSessionQueryOptions } from '../../shared/wall/project/api/get-wall-session';
import { overviewPeriod } from './overview-calls';

/**
 * Starts the overview wall's calls through the same query options (same keys) its panels use, so the
 * panels find them under way. The router calls this as /page starts, in parallel with the wall's
 * chunks, instead of after they have arrived and the wall has rendered.
 *
 * The wall session goes first: with a token, the wall waits for it to learn whether the token names
 * a scene before it draws any panel, and the server answers the calls in turn. On a first load the
 * calls are usually under way already (./overview-calls.ts, the early start in index.html).
 */
export function prefetchOverview(queryClient: QueryClient, token: string | null): Promise<void> {
  if (token) void queryClient.prefetchQuery(wallSessionQueryOptions(token));
  const period = overviewPeriod(isoDaysAgo(0));
  return Promise.all([
    queryClient.prefetchQuery(countProjectsQueryOptions()),
    queryClient.prefetchQuery(groupDeviceQueryOptions()),
    queryClient.prefetchQuery(projectPointsQueryOptions()),
    queryClient.prefetchQuery(repairSpeedQueryOptions(period)),
    queryClient.prefetchQuery(repairQualityQueryOptions(period)),
    queryClient.prefetchQuery(groupAreaQueryOptions()),
    queryClient.prefetchQuery(groupWaterQueryOptions()),
    queryClient.prefetchQuery(brokenDeviceQueryOptions()),
    queryClient.prefetchQuery(latestWarningsQueryOptions()),
    queryClient.prefetchQuery(currentNoticesQueryOptions()),
  ]).then(() => undefined);
}
