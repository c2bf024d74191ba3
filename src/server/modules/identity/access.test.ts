import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { sysMenu, sysRole, sysUser } from '../../db/schema';
import { hashPassword } from '../../lib/password';

interface Case {
  method: 'GET' | 'POST';
  /** Permission codes, any of which grants the call. */
  perms: string[];
  /** Builds a valid call (may create what it acts on). */
  valid: () => Promise<{ url: string; body?: unknown }>;
  /** A body the contract refuses, with the fields it must name. */
  invalid?: { url?: string; body: unknown; fields: string[] };
}

/** Every endpoint of sys/user, sys/role and sys/menu: 401 without a token, 403 without the permission, success with it. */
describe('identity endpoints: table-driven access and bad input', () => {
  let t: TestApp;
  let seq = 0;
  const newUser = async () => {
    const [u] = await t.database.db.insert(sysUser).values({ username: `target${++seq}`, passwordHash: await hashPassword('target-pw') }).returning({ id: sysUser.id });
    return u.id;
  };
  const newRole = async () => {
    const [r] = await t.database.db.insert(sysRole).values({ code: `role${++seq}`, name: `role${seq}` }).returning({ id: sysRole.id });
    return r.id;
  };
  const newMenu = async () => {
    const [m] = await t.database.db.insert(sysMenu).values({ name: `menu${++seq}`, type: 0 }).returning({ id: sysMenu.id });
    return m.id;
  };
  const exportBody = { format: 'csv', columns: [{ prop: 'id', label: 'Id' }] };

  const cases: Record<string, Case> = {
    'POST /sys/user/list': { method: 'POST', perms: ['sys-user#list'], valid: async () => ({ url: '/api/sys/user/list', body: { page: 1, limit: 10 } }), invalid: { body: { page: 0, limit: 'x' }, fields: ['page', 'limit'] } },
    'POST /sys/user/listAll': { method: 'POST', perms: ['sys-user#list'], valid: async () => ({ url: '/api/sys/user/listAll', body: {} }), invalid: { body: { status: 7 }, fields: ['status'] } },
    'GET /sys/user/info/:id': { method: 'GET', perms: ['sys-user#info'], valid: async () => ({ url: `/api/sys/user/info/${await newUser()}` }), invalid: { url: '/api/sys/user/info/abc', body: undefined, fields: ['id'] } },
    'POST /sys/user/save': { method: 'POST', perms: ['sys-user#save'], valid: async () => ({ url: '/api/sys/user/save', body: { username: `new${++seq}`, password: 'secret-1' } }), invalid: { body: { username: '', phone: 'x' }, fields: ['username', 'password', 'phone'] } },
    'POST /sys/user/update': { method: 'POST', perms: ['sys-user#update'], valid: async () => ({ url: '/api/sys/user/update', body: { id: await newUser(), realName: 'R' } }), invalid: { body: { id: 'x', email: 'nope' }, fields: ['id', 'email'] } },
    'POST /sys/user/delete': { method: 'POST', perms: ['sys-user#delete'], valid: async () => ({ url: '/api/sys/user/delete', body: [await newUser()] }), invalid: { body: [], fields: [''] } },
    'POST /sys/user/export': { method: 'POST', perms: ['sys-user#export'], valid: async () => ({ url: '/api/sys/user/export', body: exportBody }), invalid: { body: { columns: [] }, fields: ['columns'] } },
    'POST /sys/user/resetPassword': { method: 'POST', perms: ['sys-user#resetPassword'], valid: async () => ({ url: '/api/sys/user/resetPassword', body: { id: await newUser(), password: 'another-1' } }), invalid: { body: { id: 2 }, fields: ['password'] } },
    'POST /sys/user/status': { method: 'POST', perms: ['sys-user#status'], valid: async () => ({ url: '/api/sys/user/status', body: { id: await newUser(), status: 0 } }), invalid: { body: { id: 2, status: 2 }, fields: ['status'] } },
    'POST /sys/role/list': { method: 'POST', perms: ['sys-role#list'], valid: async () => ({ url: '/api/sys/role/list', body: { page: 1, limit: 10 } }), invalid: { body: { page: 1, limit: 10, bogus: 1 }, fields: ['bogus'] } },
    'POST /sys/role/listAll': { method: 'POST', perms: ['sys-role#list'], valid: async () => ({ url: '/api/sys/role/listAll', body: {} }), invalid: { body: { code: 5 }, fields: ['code'] } },
    'GET /sys/role/info/:id': { method: 'GET', perms: ['sys-role#info'], valid: async () => ({ url: `/api/sys/role/info/${await newRole()}` }), invalid: { url: '/api/sys/role/info/0', body: undefined, fields: ['id'] } },
    'POST /sys/role/save': { method: 'POST', perms: ['sys-role#save'], valid: async () => ({ url: '/api/sys/role/save', body: { code: `c${++seq}`, name: 'n' } }), invalid: { body: { code: '', name: '', menuIdList: ['a'] }, fields: ['code', 'name', 'menuIdList.0'] } },
    'POST /sys/role/update': { method: 'POST', perms: ['sys-role#update'], valid: async () => ({ url: '/api/sys/role/update', body: { id: await newRole(), name: 'n2' } }), invalid: { body: { name: 'x' }, fields: ['id'] } },
    'POST /sys/role/delete': { method: 'POST', perms: ['sys-role#delete'], valid: async () => ({ url: '/api/sys/role/delete', body: [await newRole()] }), invalid: { body: { id: 1 }, fields: [''] } },
    'POST /sys/role/export': { method: 'POST', perms: ['sys-role#export'], valid: async () => ({ url: '/api/sys/role/export', body: exportBody }), invalid: { body: { columns: [{ prop: '' }] }, fields: ['columns.0.prop'] } },
    'GET /sys/role/select': { method: 'GET', perms: ['sys-role#list', 'sys-user#list', 'sys-user#save', 'sys-user#update'], valid: async () => ({ url: '/api/sys/role/select' }) },
    'GET /sys/menu/listAll': { method: 'GET', perms: ['sys-menu#list', 'sys-role#info', 'sys-role#save', 'sys-role#update'], valid: async () => ({ url: '/api/sys/menu/listAll' }) },
    'GET /sys/menu/info/:menuId': { method: 'GET', perms: ['sys-menu#info'], valid: async () => ({ url: `/api/sys/menu/info/${await newMenu()}` }), invalid: { url: '/api/sys/menu/info/x', body: undefined, fields: ['menuId'] } },
    'GET /sys/menu/queryAllMenuId': { method: 'GET', perms: ['sys-menu#list', 'sys-role#info', 'sys-role#save', 'sys-role#update'], valid: async () => ({ url: '/api/sys/menu/queryAllMenuId' }), invalid: { url: '/api/sys/menu/queryAllMenuId?roleId=x', body: undefined, fields: ['roleId'] } },
    'GET /sys/menu/select': { method: 'GET', perms: ['sys-menu#list', 'sys-menu#save', 'sys-menu#update'], valid: async () => ({ url: '/api/sys/menu/select' }) },
    'POST /sys/menu/save': { method: 'POST', perms: ['sys-menu#save'], valid: async () => ({ url: '/api/sys/menu/save', body: { name: 'dir', type: 0 } }), invalid: { body: { name: '', type: 9 }, fields: ['name', 'type'] } },
    'POST /sys/menu/update': { method: 'POST', perms: ['sys-menu#update'], valid: async () => ({ url: '/api/sys/menu/update', body: { menuId: await newMenu(), name: 'dir2', type: 0 } }), invalid: { body: { name: 'x', type: 0 }, fields: ['menuId'] } },
    'POST /sys/menu/delete/:menuId': { method: 'POST', perms: ['sys-menu#delete'], valid: async () => ({ url: `/api/sys/menu/delete/${await newMenu()}` }), invalid: { url: '/api/sys/menu/delete/-1', body: undefined, fields: ['menuId'] } },
    'POST /sys/menu/updateState': { method: 'POST', perms: ['sys-menu#status'], valid: async () => ({ url: '/api/sys/menu/updateState', body: { menuId: await newMenu(), status: 1 } }), invalid: { body: { menuId: 1 }, fields: ['status'] } },
  };
  const loginOnly: [string, string, unknown?][] = [
    ['GET', '/api/sys/menu/nav'],
    ['GET', '/api/sys/user/info'],
    ['POST', '/api/sys/user/password', { password: 'a', newPassword: 'bbbbbb', confirmPassword: 'bbbbbb' }],
    ['POST', '/api/sys/user/profile', { realName: 'x' }],
    ['GET', '/api/sys/ui-pref/screen'],
    ['POST', '/api/sys/ui-pref/screen', { value: {} }],
    ['POST', '/api/sys/logout'],
  ];

  let stranger: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    // holds permissions of other modules only
    stranger = (await t.userWith(['fall-order#list', 'sys-user#info'])).token;
  });
  afterAll(() => t.close());

  it.each(Object.entries(cases))('%s: 401 without a token, 403 without the permission whatever the body', async (_name, c) => {
    const { url, body } = await c.valid();
    expect((await t.call(c.method, url, { body })).status).toBe(401);
    expect((await t.call(c.method, url, { body, token: 'forged-token' })).status).toBe(401);
    const token = c.perms.includes('sys-user#info') ? (await t.userWith(['fall-order#list'])).token : stranger;
    expect((await t.call(c.method, url, { body, token })).status).toBe(403);
    if (c.method === 'POST') expect((await t.call(c.method, url, { body: '{broken', token, headers: { 'content-type': 'application/json' } })).status).toBe(403);
  });

  it.each(Object.entries(cases))('%s: succeeds with each permission that grants it', async (_name, c) => {
    for (const perm of c.perms) {
      const { token } = await t.userWith([perm]);
      const { url, body } = await c.valid();
      const res = await t.call(c.method, url, { body, token });
      expect(res.status, `${perm}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      if (!url.endsWith('/export')) expect(res.body.code).toBe(0);
    }
  });

  it.each(Object.entries(cases).filter(([, c]) => c.invalid))('%s: a bad body or parameter is a 400 naming the fields', async (_name, c) => {
    const { url } = await c.valid();
    for (const lang of ['en', 'zh-CN']) {
      const res = await t.call(c.method, c.invalid!.url ?? url, { body: c.invalid!.body, token: admin, lang });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      const fields = Object.keys(res.body.data.fields);
      for (const f of c.invalid!.fields) {
        if (f) expect(fields).toContain(f);
      }
      expect(fields.length).toBeGreaterThan(0);
    }
  });

  it.each(loginOnly)('%s %s: 401 without a session', async (method, url, body) => {
    expect((await t.call(method as 'GET', url, { body })).status).toBe(401);
  });

  it('keeps the super user id 1 passing every check, even with no grant at all', async () => {
    await t.database.query('DELETE FROM sys_user_role WHERE user_id = 1');
    const token = await t.tokenFor('admin');
    for (const [name, c] of Object.entries(cases)) {
      const { url, body } = await c.valid();
      expect((await t.call(c.method, url, { body, token })).status, name).toBe(200);
    }
    const [u] = await t.database.db.select().from(sysUser).where(eq(sysUser.id, 1));
    expect(u.username).toBe('admin');
  });
});
