import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { MENUS_PATH, menuKeys } from './get-menus';

/** POST /sys/menu/delete/{menuId}: refused while the menu has children. */
export function deleteMenu(menuId: number): Promise<null> {
  return api.post(`${MENUS_PATH}/delete/${menuId}`);
}

export function useDeleteMenu() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMenu, onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }) });
}
