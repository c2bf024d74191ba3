import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { WaterGroup } from '@shared/contracts/stats';
import type { LiveOptions } from './refresh';

export const getGroupWater = (signal?: AbortSignal) => api.get<WaterGroup[]>('/ball/fallproject/groupWater', { signal });

export const groupWaterQueryOptions = () => queryOptions({ queryKey: ['stats', 'groupWater'], queryFn: ({ signal }) => getGroupWater(signal) });

export const useGroupWater = (live: LiveOptions = {}) => useQuery({ ...groupWaterQueryOptions(), ...live });
