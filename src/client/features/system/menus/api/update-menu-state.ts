import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { MENUS_PATH, menuKeys } from './get-menus';

/** POST /sys/menu/updateState {menuId, status}: 0 normal, 1 disabled. */
export function updateMenuState(body: { menuId: number; status: 0 | 1 }): Promise<null> {
  return api.post(`${MENUS_PATH}/updateState`, body);
}

export function useUpdateMenuState() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMenuState, onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }) });
}
