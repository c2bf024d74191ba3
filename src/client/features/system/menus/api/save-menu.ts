import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MenuSave, MenuUpdate } from '@shared/contracts/menus';
import { api } from '@client/lib/api';
import { MENUS_PATH, menuKeys } from './get-menus';

/** POST /sys/menu/save or /sys/menu/update (when the values carry a menuId). */
export function saveMenu(values: MenuSave | MenuUpdate): Promise<{ menuId: number }> {
  return 'menuId' in values ? api.post(`${MENUS_PATH}/update`, values) : api.post(`${MENUS_PATH}/save`, values);
}

export function useSaveMenu() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveMenu, onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }) });
}
