import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { ProjectPoint } from '@shared/contracts/project';
import type { LiveOptions } from './refresh';

/** Every project with its place and status (selectProjects without `title`): the wall map's points. */
export const getProjectPoints = (signal?: AbortSignal) => api.post<ProjectPoint[]>('/ball/fallproject/selectProjects', {}, { signal });

export const projectPointsQueryOptions = () => queryOptions({ queryKey: ['stats', 'projectPoints'], queryFn: ({ signal }) => getProjectPoints(signal) });

export const useProjectPoints = (live: LiveOptions = {}) => useQuery({ ...projectPointsQueryOptions(), ...live });
