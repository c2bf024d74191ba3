import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { sysMenu, sysRoleMenu, sysUserRole } from '../../../db/schema';

describe('sys/role', () => {
  let t: TestApp;
  let admin: string;
  let menuIds: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const rows = await t.database.db.select({ id: sysMenu.id, perms: sysMenu.perms, url: sysMenu.url, code: sysMenu.menuCode, type: sysMenu.type }).from(sysMenu);
    menuIds = Object.fromEntries(rows.map((r) => [r.perms || r.url || r.code, r.id]));
  });
  afterAll(() => t.close());

  it('creates, shows, lists, updates and deletes a role with its grants', async () => {
    const grant = [menuIds.fall, menuIds['fall/order'], menuIds['fall-order#list']];
    const saved = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'dispatcher', name: '调度', nameEn: 'Dispatcher', menuIdList: grant } });
    expect(saved.body.code).toBe(0);
    const id = saved.body.data.id;
    const info = (await t.call('GET', `/api/sys/role/info/${id}`, { token: admin })).body.data;
    expect(info).toMatchObject({ code: 'dispatcher', name: '调度', nameEn: 'Dispatcher', menuIdList: [...grant].sort((a, b) => a - b), userCount: 0 });
    const list = await t.call('POST', '/api/sys/role/list', { token: admin, body: { name: 'dispatch', page: 1, limit: 10 } });
    expect(list.body.data).toMatchObject({ total: 1, list: [{ code: 'dispatcher' }] });
    const queried = await t.call('GET', `/api/sys/menu/queryAllMenuId?roleId=${id}`, { token: admin });
    expect(queried.body.data).toEqual([...grant].sort((a, b) => a - b));
    await t.call('POST', '/api/sys/role/update', { token: admin, body: { id, name: '调度员', menuIdList: [menuIds.fall] } });
    expect((await t.call('GET', `/api/sys/role/info/${id}`, { token: admin })).body.data).toMatchObject({ name: '调度员', nameEn: 'Dispatcher', menuIdList: [menuIds.fall] });
    expect((await t.call('POST', '/api/sys/role/delete', { token: admin, body: [id] })).body.data).toEqual({ deleted: 1 });
    expect(await t.database.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, id))).toHaveLength(0);
  });

  it('refuses a taken code (409 with field) and unknown menus (400), writing nothing', async () => {
    const dup = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'operator', name: 'x' }, lang: 'zh-CN' });
    expect(dup.status).toBe(409);
    expect(dup.body.data.fields).toEqual({ code: '数据已存在' });
    const bad = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'new-role', name: 'n', menuIdList: [menuIds.fall, 99999] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ menuIdList: 'Invalid value' });
    const list = await t.call('POST', '/api/sys/role/list', { token: admin, body: { code: 'new-role', page: 1, limit: 10 } });
    expect(list.body.data.total).toBe(0);
    const empty = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'has space', name: '' } });
    expect(empty.body.data.fields).toMatchObject({ code: 'Use only letters, digits, _ and - in a code', name: 'This field is required' });
    const rename = await t.call('POST', '/api/sys/role/update', { token: admin, body: { id: 2, code: 'operator' } });
    expect(rename.status).toBe(409);
  });

  it('applies a grant change on the users next request, without signing in again', async () => {
    const { token, userId } = await t.userWith(['fall-order#list']);
    const [{ roleId }] = await t.database.db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId));
    const orderList = () => t.call('GET', '/api/sys/menu/nav', { token }).then((r) => r.body.data.permissions as string[]);
    const canListUsers = () => t.call('POST', '/api/sys/user/list', { token, body: { page: 1, limit: 10 } }).then((r) => r.status);
    expect(await canListUsers()).toBe(403);
    expect(await orderList()).toEqual(['fall-order#list']);
    const grant = [menuIds['fall-order#list'], menuIds['sys-user#list']];
    expect((await t.call('POST', '/api/sys/role/update', { token: admin, body: { id: roleId, menuIdList: grant } })).body.code).toBe(0);
    expect(await canListUsers()).toBe(200);
    expect(await orderList()).toEqual(['fall-order#list', 'sys-user#list']);
    await t.call('POST', '/api/sys/role/update', { token: admin, body: { id: roleId, menuIdList: [menuIds['fall-order#list']] } });
    expect(await canListUsers()).toBe(403);
    // a disabled button grants nothing either
    await t.call('POST', '/api/sys/role/update', { token: admin, body: { id: roleId, menuIdList: grant } });
    await t.call('POST', '/api/sys/menu/updateState', { token: admin, body: { menuId: menuIds['sys-user#list'], status: 1 } });
    expect(await canListUsers()).toBe(403);
    await t.call('POST', '/api/sys/menu/updateState', { token: admin, body: { menuId: menuIds['sys-user#list'], status: 0 } });
    expect(await canListUsers()).toBe(200);
  });

  // History survives: a role its users hold is no longer deleted from under them (409); taking it off the
  // user first, then deleting it, still takes effect at once.
  it('refuses to delete a role its users hold; once taken off them it goes, and its grants with it', async () => {
    const { token, userId } = await t.userWith(['sys-role#list']);
    expect((await t.call('POST', '/api/sys/role/list', { token, body: { page: 1, limit: 10 } })).status).toBe(200);
    const roles = await t.database.db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(inArray(sysUserRole.userId, [userId]));
    const refused = await t.call('POST', '/api/sys/role/delete', { token: admin, body: roles.map((r) => r.roleId) });
    expect(refused.status).toBe(409);
    expect((await t.call('POST', '/api/sys/role/list', { token, body: { page: 1, limit: 10 } })).status).toBe(200);
    await t.call('POST', '/api/sys/user/update', { token: admin, body: { id: userId, roleIdList: [] } });
    expect((await t.call('POST', '/api/sys/role/delete', { token: admin, body: roles.map((r) => r.roleId) })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('POST', '/api/sys/role/list', { token, body: { page: 1, limit: 10 } })).status).toBe(403);
  });
});
