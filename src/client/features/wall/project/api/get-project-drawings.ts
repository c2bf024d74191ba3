import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keysOf } from '../../../../lib/resource-keys';

export interface ProjectDrawing {
  id: number;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  /** File id of the picture shown full screen. */
  picture: number | null;
  file: number | null;
  sort: number;
}

/** GET /ball/falldraw/byProject/:projectId — a project's drawings in viewing order. */
export function getProjectDrawings(projectId: number, signal?: AbortSignal): Promise<ProjectDrawing[]> {
  return api.get<ProjectDrawing[]>(`/ball/falldraw/byProject/${projectId}`, { signal });
}

export function projectDrawingsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: keysOf('drawing').view('byProject', projectId),
    queryFn: ({ signal }) => getProjectDrawings(projectId, signal),
  });
}

export function useProjectDrawings(projectId: number) {
  return useQuery({ ...projectDrawingsQueryOptions(projectId), enabled: projectId > 0 });
}
