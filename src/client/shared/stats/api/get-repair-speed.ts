import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { PeriodQuery, RepairSpeedPoint } from '@shared/contracts/stats';
import type { LiveOptions } from './refresh';

export const getRepairSpeed = (query: PeriodQuery, signal?: AbortSignal) =>
  api.post<RepairSpeedPoint[]>('/ball/fallproject/repairSpeedList', query, { signal });

export const repairSpeedQueryOptions = (query: PeriodQuery) =>
  queryOptions({ queryKey: ['stats', 'repairSpeed', query], queryFn: ({ signal }) => getRepairSpeed(query, signal), placeholderData: keepPreviousData });

export const useRepairSpeed = (query: PeriodQuery, live: LiveOptions = {}) => useQuery({ ...repairSpeedQueryOptions(query), ...live });
