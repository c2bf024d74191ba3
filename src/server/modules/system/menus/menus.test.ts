import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MenuRow, MenuSelectNode } from '@shared/contracts/menus';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { sysMenu } from '../../../db/schema';

const flatten = (nodes: MenuSelectNode[]): MenuSelectNode[] => nodes.flatMap((n) => [n, ...flatten(n.list)]);

describe('sys/menu: every call of spec §7 "Menu"', () => {
  let t: TestApp;
  let admin: string;
  let sysDir: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    [{ id: sysDir }] = await t.database.db.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.menuCode, 'sys'));
  });
  afterAll(() => t.close());

  it('lists every menu flat with its parent name, and every menu id', async () => {
    const all: MenuRow[] = (await t.call('GET', '/api/sys/menu/listAll', { token: admin })).body.data;
    const count = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sys_menu'))[0].n;
    expect(all).toHaveLength(count);
    expect(all.find((m) => m.perms === 'sys-user#resetPassword')).toMatchObject({ type: 2, parentName: '用户管理', menuCode: 'sys-user' });
    const ids = (await t.call('GET', '/api/sys/menu/queryAllMenuId', { token: admin })).body.data;
    expect(ids).toEqual(all.map((m) => m.menuId).sort((a, b) => a - b));
    expect((await t.call('GET', '/api/sys/menu/queryAllMenuId?roleId=99999', { token: admin })).status).toBe(404);
  });

  it('offers directories and menus, never buttons, as a tree for the parent picker', async () => {
    const tree: MenuSelectNode[] = (await t.call('GET', '/api/sys/menu/select', { token: admin })).body.data;
    const flat = flatten(tree);
    expect(flat.some((n) => n.type === 2)).toBe(false);
    expect(tree.find((n) => n.menuId === sysDir)?.list.map((n) => n.name).slice(0, 3)).toEqual(['用户管理', '角色管理', '菜单管理']);
  });

  it('saves, shows, updates, switches state and deletes a menu', async () => {
    const saved = await t.call('POST', '/api/sys/menu/save', {
      token: admin,
      body: { parentId: sysDir, name: '巡检计划', nameEn: 'Inspections', type: 1, url: 'sys/inspection', menuCode: 'sys-inspection', icon: 'calendar', sort: 20 },
    });
    expect(saved.body.code).toBe(0);
    const menuId = saved.body.data.menuId;
    const button = await t.call('POST', '/api/sys/menu/save', { token: admin, body: { parentId: menuId, name: '查询', type: 2, perms: 'sys-inspection#list', menuCode: 'sys-inspection' } });
    expect(button.body.code).toBe(0);
    expect((await t.call('GET', `/api/sys/menu/info/${menuId}`, { token: admin })).body.data).toMatchObject({
      menuId, parentId: sysDir, parentName: '系统管理', name: '巡检计划', type: 1, url: 'sys/inspection', icon: 'calendar', sort: 20, status: 0,
    });
    const nav = async () => JSON.stringify((await t.call('GET', '/api/sys/menu/nav', { token: admin })).body.data.menuList);
    expect(await nav()).toContain('sys/inspection');
    const upd = await t.call('POST', '/api/sys/menu/update', {
      token: admin, body: { menuId, parentId: sysDir, name: '巡检', type: 1, url: 'sys/inspection', menuCode: 'sys-inspection', icon: 'calendar', sort: 21 },
    });
    expect(upd.body.code).toBe(0);
    expect((await t.call('GET', `/api/sys/menu/info/${menuId}`, { token: admin })).body.data).toMatchObject({ name: '巡检', sort: 21 });
    expect((await t.call('POST', '/api/sys/menu/updateState', { token: admin, body: { menuId, status: 1 } })).body.code).toBe(0);
    expect(await nav()).not.toContain('sys/inspection');
    await t.call('POST', '/api/sys/menu/updateState', { token: admin, body: { menuId, status: 0 } });

    const blocked = await t.call('POST', `/api/sys/menu/delete/${menuId}`, { token: admin, lang: 'zh-CN' });
    expect(blocked.body).toMatchObject({ code: 400, msg: '请先删除子菜单' });
    expect((await t.call('POST', `/api/sys/menu/delete/${button.body.data.menuId}`, { token: admin })).body.code).toBe(0);
    expect((await t.call('POST', `/api/sys/menu/delete/${menuId}`, { token: admin })).body.code).toBe(0);
    expect((await t.call('GET', `/api/sys/menu/info/${menuId}`, { token: admin })).status).toBe(404);
    expect((await t.call('POST', `/api/sys/menu/delete/${menuId}`, { token: admin })).status).toBe(404);
  });

  it('stores the children of one menu in the order they were dragged to, and the navigation follows; refuses menus of two parents', async () => {
    const children = async () => ((await t.call('GET', '/api/sys/menu/listAll', { token: admin })).body.data as MenuRow[]).filter((m) => m.parentId === sysDir && m.type !== 2);
    const before = await children();
    expect(before.length).toBeGreaterThan(2);
    const order = [before[2], before[0], before[1], ...before.slice(3)].map((m) => m.menuId);
    const res = await t.call('POST', '/api/sys/menu/sort', { token: admin, body: { ids: order } });
    expect(res.status).toBe(200);
    expect((await children()).map((m) => m.menuId)).toEqual(order);
    type Nav = { menuId: number; list: Nav[] };
    const nav: Nav[] = (await t.call('GET', '/api/sys/menu/nav', { token: admin })).body.data.menuList;
    const sysNav = nav.find((m) => m.menuId === sysDir)!;
    expect(sysNav.list.map((m) => m.menuId).slice(0, 3)).toEqual(order.slice(0, 3));

    const other = ((await t.call('GET', '/api/sys/menu/listAll', { token: admin })).body.data as MenuRow[]).find((m) => m.parentId !== sysDir)!;
    const mixed = await t.call('POST', '/api/sys/menu/sort', { token: admin, body: { ids: [order[0], other.menuId] } });
    expect(mixed.status).toBe(400);
    const operator = await t.userWith(['sys-menu#list']);
    expect((await t.call('POST', '/api/sys/menu/sort', { token: operator.token, body: { ids: order } })).status).toBe(403);
    expect((await children()).map((m) => m.menuId)).toEqual(order);
  });

  it('refuses a parent that is a button, the menu itself or one of its children', async () => {
    const [users] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.url, 'sys/user'));
    const [reset] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.perms, 'sys-user#resetPassword'));
    const underButton = await t.call('POST', '/api/sys/menu/save', { token: admin, body: { parentId: reset.id, name: 'x', type: 2, perms: 'x#y' } });
    expect(underButton.body.data.fields).toEqual({ parentId: 'Invalid parent: not a button, the menu itself or one of its children' });
    const missing = await t.call('POST', '/api/sys/menu/save', { token: admin, body: { parentId: 99999, name: 'x', type: 0 } });
    expect(missing.status).toBe(400);
    const base = { name: 'System', type: 0, menuCode: 'sys', icon: 'settings', sort: 6 };
    expect((await t.call('POST', '/api/sys/menu/update', { token: admin, body: { menuId: sysDir, parentId: sysDir, ...base } })).status).toBe(400);
    expect((await t.call('POST', '/api/sys/menu/update', { token: admin, body: { menuId: sysDir, parentId: users.id, ...base } })).status).toBe(400);
    const [dir] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.id, sysDir));
    expect(dir.parentId).toBe(0);
  });

  it('checks the fields per type: a menu needs a url, a button its authorisation id', async () => {
    const menu = await t.call('POST', '/api/sys/menu/save', { token: admin, body: { parentId: sysDir, name: 'x', type: 1 } });
    expect(menu.body.data.fields).toEqual({ url: 'This field is required' });
    const button = await t.call('POST', '/api/sys/menu/save', { token: admin, body: { parentId: sysDir, name: 'x', type: 2, perms: 'no hash' }, lang: 'zh-CN' });
    expect(button.body.data.fields.perms).toBe('授权标识格式为 模块#操作，多个用逗号分隔');
    const bad = await t.call('POST', '/api/sys/menu/save', { token: admin, body: { name: '', type: 5, status: 2, sort: -1 } });
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['name', 'sort', 'status', 'type']);
    const state = await t.call('POST', '/api/sys/menu/updateState', { token: admin, body: { menuId: sysDir, status: 'off' } });
    expect(state.body.data.fields).toEqual({ status: 'Invalid value' });
    expect((await t.call('POST', '/api/sys/menu/delete/abc', { token: admin })).status).toBe(400);
  });
});
