import type { FastifyInstance } from 'fastify';
import { MENU_STATUS_VALUE, MENU_TYPE } from '@shared/contracts/menus';
import { sysMenu } from '../../../db/schema';

export interface MenuRecord {
  id: number;
  parentId: number;
  name: string;
  nameEn: string;
  type: number;
  url: string;
  perms: string;
  menuCode: string;
  icon: string;
  sort: number;
  status: number;
}

/** The columns of a menu every read selects, apart from its id (the menu screens call it menuId). */
export const menuColumns = {
  parentId: sysMenu.parentId,
  name: sysMenu.name,
  nameEn: sysMenu.nameEn,
  type: sysMenu.type,
  url: sysMenu.url,
  perms: sysMenu.perms,
  menuCode: sysMenu.menuCode,
  icon: sysMenu.icon,
  sort: sysMenu.sort,
  status: sysMenu.status,
};

export async function allMenus(app: FastifyInstance): Promise<MenuRecord[]> {
  return app.database.db.select({ id: sysMenu.id, ...menuColumns }).from(sysMenu);
}

const bySort = (a: { sort: number; id: number }, b: { sort: number; id: number }) => a.sort - b.sort || a.id - b.id;

/** Nests items under their parents (roots: parent 0 or a parent not in the list), each level sorted. */
export function buildTree<T extends MenuRecord, N>(items: T[], toNode: (item: T, list: N[]) => N): N[] {
  const children = new Map<number, T[]>();
  const ids = new Set(items.map((m) => m.id));
  for (const m of items) {
    const key = ids.has(m.parentId) ? m.parentId : 0;
    if (!children.has(key)) children.set(key, []);
    children.get(key)!.push(m);
  }
  const build = (parentId: number): N[] => (children.get(parentId) ?? []).sort(bySort).map((m) => toNode(m, build(m.id)));
  return build(0);
}

/**
 * The directories and menus a user sees: granted (or everything for the super user), in normal
 * state, under ancestors that are all in normal state. Ancestors come along even when a role
 * grants only the menu below them; a directory with nothing visible under it is left out.
 */
export function visibleMenus(all: MenuRecord[], granted: ReadonlySet<number> | 'all'): MenuRecord[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  const shown = new Set<number>();
  for (const m of all) {
    if (m.type !== MENU_TYPE.menu && m.type !== MENU_TYPE.directory) continue;
    if (granted !== 'all' && !granted.has(m.id)) continue;
    const chain: MenuRecord[] = [];
    let cur: MenuRecord | undefined = m;
    let ok = true;
    const seen = new Set<number>();
    while (cur) {
      if (cur.status !== MENU_STATUS_VALUE.normal || cur.type === MENU_TYPE.button || seen.has(cur.id)) {
        ok = false;
        break;
      }
      seen.add(cur.id);
      chain.push(cur);
      if (cur.parentId === 0) break;
      cur = byId.get(cur.parentId);
      if (!cur) ok = false;
    }
    if (ok) for (const c of chain) shown.add(c.id);
  }
  // Drop directories that hold no menu, bottom-up.
  let changed = true;
  while (changed) {
    changed = false;
    for (const id of shown) {
      const m = byId.get(id)!;
      if (m.type === MENU_TYPE.directory && !all.some((c) => c.parentId === id && shown.has(c.id))) {
        shown.delete(id);
        changed = true;
      }
    }
  }
  return all.filter((m) => shown.has(m.id));
}

/** True when `candidate` is `menuId` itself or lies below it: it cannot become its parent. */
export function isSelfOrDescendant(all: Pick<MenuRecord, 'id' | 'parentId'>[], menuId: number, candidate: number): boolean {
  const byId = new Map(all.map((m) => [m.id, m]));
  let cur = byId.get(candidate);
  const seen = new Set<number>();
  while (cur && !seen.has(cur.id)) {
    if (cur.id === menuId) return true;
    seen.add(cur.id);
    cur = byId.get(cur.parentId);
  }
  return false;
}
