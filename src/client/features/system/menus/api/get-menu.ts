import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuRow } from '@shared/contracts/menus';
import { api } from '@client/lib/api';
import { MENUS_PATH, menuKeys } from './get-menus';

/** GET /sys/menu/info/{menuId}: one menu, fresh, for the edit dialog. */
export function getMenu(menuId: number): Promise<MenuRow> {
  return api.get<MenuRow>(`${MENUS_PATH}/info/${menuId}`);
}

export const menuQueryOptions = (menuId: number) => queryOptions({ queryKey: menuKeys.info(menuId), queryFn: () => getMenu(menuId) });

export function useMenu(menuId: number | null) {
  return useQuery({ ...menuQueryOptions(menuId ?? 0), enabled: menuId !== null });
}
