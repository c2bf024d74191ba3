import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SceneView } from '@shared/contracts/scene';
import { api } from '../../../lib/api';
import { keysOf } from '../../../lib/resource-keys';
import { useLiveRefresh } from '../../stats/api/refresh';

/** GET /ship/scene/default?projectId= — the project's default scene, else the global one (null when none). */
export const getDefaultScene = (projectId?: number, signal?: AbortSignal) =>
  api.get<SceneView | null>('/ship/scene/default', { signal, params: { projectId } });

export const defaultSceneQueryOptions = (projectId?: number) =>
  queryOptions({ queryKey: keysOf('scene').view('default', projectId ?? null), queryFn: ({ signal }) => getDefaultScene(projectId, signal) });

export const useDefaultScene = (projectId?: number, enabled = true) =>
  useQuery({ ...defaultSceneQueryOptions(projectId), enabled, refetchInterval: useLiveRefresh() });
