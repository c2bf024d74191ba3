import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SceneItem } from '@shared/contracts/scene';
import { api } from '../../../lib/api';
import { keysOf } from '../../../lib/resource-keys';
import { apiPath } from '@client/lib/resources';

/** POST /ship/scene/update with the layout only (the server checks bounds, overlaps and cards). */
export function useSaveSceneLayout(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (layout: SceneItem[]) => api.post<{ id: number }>(apiPath('scene', 'update'), { id, layout }),
    // The scene's root holds its layout (sceneQueryOptions), its default and its list pages.
    onSuccess: () => client.invalidateQueries({ queryKey: keysOf('scene').all }),
  });
}
