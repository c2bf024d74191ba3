import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectWall } from '@shared/contracts/wall';
import { api } from '../../../../lib/api';
import { useStreamOpen } from '../../../../lib/live';
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

/** Refreshed on the wall's interval only while the stream is not open: its events announce every change the wall shows. */
export function useProjectWall(id: number, enabled = true) {
  const options = projectWallQueryOptions(id);
  const streamOpen = useStreamOpen();
  return useQuery({ ...options, enabled: enabled && id > 0, refetchInterval: streamOpen ? false : options.refetchInterval });
}
