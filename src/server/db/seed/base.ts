import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { sysConfig, sysDictType, sysDictionary, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../schema';
import { BUILT_IN_DICTIONARIES } from '@shared/dictionaries';
import { permissionMatches } from '@shared/access';
import { SETTING_DEFAULTS } from '../../lib/settings';
import { hashPassword } from '../../lib/password';
import { ROLE_SEEDS } from './menus';
import { syncMenus } from './menu-sync';
import { DEMO_USER_NAMES } from './demo-data';

export interface BaseSeedOptions {
  adminPassword: string;
  /** Demo mode adds one user per role: operator/operator123, manager/manager123, viewer/viewer123. */
  demoUsers: boolean;
}

/** Menus a role gets: every button whose code a grant matches, plus the menus and directories above them. */
function grantedMenuIds(menus: { id: number; parentId: number; perms: string }[], grants: string[] | 'all', except: string[] = []): number[] {
  if (grants === 'all') return menus.map((m) => m.id);
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out = new Set<number>();
  for (const m of menus) {
    if (!m.perms || !grants.some((g) => permissionMatches(g, m.perms)) || except.includes(m.perms)) continue;
    let cur: typeof m | undefined = m;
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = byId.get(cur.parentId);
    }
  }
  return [...out];
}

/** Seeds what every installation needs, once, on an empty database. Returns false when already seeded. */
export async function seedBase(database: Database, opts: BaseSeedOptions): Promise<boolean> {
  const existing = await database.db.select({ n: sql<number>`count(*)::int` }).from(sysUser);
  if (existing[0].n > 0) return false;

  await database.db.insert(sysConfig).values(
    Object.entries(SETTING_DEFAULTS).map(([key, d]) => ({ key, value: String(d.value), type: d.type, remark: d.remark })),
  ).onConflictDoNothing();

  for (const [type, dict] of Object.entries(BUILT_IN_DICTIONARIES)) {
    await database.db.insert(sysDictType).values({ type, name: dict.cn, nameEn: dict.en }).onConflictDoNothing();
    await database.db.insert(sysDictionary).values(
      dict.items.map((item, i) => ({ type, label: item.cn, labelEn: item.en, value: item.value, color: item.color ?? '', sort: i + 1 })),
    ).onConflictDoNothing();
  }

  await syncMenus(database);
  const menus = await database.db.select({ id: sysMenu.id, parentId: sysMenu.parentId, perms: sysMenu.perms }).from(sysMenu);

  const roleIds = new Map<string, number>();
  for (const role of ROLE_SEEDS) {
    const [row] = await database.db.insert(sysRole).values({ code: role.code, name: role.name, nameEn: role.nameEn, remark: role.remark, remarkEn: role.remarkEn }).returning({ id: sysRole.id });
    roleIds.set(role.code, row.id);
    const ids = grantedMenuIds(menus, role.grants, role.except);
    if (ids.length) await database.db.insert(sysRoleMenu).values(ids.map((menuId) => ({ roleId: row.id, menuId })));
  }

  const users: { username: string; password: string; role: string }[] = [{ username: 'admin', password: opts.adminPassword, role: 'administrator' }];
  if (opts.demoUsers) {
    users.push(
      { username: 'manager', password: 'manager123', role: 'manager' },
      { username: 'operator', password: 'operator123', role: 'operator' },
      { username: 'viewer', password: 'viewer123', role: 'viewer' },
    );
  }
  const names = new Map(DEMO_USER_NAMES.map(([username, cn, en]) => [username, { realName: cn, realNameEn: en }]));
  for (const u of users) {
    const [row] = await database.db
      .insert(sysUser)
      .values({ username: u.username, ...names.get(u.username), passwordHash: await hashPassword(u.password) })
      .returning({ id: sysUser.id });
    await database.db.insert(sysUserRole).values({ userId: row.id, roleId: roleIds.get(u.role)! });
  }
  return true;
}
