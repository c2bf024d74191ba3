import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { NavMenu } from '@shared/contracts/auth';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { sysMenu, sysSession } from '../../db/schema';
import { UI_PREF_MAX_BYTES } from '../system/ui-prefs/ui-prefs.routes';

const flatten = (menus: NavMenu[]): NavMenu[] => menus.flatMap((m) => [m, ...flatten(m.list)]);

describe('current user: nav, info, password, profile, screen preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the super user every directory and menu, sorted, never a button', async () => {
    const res = await t.call('GET', '/api/sys/menu/nav', { token: await t.tokenFor('admin') });
    expect(res.status).toBe(200);
    const { menuList, permissions } = res.body.data;
    const all = flatten(menuList);
    expect(all.every((m) => m.type === 0 || m.type === 1)).toBe(true);
    expect(menuList.map((m: NavMenu) => m.menuCode)).toEqual(['fall', 'ship', 'app', 'job', 'oss', 'sys']);
    const sys = menuList.find((m: NavMenu) => m.menuCode === 'sys');
    expect(sys.list.slice(0, 3).map((m: NavMenu) => m.url)).toEqual(['sys/user', 'sys/role', 'sys/menu']);
    expect(permissions).toContain('sys-menu#status');
    expect(permissions).toContain('fall-order#accept');
  });

  it('gives the operator only the menus its role holds, with their permissions', async () => {
    const token = await t.tokenFor('operator');
    const { menuList, permissions } = (await t.call('GET', '/api/sys/menu/nav', { token })).body.data;
    const codes = flatten(menuList).map((m) => m.menuCode);
    expect(codes).toContain('fall-order');
    expect(codes).toContain('fall');
    expect(codes).not.toContain('sys');
    expect(codes).not.toContain('sys-user');
    expect(codes).not.toContain('app-bill');
    expect(permissions).toContain('fall-order#accept');
    expect(permissions).not.toContain('fall-order#delete');
    expect(permissions).not.toContain('sys-user#list');
    const info = (await t.call('GET', '/api/sys/user/info', { token })).body.data;
    expect(info).toMatchObject({ username: 'operator', roles: ['operator'] });
    // The account page shows the role by its name in the reader's language, not its code.
    expect(info.roleNames).toEqual([{ code: 'operator', name: '运维人员', nameEn: 'Operator' }]);
    expect(info.perms).toEqual(permissions);
    expect(info.menus.map((m: { menuCode: string }) => m.menuCode)).toEqual(codes);
  });

  it('hides a disabled menu and everything under a disabled directory, and drops its permissions', async () => {
    const token = await t.tokenFor('operator');
    const [orders] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.url, 'fall/order'));
    await t.database.db.update(sysMenu).set({ status: 1 }).where(eq(sysMenu.id, orders.id));
    try {
      const { menuList } = (await t.call('GET', '/api/sys/menu/nav', { token })).body.data;
      expect(flatten(menuList).map((m) => m.url)).not.toContain('fall/order');
      expect(flatten(menuList).map((m) => m.url)).toContain('fall/report');
    } finally {
      await t.database.db.update(sysMenu).set({ status: 0 }).where(eq(sysMenu.id, orders.id));
    }
    const [fall] = await t.database.db.select().from(sysMenu).where(eq(sysMenu.menuCode, 'fall'));
    await t.database.db.update(sysMenu).set({ status: 1 }).where(eq(sysMenu.id, fall.id));
    try {
      const { menuList } = (await t.call('GET', '/api/sys/menu/nav', { token })).body.data;
      expect(flatten(menuList).filter((m) => m.menuCode.startsWith('fall'))).toEqual([]);
    } finally {
      await t.database.db.update(sysMenu).set({ status: 0 }).where(eq(sysMenu.id, fall.id));
    }
  });

  it('needs a session for nav and info (401), and a display or missing token is not a user', async () => {
    expect((await t.call('GET', '/api/sys/menu/nav')).status).toBe(401);
    expect((await t.call('GET', '/api/sys/user/info')).status).toBe(401);
    expect((await t.call('GET', '/api/sys/user/info', { token: 'not-a-token' })).status).toBe(401);
  });

  it('changes the own password: wrong current password is refused; other sessions end, this one stays', async () => {
    const { token, userId, username } = await t.userWith([]);
    const other = await t.call('POST', '/api/sys/login', { body: { username, password: `${username}-pw`, captcha: '', uuid: '' } });
    const otherToken = other.body.data.token;
    const wrong = await t.call('POST', '/api/sys/user/password', {
      token, lang: 'zh-CN', body: { password: 'nope', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { msg: '原密码不正确', data: { fields: { password: '原密码不正确' } } } });
    const mismatch = await t.call('POST', '/api/sys/user/password', {
      token, body: { password: `${username}-pw`, newPassword: 'brand-new-1', confirmPassword: 'brand-new-2' },
    });
    expect(mismatch.body.data.fields).toEqual({ confirmPassword: 'The confirmation password does not match the password' });
    const done = await t.call('POST', '/api/sys/user/password', {
      token, body: { password: `${username}-pw`, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(done.body.code).toBe(0);
    expect((await t.call('GET', '/api/sys/user/info', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/sys/user/info', { token: otherToken })).status).toBe(401);
    expect(await t.database.db.select().from(sysSession).where(eq(sysSession.userId, userId))).toHaveLength(1);
    const relogin = await t.call('POST', '/api/sys/login', { body: { username, password: 'brand-new-1', captcha: '', uuid: '' } });
    expect(relogin.body.code).toBe(0);
    const oplog = await t.database.query<{ params: unknown }>(`SELECT params FROM sys_log WHERE action = 'password'`);
    expect(JSON.stringify(oplog)).not.toContain('brand-new-1');
  });

  it('updates the own profile with the spec §5 phone and email formats', async () => {
    const { token } = await t.userWith([]);
    const bad = await t.call('POST', '/api/sys/user/profile', { token, body: { realName: 'Ann', phone: '123', email: 'ann@' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ phone: 'Wrong phone number format', email: 'Wrong email format' });
    const good = await t.call('POST', '/api/sys/user/profile', { token, body: { realName: 'Ann', phone: '13800138000', email: 'ann@example.com' } });
    expect(good.body.data).toMatchObject({ realName: 'Ann', phone: '13800138000', email: 'ann@example.com' });
    const sneaky = await t.call('POST', '/api/sys/user/profile', { token, body: { realName: 'Ann', status: 1 } });
    expect(sneaky.body.data.fields).toEqual({ status: 'Unknown field' });
  });

  it('keeps screen preferences per user and screen, up to 16 KB', async () => {
    const a = await t.userWith([]);
    const b = await t.userWith([]);
    expect((await t.call('GET', '/api/sys/ui-pref/sys%2Fuser', { token: a.token })).body.data).toBeNull();
    const value = { hidden: ['email'], order: ['username', 'realName'] };
    expect((await t.call('POST', '/api/sys/ui-pref/sys%2Fuser', { token: a.token, body: { value } })).body.code).toBe(0);
    expect((await t.call('GET', '/api/sys/ui-pref/sys%2Fuser', { token: a.token })).body.data).toEqual(value);
    await t.call('POST', '/api/sys/ui-pref/sys%2Fuser', { token: a.token, body: { value: { hidden: [] } } });
    expect((await t.call('GET', '/api/sys/ui-pref/sys%2Fuser', { token: a.token })).body.data).toEqual({ hidden: [] });
    expect((await t.call('GET', '/api/sys/ui-pref/sys%2Fuser', { token: b.token })).body.data).toBeNull();
    const big = await t.call('POST', '/api/sys/ui-pref/x', { token: a.token, body: { value: { s: 'x'.repeat(UI_PREF_MAX_BYTES) } } });
    expect(big.status).toBe(400);
    expect(big.body.data.fields).toEqual({ value: 'Too long' });
    expect((await t.call('POST', '/api/sys/ui-pref/x', { token: a.token, body: { value: null } })).status).toBe(400);
    expect((await t.call('POST', '/api/sys/ui-pref/x', { body: { value: {} } })).status).toBe(401);
  });
});
