import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SceneView } from '@shared/contracts/scene';
import { api } from '../../../lib/api';
import { keysOf } from '../../../lib/resource-keys';
import { useLiveRefresh } from '../../stats/api/refresh';

/** GET /ship/scene/info/:id — a scene with the cards it places. */
export const getScene = (id: number, signal?: AbortSignal) => api.get<SceneView>(`/ship/scene/info/${id}`, { signal });

export const sceneQueryOptions = (id: number) => queryOptions({ queryKey: keysOf('scene').info(id), queryFn: ({ signal }) => getScene(id, signal) });

/** Walls re-read their scene on the refresh interval, so an edited layout reaches every screen. */
export function useScene(id: number, live = false) {
  const refresh = useLiveRefresh();
  return useQuery({ ...sceneQueryOptions(id), enabled: id > 0, refetchInterval: live ? refresh : false });
}
