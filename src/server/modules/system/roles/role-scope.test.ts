import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { sysUser, sysUserRole } from '../../../db/schema';
import { hashPassword } from '../../../lib/password';

// A role's data scope as saved and updated (docs/access.md "Data scope"): bad scopes and project
// lists are a 400 naming the field in the caller's language and change nothing; an editor limited to
// some projects cannot make, nor give a user, a role wider than their own scope.

describe('role data scope: validation, and an editor\'s own scope as the limit', () => {
  let t: TestApp;
  let admin: string;
  const p: number[] = [];
  let menus: number[];
  let editor: string;
  const roleRow = async (id: number) => (await t.call('GET', `/api/sys/role/info/${id}`, { token: admin })).body.data;
  const save = (token: string, body: Record<string, unknown>, lang = 'en') => t.call('POST', '/api/sys/role/save', { token, body, lang });
  const update = (token: string, body: Record<string, unknown>, lang = 'en') => t.call('POST', '/api/sys/role/update', { token, body, lang });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    for (const name of ['S1', 'S2', 'S3']) {
      p.push((await t.database.query<{ id: number }>(`INSERT INTO fall_project(name, unique_key) VALUES ($1, $1) RETURNING id`, [name]))[0].id);
    }
    menus = (await t.database.query<{ id: number }>(`SELECT id FROM sys_menu WHERE perms LIKE 'sys-role#%' OR perms LIKE 'sys-user#%'`)).map((m) => m.id);
    // The editor: may edit roles and users, within projects S1 and S2.
    const role = await save(admin, { code: 'regional_admin', name: '区域管理', menuIdList: menus, dataScope: 'projects', projectIdList: [p[0], p[1]] });
    expect(role.status).toBe(200);
    const [u] = await t.database.db.insert(sysUser).values({ username: 'regional', passwordHash: await hashPassword('regional-pw') }).returning({ id: sysUser.id });
    await t.database.db.insert(sysUserRole).values({ userId: u.id, roleId: role.body.data.id });
    editor = await t.tokenFor('regional');
  });
  afterAll(() => t.close());

  it('refuses a bad scope or project list with a 400 naming the field, in the caller\'s language', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ dataScope: 'some' }, 'dataScope', 'The data scope is either all projects or chosen projects', '数据范围只能是全部或指定项目'],
      [{ dataScope: 'projects', projectIdList: [] }, 'projectIdList', 'Choose at least one project', '请至少选择一个项目'],
      [{ dataScope: 'projects' }, 'projectIdList', 'Choose at least one project', '请至少选择一个项目'],
      [{ dataScope: 'projects', projectIdList: ['1'] }, 'projectIdList.0', 'Invalid value', '格式错误'],
      [{ dataScope: 'projects', projectIdList: [0] }, 'projectIdList.0', 'Invalid value', '格式错误'],
      [{ dataScope: 'projects', projectIdList: [-3] }, 'projectIdList.0', 'Invalid value', '格式错误'],
      [{ dataScope: 'projects', projectIdList: [1.5] }, 'projectIdList.0', 'Invalid value', '格式错误'],
      [{ dataScope: 'projects', projectIdList: [2 ** 31] }, 'projectIdList.0', 'Invalid value', '格式错误'],
      [{ dataScope: 'projects', projectIdList: 'all' }, 'projectIdList', 'Invalid value', '格式错误'],
      [{ dataScope: 'projects', projectIdList: [p[0], 999_999] }, 'projectIdList', 'No such project', '项目不存在'],
    ];
    const before = await t.database.query('SELECT * FROM sys_role ORDER BY id');
    for (const [extra, field, en, cn] of cases) {
      for (const [lang, msg] of [['en', en], ['cn', cn]] as const) {
        const res = await save(admin, { code: 'bad_scope', name: 'x', ...extra }, lang === 'cn' ? 'zh-CN' : 'en');
        expect(res.status, JSON.stringify(extra)).toBe(400);
        expect(res.body.data.fields?.[field], `${JSON.stringify(extra)} ${lang}: ${JSON.stringify(res.body)}`).toBe(msg);
      }
    }
    expect(await t.database.query('SELECT * FROM sys_role ORDER BY id')).toEqual(before);
  });

  it('update: an unknown project or an emptied list is a 400 and the role keeps its scope', async () => {
    const id = (await save(admin, { code: 'keeps_scope', name: 'k', dataScope: 'projects', projectIdList: [p[0]] })).body.data.id;
    for (const body of [{ id, projectIdList: [p[1], 999_999] }, { id, dataScope: 'projects', projectIdList: [] }, { id, projectIdList: [0] }]) {
      const res = await update(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.data.fields)[0]).toMatch(/^projectIdList/);
    }
    expect(await roleRow(id)).toMatchObject({ dataScope: 'projects', projectIdList: [p[0]] });
    // The scope sent alone keeps its projects; 'all' drops them; projects again needs a list.
    expect((await update(admin, { id, dataScope: 'projects' })).status).toBe(200);
    expect(await roleRow(id)).toMatchObject({ dataScope: 'projects', projectIdList: [p[0]] });
    expect((await update(admin, { id, dataScope: 'all' })).status).toBe(200);
    expect(await roleRow(id)).toMatchObject({ dataScope: 'all', projectIdList: [] });
    const again = await update(admin, { id, dataScope: 'projects' }, 'zh-CN');
    expect(again.status).toBe(400);
    expect(again.body.data.fields.projectIdList).toBe('请至少选择一个项目');
  });

  it('a scoped editor makes roles within their scope only', async () => {
    const inside = await save(editor, { code: 'site_s1', name: 's1', dataScope: 'projects', projectIdList: [p[0]] });
    expect(inside.status).toBe(200);
    for (const body of [{ code: 'wide', name: 'w' }, { code: 'wide', name: 'w', dataScope: 'all' }, { code: 'wide', name: 'w', dataScope: 'projects', projectIdList: [p[0], p[2]] }]) {
      const res = await save(editor, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.msg).toBe('Your roles do not cover this project');
    }
    expect(await t.database.query(`SELECT id FROM sys_role WHERE code = 'wide'`)).toEqual([]);
    const id = inside.body.data.id;
    expect((await update(editor, { id, dataScope: 'all' })).status).toBe(403);
    expect((await update(editor, { id, projectIdList: [p[2]] })).status).toBe(403);
    expect(await roleRow(id)).toMatchObject({ dataScope: 'projects', projectIdList: [p[0]] });
  });

  it('a scoped editor cannot give a user a role wider than their own scope, nor an "all" role', async () => {
    const narrow = (await save(admin, { code: 'narrow', name: 'n', dataScope: 'projects', projectIdList: [p[1]] })).body.data.id;
    const wider = (await save(admin, { code: 'wider', name: 'w', dataScope: 'projects', projectIdList: [p[1], p[2]] })).body.data.id;
    const everything = (await save(admin, { code: 'everything', name: 'e' })).body.data.id;
    const user = { username: 'fieldworker', password: 'Field-pw-1', realName: 'F' };
    for (const roles of [[everything], [wider], [narrow, everything]]) {
      for (const [lang, msg] of [['en', 'You cannot give a role whose data scope goes beyond your own'], ['zh-CN', '不能授予超出自身数据范围的角色']]) {
        const res = await t.call('POST', '/api/sys/user/save', { token: editor, lang, body: { ...user, roleIdList: roles } });
        expect(res.status, JSON.stringify(roles)).toBe(403);
        expect(res.body.msg).toBe(msg);
      }
    }
    expect(await t.database.query(`SELECT id FROM sys_user WHERE username = 'fieldworker'`)).toEqual([]);
    const made = await t.call('POST', '/api/sys/user/save', { token: editor, body: { ...user, roleIdList: [narrow] } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    const rolesOf = async () => (await t.database.query<{ role_id: number }>('SELECT role_id FROM sys_user_role WHERE user_id = $1 ORDER BY role_id', [id])).map((r) => r.role_id);
    for (const roles of [[narrow, everything], [wider]]) {
      expect((await t.call('POST', '/api/sys/user/update', { token: editor, body: { id, roleIdList: roles } })).status).toBe(403);
      expect(await rolesOf()).toEqual([narrow]);
    }
    // The administrator gives the wide role; the editor may still edit the user and keep what they hold.
    expect((await t.call('POST', '/api/sys/user/update', { token: admin, body: { id, roleIdList: [narrow, everything] } })).status).toBe(200);
    expect((await t.call('POST', '/api/sys/user/update', { token: editor, body: { id, realName: 'G', roleIdList: [narrow, everything] } })).status).toBe(200);
    expect((await t.call('POST', '/api/sys/user/update', { token: editor, body: { id, roleIdList: [narrow] } })).status).toBe(200);
    expect(await rolesOf()).toEqual([narrow]);
    // An editor of every project gives any role.
    expect((await t.call('POST', '/api/sys/user/update', { token: admin, body: { id, roleIdList: [wider, everything] } })).status).toBe(200);
  });
});
