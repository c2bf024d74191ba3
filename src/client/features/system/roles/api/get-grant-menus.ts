import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuRow } from '@shared/contracts/menus';
import { api } from '@client/lib/api';
import { keysOf } from '@client/lib/resource-keys';
import { RESOURCES } from '@shared/resources';

const LIST_ALL_PATH = `${RESOURCES.menu.api}/listAll`;

/** GET /sys/menu/listAll: every directory, menu and button a role can be granted. */
export function getGrantMenus(): Promise<MenuRow[]> {
  return api.get<MenuRow[]>(LIST_ALL_PATH);
}

export const grantMenusQueryOptions = () => queryOptions({ queryKey: keysOf('menu').listAll(), queryFn: getGrantMenus });

export function useGrantMenus() {
  return useQuery(grantMenusQueryOptions());
}
