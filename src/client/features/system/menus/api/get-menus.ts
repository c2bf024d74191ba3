import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuRow } from '@shared/contracts/menus';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';

export const MENUS_PATH = RESOURCES.menu.api;
/** Every menu query is rooted at the registry's path: a write invalidates `menuKeys.all`. */
export const menuKeys = keysOf('menu');

/** GET /sys/menu/listAll: every directory, menu and button, flat. */
export function getMenus(): Promise<MenuRow[]> {
  return api.get<MenuRow[]>(`${MENUS_PATH}/listAll`);
}

export const menusQueryOptions = () => queryOptions({ queryKey: menuKeys.listAll(), queryFn: getMenus });

export function useMenus() {
  return useQuery(menusQueryOptions());
}
