import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { sysRole, sysSession, sysUser } from '../../../db/schema';

describe('sys/user', () => {
  let t: TestApp;
  let admin: string;
  let roleIds: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const roles = await t.database.db.select({ id: sysRole.id, code: sysRole.code }).from(sysRole);
    roleIds = Object.fromEntries(roles.map((r) => [r.code, r.id]));
  });
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>, lang = 'en') => t.call('POST', '/api/sys/user/save', { token: admin, body, lang });
  const signIn = async (username: string, password: string) =>
    (await t.call('POST', '/api/sys/login', { body: { username, password, captcha: '', uuid: '' } })).body;

  it('creates a user with roles; lists, filters and shows it without any password', async () => {
    const res = await save({
      username: 'zhang', password: 'zhang123', realName: '张工', phone: '13900139000', email: 'zhang@site.cn',
      roleIdList: [roleIds.operator, roleIds.viewer], expireAt: null,
    });
    expect(res.body.code).toBe(0);
    const id = res.body.data.id;
    const info = await t.call('GET', `/api/sys/user/info/${id}`, { token: admin });
    expect(info.body.data).toMatchObject({
      id, username: 'zhang', realName: '张工', status: 1, expireAt: null, expired: false, roleIdList: [roleIds.operator, roleIds.viewer],
    });
    expect(JSON.stringify(info.body)).not.toMatch(/password|scrypt/i);
    const byRole = await t.call('POST', '/api/sys/user/list', { token: admin, body: { roleId: roleIds.viewer, page: 1, limit: 10 } });
    expect(byRole.body.data.list.map((u: { username: string }) => u.username).sort()).toEqual(['viewer', 'zhang']);
    const byName = await t.call('POST', '/api/sys/user/list', { token: admin, body: { realName: '张', status: '1', roleId: '', page: 1, limit: 10 } });
    expect(byName.body.data).toMatchObject({ total: 1, list: [{ username: 'zhang', roleNames: '运维人员,大屏观察员' }] });
    expect(JSON.stringify(byName.body)).not.toMatch(/passwordHash|failedCount/);
    expect((await signIn('zhang', 'zhang123')).code).toBe(0);
  });

  it('refuses a taken username with 409 and a field message, and bad fields with 400', async () => {
    const dup = await save({ username: 'admin', password: 'secret12' }, 'zh-CN');
    expect(dup.status).toBe(409);
    expect(dup.body.data.fields).toEqual({ username: '数据已存在' });
    const bad = await save({ username: 'x y', password: '123', phone: '12345', email: 'a@b', status: 3, roleIdList: [99999] });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      username: expect.any(String), password: 'The password needs at least 6 characters', phone: 'Wrong phone number format',
      email: 'Wrong email format', status: 'Invalid value',
    });
    const noPassword = await save({ username: 'nopw' });
    expect(noPassword.body.data.fields).toEqual({ password: 'Password cannot be empty' });
    const unknownRole = await save({ username: 'ghost', password: 'ghost123', roleIdList: [99999] });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.data.fields).toEqual({ roleIdList: 'Invalid value' });
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'ghost'))).toHaveLength(0);
  });

  it('updates fields and roles; renaming onto a taken username is a 409; the password is not part of update', async () => {
    const id = (await save({ username: 'li', password: 'li123456', roleIdList: [roleIds.viewer] })).body.data.id;
    const up = await t.call('POST', '/api/sys/user/update', { token: admin, body: { id, realName: '李四', roleIdList: [roleIds.manager] } });
    expect(up.body.code).toBe(0);
    expect((await t.call('GET', `/api/sys/user/info/${id}`, { token: admin })).body.data).toMatchObject({ realName: '李四', roleIdList: [roleIds.manager] });
    // fields left out keep their values
    await t.call('POST', '/api/sys/user/update', { token: admin, body: { id, phone: '13700137000' } });
    expect((await t.call('GET', `/api/sys/user/info/${id}`, { token: admin })).body.data).toMatchObject({ realName: '李四', phone: '13700137000', roleIdList: [roleIds.manager] });
    expect((await t.call('POST', '/api/sys/user/update', { token: admin, body: { id, username: 'operator' } })).status).toBe(409);
    expect((await t.call('POST', '/api/sys/user/update', { token: admin, body: { id, password: 'x' } })).body.data.fields).toEqual({ password: 'Unknown field' });
    expect((await t.call('POST', '/api/sys/user/update', { token: admin, body: { id: 99999, realName: 'x' } })).status).toBe(404);
  });

  it('ends all sessions of a user who is disabled, expired or deleted', async () => {
    const id = (await save({ username: 'wang', password: 'wang1234' })).body.data.id;
    const sessions = async () => (await t.database.db.select().from(sysSession).where(eq(sysSession.userId, id))).length;
    let token = (await signIn('wang', 'wang1234')).data.token;
    await signIn('wang', 'wang1234');
    expect(await sessions()).toBe(2);
    expect((await t.call('POST', '/api/sys/user/status', { token: admin, body: { id, status: 0 } })).body.code).toBe(0);
    expect(await sessions()).toBe(0);
    expect((await t.call('GET', '/api/sys/user/info', { token })).status).toBe(401);
    expect((await signIn('wang', 'wang1234')).msg).toBe('Account locked, contact administrator');
    await t.call('POST', '/api/sys/user/status', { token: admin, body: { id, status: 1 } });

    token = (await signIn('wang', 'wang1234')).data.token;
    const past = new Date(Date.now() - 60_000).toISOString();
    expect((await t.call('POST', '/api/sys/user/update', { token: admin, body: { id, expireAt: past } })).body.code).toBe(0);
    expect(await sessions()).toBe(0);
    expect((await t.call('GET', `/api/sys/user/info/${id}`, { token: admin })).body.data.expired).toBe(true);
    expect((await signIn('wang', 'wang1234')).msg).toBe('Account expired, contact administrator');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await t.call('POST', '/api/sys/user/update', { token: admin, body: { id, expireAt: future } });
    token = (await signIn('wang', 'wang1234')).data.token;
    expect(await sessions()).toBe(1);

    expect((await t.call('POST', '/api/sys/user/delete', { token: admin, body: [id] })).body.data).toEqual({ deleted: 1 });
    expect(await sessions()).toBe(0);
    expect((await t.call('GET', '/api/sys/user/info', { token })).status).toBe(401);
  });

  it('resets a password: the old one stops working and the user is signed out', async () => {
    const id = (await save({ username: 'zhao', password: 'zhao1234' })).body.data.id;
    const token = (await signIn('zhao', 'zhao1234')).data.token;
    const res = await t.call('POST', '/api/sys/user/resetPassword', { token: admin, body: { id, password: 'fresh-pass' } });
    expect(res.body.code).toBe(0);
    expect((await t.call('GET', '/api/sys/user/info', { token })).status).toBe(401);
    expect((await signIn('zhao', 'zhao1234')).msg).toBe('Password incorrect');
    expect((await signIn('zhao', 'fresh-pass')).code).toBe(0);
    expect((await t.call('POST', '/api/sys/user/resetPassword', { token: admin, body: { id, password: '' } })).body.data.fields).toEqual({ password: 'Password cannot be empty' });
    expect((await t.call('POST', '/api/sys/user/resetPassword', { token: admin, body: { id: 99999, password: 'whatever1' } })).status).toBe(404);
    const log = await t.database.query(`SELECT params FROM sys_log WHERE action = 'resetPassword'`);
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify(log)).not.toContain('fresh-pass');
  });

  it('protects the super user from deletion, disabling, expiry and a password reset by someone else', async () => {
    const lang = 'en';
    const msg = 'This cannot be done to the super user';
    expect((await t.call('POST', '/api/sys/user/delete', { token: admin, body: [1], lang })).body).toMatchObject({ code: 400, msg });
    expect((await t.call('POST', '/api/sys/user/status', { token: admin, body: { id: 1, status: 0 }, lang })).body.msg).toBe(msg);
    expect((await t.call('POST', '/api/sys/user/update', { token: admin, body: { id: 1, status: 0 }, lang })).body.msg).toBe(msg);
    const soon = new Date(Date.now() + 60_000).toISOString();
    expect((await t.call('POST', '/api/sys/user/update', { token: admin, body: { id: 1, expireAt: soon }, lang })).body.msg).toBe(msg);
    const { token: helper } = await t.userWith(['sys-user#resetPassword']);
    expect((await t.call('POST', '/api/sys/user/resetPassword', { token: helper, body: { id: 1, password: 'taken-over' }, lang })).body.msg).toBe(msg);
    const [su] = await t.database.db.select().from(sysUser).where(eq(sysUser.id, 1));
    expect(su).toMatchObject({ status: 1, expireAt: null });
    expect((await signIn('admin', 'admin123')).code).toBe(0);
  });

  it('exports the filtered list with the chosen columns, never a password hash', async () => {
    const csv = await t.call('POST', '/api/sys/user/export', {
      token: admin,
      body: { username: 'admin', format: 'csv', columns: [{ prop: 'username', label: 'Username' }, { prop: 'roleNames', label: 'Roles' }, { prop: 'passwordHash', label: 'Hash' }] },
    });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    // In the caller's language: the role's English name in English, its name in Chinese.
    expect(lines[0]).toBe('Username,Roles');
    expect(lines[1]).toBe('admin,Administrator');
    const cn = await t.call('POST', '/api/sys/user/export', { token: admin, lang: 'zh-CN', body: { username: 'admin', format: 'csv', columns: [{ prop: 'username', label: '用户名' }, { prop: 'roleNames', label: '角色' }, { prop: 'status', label: '状态' }] } });
    expect(String(cn.body).replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual(['用户名,角色,状态', 'admin,系统管理员,正常']);
  });
});
