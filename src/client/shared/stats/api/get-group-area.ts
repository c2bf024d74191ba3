import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { AreaGroup } from '@shared/contracts/stats';
import type { LiveOptions } from './refresh';

export const getGroupArea = (signal?: AbortSignal) => api.get<AreaGroup[]>('/ball/fallproject/groupArea', { signal });

export const groupAreaQueryOptions = () => queryOptions({ queryKey: ['stats', 'groupArea'], queryFn: ({ signal }) => getGroupArea(signal) });

export const useGroupArea = (live: LiveOptions = {}) => useQuery({ ...groupAreaQueryOptions(), ...live });
