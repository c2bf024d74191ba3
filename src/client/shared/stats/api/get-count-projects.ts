import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { CountProjects } from '@shared/contracts/stats';
import type { LiveOptions } from './refresh';

export const getCountProjects = (signal?: AbortSignal) => api.get<CountProjects>('/ball/fallproject/countProjects', { signal });

export const countProjectsQueryOptions = () =>
  queryOptions({ queryKey: ['stats', 'countProjects'], queryFn: ({ signal }) => getCountProjects(signal) });

export const useCountProjects = (live: LiveOptions = {}) => useQuery({ ...countProjectsQueryOptions(), ...live });
