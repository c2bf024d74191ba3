import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../client';
import { sysMenu, sysMenuOrigin, sysRole, sysRoleMenu } from '../schema';
import { EVERY_ROLE_MENUS, MENU_TREE, type MenuSeed } from './menus';

/**
 * Menus and buttons synced from the resource registry into sys_menu, on the first start (seedBase)
 * and on every start after it (bootstrapData), so a screen or button added to the registry reaches
 * an existing installation. sys_menu_origin remembers, per registry node, what the registry last
 * wrote, field by field:
 *  - a node never written is inserted (or, on a database seeded before 0020, the row with its
 *    permission / menu code is adopted as it stands);
 *  - a field whose value is still what the registry wrote follows the registry;
 *  - a field an administrator changed (renamed, re-iconed, moved, re-sorted) keeps their value;
 *  - a node whose row an administrator deleted is not brought back; a row the registry no longer
 *    lists is left alone (roles may hold it; an administrator deletes it).
 * Newly inserted menus and buttons are granted to the `administrator` role (docs/decisions.md);
 * other roles get them when an administrator says so.
 */

const FIELDS = ['parentId', 'name', 'nameEn', 'type', 'url', 'perms', 'menuCode', 'icon', 'sort'] as const;
type Field = (typeof FIELDS)[number];
type MenuFields = Record<Field, string | number>;

interface RegistryNode {
  key: string;
  parentKey: string | null;
  fields: Omit<MenuFields, 'parentId'>;
}

/** The tree as nodes, parents first, in the order the first seed inserted them (so fresh ids stay as they were). */
export function registryNodes(tree: MenuSeed[] = MENU_TREE): RegistryNode[] {
  const out: RegistryNode[] = [];
  const walk = (nodes: MenuSeed[], parentKey: string | null) => {
    nodes.forEach((node, i) => {
      const isDir = !!node.children;
      const key = `${isDir ? 'dir' : 'menu'}:${node.menuCode ?? node.url ?? node.name}`;
      out.push({
        key,
        parentKey,
        fields: { name: node.name, nameEn: node.nameEn, type: isDir ? 0 : 1, url: node.url ?? '', perms: '', menuCode: node.menuCode ?? '', icon: node.icon ?? '', sort: i + 1 },
      });
      if (node.children) walk(node.children, key);
      Object.entries(node.buttons ?? {}).forEach(([action, [name, nameEn]], b) => {
        const perms = `${node.menuCode}#${action}`;
        out.push({
          key: `button:${perms}`,
          parentKey: key,
          fields: { name, nameEn, type: 2, url: '', perms, menuCode: node.menuCode ?? '', icon: '', sort: b + 1 },
        });
      });
    });
  };
  walk(tree, null);
  return out;
}

export interface MenuSyncResult {
  inserted: number;
  adopted: number;
  updated: number;
  /** Nodes with at least one field an administrator changed, kept as they are. */
  kept: number;
}

type MenuRow = typeof sysMenu.$inferSelect;

/** A row of a database seeded before the registry sync that stands for this node. */
function adoptable(rows: MenuRow[], node: RegistryNode, parentId: number): MenuRow | undefined {
  const f = node.fields;
  if (f.type === 2) return rows.find((r) => r.type === 2 && r.perms === f.perms);
  if (f.type === 1) return rows.find((r) => r.type === 1 && r.menuCode === f.menuCode);
  return rows.find((r) => r.type === 0 && r.menuCode === f.menuCode && r.parentId === parentId);
}

export async function syncMenus(database: Database, tree: MenuSeed[] = MENU_TREE): Promise<MenuSyncResult> {
  return database.db.transaction(async (tx) => {
    // Two instances starting together sync one after the other.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7701)`);
    const result: MenuSyncResult = { inserted: 0, adopted: 0, updated: 0, kept: 0 };
    const origins = new Map((await tx.select().from(sysMenuOrigin)).map((o) => [o.key, o]));
    const rows = await tx.select().from(sysMenu);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const idByKey = new Map<string, number>();
    const inserted: number[] = [];
    const forEveryRole: number[] = [];

    for (const node of registryNodes(tree)) {
      const parentId = node.parentKey === null ? 0 : idByKey.get(node.parentKey);
      // The parent was deleted by an administrator: its children stay out too.
      if (parentId === undefined) continue;
      const want: MenuFields = { ...node.fields, parentId };
      const tracked = origins.get(node.key);

      if (tracked) {
        const row = tracked.menuId === null ? undefined : byId.get(tracked.menuId);
        if (!row) continue;
        idByKey.set(node.key, row.id);
        const origin = tracked.origin as Partial<MenuFields>;
        const changes: Partial<MenuFields> = {};
        let adminChanged = false;
        for (const f of FIELDS) {
          if (row[f] !== origin[f]) adminChanged = true;
          else if (row[f] !== want[f]) changes[f] = want[f];
        }
        if (adminChanged) result.kept += 1;
        if (Object.keys(changes).length) {
          await tx.update(sysMenu).set(changes as never).where(eq(sysMenu.id, row.id));
          result.updated += 1;
        }
        if (FIELDS.some((f) => origin[f] !== want[f])) {
          await tx.update(sysMenuOrigin).set({ origin: want, syncedAt: new Date() }).where(eq(sysMenuOrigin.key, node.key));
        }
        continue;
      }

      const existing = adoptable(rows, node, parentId);
      let id: number;
      if (existing) {
        // Seeded before 0020 from the same tree: what differs from the registry is an administrator's.
        id = existing.id;
        result.adopted += 1;
      } else {
        const [row] = await tx.insert(sysMenu).values(want as never).returning({ id: sysMenu.id });
        id = row.id;
        inserted.push(id);
        if (EVERY_ROLE_MENUS.includes(String(want.menuCode))) forEveryRole.push(id);
        result.inserted += 1;
      }
      idByKey.set(node.key, id);
      await tx.insert(sysMenuOrigin).values({ key: node.key, menuId: id, origin: want });
    }

    if (inserted.length) await grantToAdministrators(tx, inserted);
    if (forEveryRole.length) await grantToEveryRole(tx, forEveryRole);
    return result;
  });
}

/** A screen every signed-in user has (My orders, menus.ts EVERY_ROLE_MENUS): new, it goes to every role. */
async function grantToEveryRole(tx: Db, menuIds: number[]): Promise<void> {
  const roles = await tx.select({ id: sysRole.id }).from(sysRole);
  const grants = roles.flatMap((r) => menuIds.map((menuId) => ({ roleId: r.id, menuId })));
  if (grants.length) await tx.insert(sysRoleMenu).values(grants).onConflictDoNothing();
}

/** New menus and buttons go to the administrator role, which holds everything (ROLE_SEEDS `all`). */
async function grantToAdministrators(tx: Db, menuIds: number[]): Promise<void> {
  const admins = await tx.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.code, ['administrator']));
  const grants = admins.flatMap((r) => menuIds.map((menuId) => ({ roleId: r.id, menuId })));
  if (grants.length) await tx.insert(sysRoleMenu).values(grants).onConflictDoNothing();
}
