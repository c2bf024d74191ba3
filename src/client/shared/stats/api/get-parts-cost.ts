import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { PartsCost, PartsCostMove } from '@shared/contracts/parts-cost';
import { RESOURCES } from '@shared/resources';

const BASE = RESOURCES.statistics.api;

export interface PartsCostParams {
  from: string;
  to: string;
  projectId?: number;
}
/** What a drill-down narrows the moves to: one order, one unit or one month. */
export type PartsCostDrill = { orderId: number } | { equipmentId: number } | { month: string };

const params = (q: PartsCostParams): Record<string, string> => ({ from: q.from, to: q.to, ...(q.projectId ? { projectId: String(q.projectId) } : {}) });

/** Parts cost per order, unit and month (docs/maintenance.md "Parts and stock"). */
export const usePartsCost = (q: PartsCostParams) =>
  useQuery({ queryKey: [BASE, 'parts-cost', q], queryFn: ({ signal }) => api.get<PartsCost>(`${BASE}/parts-cost`, { params: params(q), signal }), placeholderData: keepPreviousData });

/** The issue moves behind one figure. */
export const usePartsCostMoves = (q: PartsCostParams, drill: PartsCostDrill | null) =>
  useQuery({
    queryKey: [BASE, 'parts-cost', 'moves', q, drill],
    queryFn: ({ signal }) =>
      api.get<PartsCostMove[]>(`${BASE}/parts-cost/moves`, { params: { ...params(q), ...Object.fromEntries(Object.entries(drill ?? {}).map(([k, v]) => [k, String(v)])) }, signal }),
    enabled: drill !== null,
  });
