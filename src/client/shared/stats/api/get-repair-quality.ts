import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { PeriodQuery, RepairQualityPoint } from '@shared/contracts/stats';
import type { LiveOptions } from './refresh';

export const getRepairQuality = (query: PeriodQuery, signal?: AbortSignal) =>
  api.post<RepairQualityPoint[]>('/ball/fallproject/repairQualityList', query, { signal });

export const repairQualityQueryOptions = (query: PeriodQuery) =>
  queryOptions({ queryKey: ['stats', 'repairQuality', query], queryFn: ({ signal }) => getRepairQuality(query, signal), placeholderData: keepPreviousData });

export const useRepairQuality = (query: PeriodQuery, live: LiveOptions = {}) => useQuery({ ...repairQualityQueryOptions(query), ...live });
