import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuRow } from '@shared/contracts/menus';
import { api } from '@client/lib/api';

export const MENUS_PATH = '/sys/menu';

/** GET /sys/menu/listAll: every directory, menu and button, flat. */
export function getMenus(): Promise<MenuRow[]> {
  return api.get<MenuRow[]>(`${MENUS_PATH}/listAll`);
}

export const menusQueryOptions = () => queryOptions({ queryKey: [MENUS_PATH, 'listAll'], queryFn: getMenus });

export function useMenus() {
  return useQuery(menusQueryOptions());
}
