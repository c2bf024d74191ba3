import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { MENUS_PATH } from './get-menus';

/** POST /sys/menu/sort {ids}: the children of one menu in their new order. */
export function sortMenus(ids: number[]): Promise<{ sorted: number }> {
  return api.post(`${MENUS_PATH}/sort`, { ids });
}

/** Reloads the tree either way: after a refusal it shows the order the server kept. */
export function useSortMenus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sortMenus, onSettled: () => queryClient.invalidateQueries({ queryKey: [MENUS_PATH] }) });
}
