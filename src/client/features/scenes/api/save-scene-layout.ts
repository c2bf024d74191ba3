import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SceneItem } from '@shared/contracts/scene';
import { api } from '../../../lib/api';
import { sceneQueryOptions } from '../../../shared/scenes/api/get-scene';

/** POST /ship/scene/update with the layout only (the server checks bounds, overlaps and cards). */
export function useSaveSceneLayout(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (layout: SceneItem[]) => api.post<{ id: number }>('/ship/scene/update', { id, layout }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: sceneQueryOptions(id).queryKey }), client.invalidateQueries({ queryKey: ['/ship/scene'] })]),
  });
}
