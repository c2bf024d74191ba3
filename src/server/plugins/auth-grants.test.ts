import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { sysMenu, sysRole, sysRoleMenu, sysSession, sysUserRole } from '../db/schema';
import { newToken } from '../lib/password';

/**
 * Grants are cached per instance between requests (each of a wall's ten calls paid for the grants query), stamped with sys_grants_version: every
 * change of who holds what must still be enforced on the very next request, and the session itself
 * (logout, revoked display tokens) is never cached.
 */
describe('cached grants', () => {
  let t: TestApp;
  const STATS = '/api/ball/fallproject/countProjects';
  /** Hand-written SQL the auth plugin ran, while `fn` runs. */
  const queriesDuring = async (fn: () => Promise<unknown>) => {
    const seen: string[] = [];
    const original = t.database.query.bind(t.database);
    t.database.query = (async (sql: string, params?: unknown[]) => {
      seen.push(sql);
      return original(sql, params);
    }) as typeof t.database.query;
    try {
      await fn();
    } finally {
      t.database.query = original;
    }
    return seen;
  };
  const grantsQueries = (sqls: string[]) => sqls.filter((q) => q.includes('sys_role_menu'));
  const statsMenu = async () => (await t.database.db.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.perms, 'fall-project#stats')))[0].id;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the grants once, then answers from the cache while nothing changes', async () => {
    const { token } = await t.userWith(['fall-project#stats']);
    const first = await queriesDuring(() => t.call('GET', STATS, { token }));
    expect(grantsQueries(first)).toHaveLength(1);
    const again = await queriesDuring(async () => {
      for (let i = 0; i < 3; i++) expect((await t.call('GET', STATS, { token })).status).toBe(200);
    });
    expect(grantsQueries(again)).toHaveLength(0);
  });

  it('refuses at once when the role loses the permission, and allows at once when it comes back', async () => {
    const { token, username } = await t.userWith(['fall-project#stats']);
    expect((await t.call('GET', STATS, { token })).status).toBe(200);
    const [role] = await t.database.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, `r_${username}`));
    const menuId = await statsMenu();
    await t.database.db.delete(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, role.id), eq(sysRoleMenu.menuId, menuId)));
    expect((await t.call('GET', STATS, { token })).status).toBe(403);
    await t.database.db.insert(sysRoleMenu).values({ roleId: role.id, menuId });
    expect((await t.call('GET', STATS, { token })).status).toBe(200);
  });

  it('refuses at once when the user loses the role', async () => {
    const { token, userId } = await t.userWith(['fall-project#stats']);
    expect((await t.call('GET', STATS, { token })).status).toBe(200);
    await t.database.db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    expect((await t.call('GET', STATS, { token })).status).toBe(403);
  });

  it('refuses at once when an administrator switches the menu off through the API', async () => {
    const { token } = await t.userWith(['fall-project#stats']);
    const admin = await t.tokenFor('admin');
    expect((await t.call('GET', STATS, { token })).status).toBe(200);
    const menuId = await statsMenu();
    expect((await t.call('POST', '/api/sys/menu/updateState', { token: admin, body: { menuId, status: 1 } })).body.code).toBe(0);
    try {
      expect((await t.call('GET', STATS, { token })).status).toBe(403);
    } finally {
      await t.call('POST', '/api/sys/menu/updateState', { token: admin, body: { menuId, status: 0 } });
    }
    expect((await t.call('GET', STATS, { token })).status).toBe(200);
  });

  it('follows role changes made through the API (role menus replaced)', async () => {
    const { token, username } = await t.userWith(['fall-project#stats']);
    const admin = await t.tokenFor('admin');
    expect((await t.call('GET', STATS, { token })).status).toBe(200);
    const [role] = await t.database.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, `r_${username}`));
    const res = await t.call('POST', '/api/sys/role/update', { token: admin, body: { id: role.id, name: username, menuIdList: [] } });
    expect(res.body.code).toBe(0);
    expect((await t.call('GET', STATS, { token })).status).toBe(403);
  });

  it('refuses a logged-out token at once', async () => {
    const { token } = await t.userWith(['fall-project#stats']);
    expect((await t.call('GET', STATS, { token })).status).toBe(200);
    expect((await t.call('POST', '/api/sys/logout', { token })).body.code).toBe(0);
    expect((await t.call('GET', STATS, { token })).status).toBe(401);
  });

  it('display tokens follow the viewer role and stop at once when revoked', async () => {
    const { token, hash } = newToken();
    const [session] = await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'display', userId: null, expiresAt: null }).returning({ id: sysSession.id });
    expect((await t.call('GET', STATS, { token })).status).toBe(200);
    const [viewer] = await t.database.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'viewer'));
    const held = await t.database.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, viewer.id));
    await t.database.db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, viewer.id));
    try {
      expect((await t.call('GET', STATS, { token })).status).toBe(403);
    } finally {
      if (held.length) await t.database.db.insert(sysRoleMenu).values(held);
    }
    expect((await t.call('GET', STATS, { token })).status).toBe(200);
    await t.database.db.delete(sysSession).where(eq(sysSession.id, session.id));
    expect((await t.call('GET', STATS, { token })).status).toBe(401);
  });
});
