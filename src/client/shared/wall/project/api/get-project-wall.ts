import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectWall } from '@shared/contracts/wall';
import { api } from '../../../../lib/api';
import { wallQueryDefaults } from './wall-query';

/** GET /wall/project/:id — everything the project wall shows, in one request. */
export function getProjectWall(id: number, signal?: AbortSignal): Promise<ProjectWall> {
  return api.get<ProjectWall>(`/wall/project/${id}`, { signal });
}

export function projectWallQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['wall-project', id],
    queryFn: ({ signal }) => getProjectWall(id, signal),
    ...wallQueryDefaults(),
  });
}

export function useProjectWall(id: number, enabled = true) {
  return useQuery({ ...projectWallQueryOptions(id), enabled: enabled && id > 0 });
}
