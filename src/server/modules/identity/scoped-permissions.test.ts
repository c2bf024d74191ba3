import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { hashPassword } from '../../lib/password';
import { sysUser, sysUserRole } from '../../db/schema';

// A user limited to some projects is not told they may create a project (the server refuses a new
// project, which lies outside any set, to them): the session's permissions, as the screens read them
// at sign-in, from /sys/user/info and from /sys/menu/nav, leave fall-project#save out. The same role
// over every project keeps it.
describe('permissions a scoped session is not given', () => {
  let t: TestApp;
  let admin: string;
  const perms = ['fall-project#list', 'fall-project#save', 'fall-project#update'];

  async function userWithRole(username: string, dataScope: 'all' | 'projects', projectIdList: number[]): Promise<string> {
    const menus = await t.database.query<{ id: number }>('SELECT id FROM sys_menu WHERE perms = ANY($1::text[])', [perms]);
    expect(menus).toHaveLength(perms.length);
    const role = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: `r_${username}`, name: `Role ${username}`, menuIdList: menus.map((m) => m.id), dataScope, projectIdList } });
    expect(role.status).toBe(200);
    const [u] = await t.database.db.insert(sysUser).values({ username, passwordHash: await hashPassword(`${username}-pw-1`) }).returning({ id: sysUser.id });
    await t.database.db.insert(sysUserRole).values({ userId: u.id, roleId: role.body.data.id });
    return t.tokenFor(username);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  it('leaves project creation out of a scoped user\'s session, and keeps it for the same role over every project', async () => {
    const project = await seedProject(t, { name: 'Scoped A' });
    const scoped = await userWithRole('scoped_pm', 'projects', [project]);
    const everywhere = await userWithRole('all_pm', 'all', []);

    const info = async (token: string) => (await t.call('GET', '/api/sys/user/info', { token })).body.data.perms as string[];
    const nav = async (token: string) => (await t.call('GET', '/api/sys/menu/nav', { token })).body.data.permissions as string[];
    expect(await info(scoped)).toEqual(['fall-project#list', 'fall-project#update']);
    expect(await nav(scoped)).toEqual(['fall-project#list', 'fall-project#update']);
    expect(await info(everywhere)).toEqual(perms);
    expect(await nav(everywhere)).toEqual(perms);

    // And the server refuses what the screen no longer offers.
    const save = await t.call('POST', '/api/ball/fallproject/save', { token: scoped, body: { name: 'Outside', uniqueKey: 'SC-OUT' } });
    expect(save.status).toBe(403);
  });
});
