import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { Reliability, ReliabilityEpisodes } from '@shared/contracts/reliability';
import { RESOURCES } from '@shared/resources';

const BASE = RESOURCES.statistics.api;

export interface ReliabilityParams {
  from: string;
  to: string;
  projectId?: number;
}

const params = (q: ReliabilityParams): Record<string, string> => ({ from: q.from, to: q.to, ...(q.projectId ? { projectId: String(q.projectId) } : {}) });

/** Availability in show hours, MTTR, MTBF and repeats per unit, model and project (docs/maintenance.md). */
export const useReliability = (q: ReliabilityParams) =>
  useQuery({ queryKey: [BASE, 'reliability', q], queryFn: ({ signal }) => api.get<Reliability>(`${BASE}/reliability`, { params: params(q), signal }), placeholderData: keepPreviousData });

/** One unit's downtime episodes with their faults: the rows behind its figures. */
export const useReliabilityEpisodes = (q: ReliabilityParams, equipmentId: number | null) =>
  useQuery({
    queryKey: [BASE, 'reliability', 'episodes', q.from, q.to, equipmentId],
    queryFn: ({ signal }) => api.get<ReliabilityEpisodes>(`${BASE}/reliability/episodes`, { params: { from: q.from, to: q.to, equipmentId: String(equipmentId) }, signal }),
    enabled: equipmentId !== null,
  });
