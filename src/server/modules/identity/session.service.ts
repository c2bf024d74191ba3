import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { SUPER_USER_ID } from '@shared/constants';
import type { NavMenu, NavResult, SessionUser } from '@shared/contracts/auth';
import { sysRole, sysSession, sysUser, sysUserRole } from '../../db/schema';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { ALL_PROJECTS_PERMISSIONS } from '../../lib/data-scope';
import { readScope } from '../../plugins/auth';
import { allMenus, buildTree, visibleMenus, type MenuRecord } from '../system/menus';

export interface Grants {
  roles: string[];
  /** Permission codes of granted buttons and menus in normal state. */
  perms: string[];
  /** Granted menu ids, or every menu for the super user. */
  menuIds: ReadonlySet<number> | 'all';
}

/** What a user's roles grant now, read fresh on every call so role changes apply at once. */
export async function loadGrants(app: FastifyInstance, userId: number): Promise<Grants> {
  const rows = await app.database.query<{ role: string; menu_id: number | null; perms: string | null; status: number | null }>(
    `SELECT r.code AS role, m.id AS menu_id, m.perms, m.status
       FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
       LEFT JOIN sys_role_menu rm ON rm.role_id = r.id
       LEFT JOIN sys_menu m ON m.id = rm.menu_id
      WHERE ur.user_id = $1`,
    [userId],
  );
  const roles = [...new Set(rows.map((r) => r.role))];
  if (userId === SUPER_USER_ID) {
    const all = await app.database.query<{ perms: string }>(`SELECT perms FROM sys_menu WHERE status = 0 AND perms <> ''`);
    return { roles, perms: splitPerms(all.map((r) => r.perms)), menuIds: 'all' };
  }
  const menuIds = new Set(rows.filter((r) => r.menu_id !== null).map((r) => r.menu_id as number));
  const granted = splitPerms(rows.filter((r) => r.status === 0 && r.perms).map((r) => r.perms as string));
  // A user limited to some projects is not shown what only a session over every project may do.
  const scope = await readScope(app.database, 'user', userId);
  const perms = scope.all ? granted : granted.filter((p) => !ALL_PROJECTS_PERMISSIONS.includes(p));
  return { roles, perms, menuIds };
}

function splitPerms(list: string[]): string[] {
  return [...new Set(list.flatMap((p) => p.split(',').map((s) => s.trim()).filter(Boolean)))].sort();
}

const toNav = (m: MenuRecord, list: NavMenu[]): NavMenu => ({
  menuId: m.id,
  parentId: m.parentId,
  name: m.name,
  nameEn: m.nameEn,
  url: m.url,
  icon: m.icon,
  menuCode: m.menuCode,
  type: m.type,
  list,
});

/** GET /sys/menu/nav: the user's directory and menu tree (no buttons) and permission codes. */
export async function navFor(app: FastifyInstance, userId: number, grants?: Grants): Promise<NavResult & { visible: MenuRecord[] }> {
  const g = grants ?? (await loadGrants(app, userId));
  const visible = visibleMenus(await allMenus(app), g.menuIds);
  return { menuList: buildTree(visible, toNav), permissions: g.perms, visible };
}

/** The signed-in user as the client keeps it (USER_INFO): roles, perms and menus with their menuCode. */
export async function sessionUserOf(app: FastifyInstance, userId: number): Promise<SessionUser> {
  const [user] = await app.database.db
    .select({ id: sysUser.id, username: sysUser.username, realName: sysUser.realName, realNameEn: sysUser.realNameEn, email: sysUser.email, phone: sysUser.phone, avatar: sysUser.avatar })
    .from(sysUser)
    .where(eq(sysUser.id, userId));
  if (!user) throw notFound();
  const grants = await loadGrants(app, userId);
  const { visible } = await navFor(app, userId, grants);
  const roleNames = await app.database.db
    .select({ code: sysRole.code, name: sysRole.name, nameEn: sysRole.nameEn })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId))
    .orderBy(sysRole.code);
  return {
    ...user,
    roles: grants.roles,
    roleNames,
    perms: grants.perms,
    menus: visible.filter((m) => m.menuCode).map((m) => ({ menuId: m.id, menuCode: m.menuCode })),
  };
}

/** Ends every session of a user (disabled, expired, deleted, password reset), or all but one. */
export async function endSessions(db: Pick<Db, 'delete'>, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .delete(sysSession)
    .where(exceptSessionId ? and(eq(sysSession.userId, userId), ne(sysSession.id, exceptSessionId)) : eq(sysSession.userId, userId));
}
