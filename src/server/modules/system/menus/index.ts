import type { AppInstance } from '../../../app-instance';
import { menuRoutes } from './menus.routes';

/** sys/menu: the menu tree and its buttons. */
export async function menusModule(app: AppInstance): Promise<void> {
  await menuRoutes(app);
}

/** The menus as every reader reads them, and their tree (a session's navigation). */
export { allMenus, buildTree, menuColumns, visibleMenus, type MenuRecord } from './menu-tree.service';
