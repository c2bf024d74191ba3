import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuSelectNode } from '@shared/contracts/menus';
import { api } from '@client/lib/api';
import { MENUS_PATH, menuKeys } from './get-menus';

/** GET /sys/menu/select: directories and menus as a tree, for the parent picker. */
export function getMenuSelect(): Promise<MenuSelectNode[]> {
  return api.get<MenuSelectNode[]>(`${MENUS_PATH}/select`);
}

export const menuSelectQueryOptions = () => queryOptions({ queryKey: menuKeys.view('select'), queryFn: getMenuSelect });

export function useMenuSelect(enabled: boolean) {
  return useQuery({ ...menuSelectQueryOptions(), enabled });
}
