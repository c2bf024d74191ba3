import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { DashboardChart, DashboardCharts, DashboardChartsQuery } from '@shared/contracts/stats';
import { apiPath } from '@client/lib/resources';

export const getDashboardCharts = (query: DashboardChartsQuery, signal?: AbortSignal) => api.post<DashboardCharts>(apiPath('project', 'dashboardCharts'), query, { signal });

/**
 * A chart's drawing by the server: its SVG markup; undefined while it is coming; null when none
 * will come (no renderer built, the call failed, the chart's data failed): the page draws it itself.
 */
export type ChartDrawing = string | null | undefined;

/**
 * The dashboard's charts as the server draws them from the answers the page holds (`query`, null
 * until every one of them has settled): asked again whenever an answer, a box's size, the language
 * or the scheme changes, the last drawings standing until the next come.
 */
export function useChartDrawings(query: DashboardChartsQuery | null): (name: DashboardChart) => ChartDrawing {
  const drawings = useQuery({
    queryKey: ['dashboardCharts', query],
    queryFn: ({ signal }) => getDashboardCharts(query!, signal),
    enabled: query !== null,
    // The key holds every figure drawn: a drawing never goes stale, and the push that refreshes the
    // statistics ('stats' keys) has nothing to ask here again.
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return (name) => {
    if (drawings.isError || (drawings.isSuccess && drawings.data === null)) return null;
    if (!drawings.data) return query === null || drawings.isPending ? undefined : null;
    return drawings.data[name] ?? (query?.charts[name] ? undefined : null);
  };
}
