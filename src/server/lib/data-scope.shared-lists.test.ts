import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { ossFile, sysUser, sysUserRole } from '../db/schema';
import { hashPassword } from './password';

// The lists that are not a project's own but hold its rows or counts (docs/access.md "Data scope"):
// the file administration list shows a scoped user the files of their projects' records (and those
// of no project), the device catalogue counts only their projects' units, and the project unique-key
// check stays global by design (a key is unique across every project).

describe('data scope of the shared lists: files, the device catalogue, the unique-key check', () => {
  let t: TestApp;
  let admin: string;
  let scoped: string;
  const p: number[] = [];
  let device: number;
  const files: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const one = async (sql: string, params: unknown[]) => (await t.database.query<{ id: number }>(sql, params))[0].id;
    for (const key of ['SCOPE-A', 'SCOPE-B']) p.push(await one(`INSERT INTO fall_project(name, unique_key) VALUES ($1, $1) RETURNING id`, [key]));
    device = await one(`INSERT INTO fall_device(name, category) VALUES ('Pump X', 'pump') RETURNING id`, []);
    const units: number[][] = [[], []];
    for (const [i, n] of [2, 3].entries()) {
      for (let k = 0; k < n; k++) units[i].push(await one(`INSERT INTO fall_eq_info(name, project_id, device_id) VALUES ($1, $2, $3) RETURNING id`, [`U${i}${k}`, p[i], device]));
    }
    const order = await one(`INSERT INTO fall_order(name, number, project_id) VALUES ('B order', 'B-1', $1) RETURNING id`, [p[1]]);
    const file = async (name: string, ownerType: string, ownerId: number | null) => {
      const [row] = await t.database.db.insert(ossFile).values({ originalName: name, contentType: 'application/pdf', size: 10, storageKey: `test/${name}`, ownerType, ownerId }).returning({ id: ossFile.id });
      files[name] = row.id;
    };
    await file('plan-A.pdf', 'fall_project', p[0]);
    await file('plan-B.pdf', 'fall_project', p[1]);
    await file('unit-A.pdf', 'fall_eq_info', units[0][0]);
    await file('unit-B.pdf', 'fall_eq_info', units[1][0]);
    await file('order-B.pdf', 'fall_order', order);
    await file('handbook.pdf', 'fall_device', device);
    await file('loose.pdf', '', null);
    const menus = (await t.database.query<{ id: number }>('SELECT id FROM sys_menu')).map((m) => m.id);
    const role = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'site_a', name: 'Site A', menuIdList: menus, dataScope: 'projects', projectIdList: [p[0]] } });
    const [u] = await t.database.db.insert(sysUser).values({ username: 'site_a', passwordHash: await hashPassword('site-a-pw') }).returning({ id: sysUser.id });
    await t.database.db.insert(sysUserRole).values({ userId: u.id, roleId: role.body.data.id });
    scoped = await t.tokenFor('site_a');
  });
  afterAll(() => t.close());

  const names = (rows: { originalName: string }[]) => rows.map((r) => r.originalName).sort();

  it('the file list, its total, info and export hold the files of the scope\'s records and of none', async () => {
    const all = await t.call('POST', '/api/oss/file/list', { token: admin, body: { page: 1, limit: 100 } });
    expect(names(all.body.data.list)).toEqual(['handbook.pdf', 'loose.pdf', 'order-B.pdf', 'plan-A.pdf', 'plan-B.pdf', 'unit-A.pdf', 'unit-B.pdf']);
    const mine = await t.call('POST', '/api/oss/file/list', { token: scoped, body: { page: 1, limit: 100 } });
    expect(mine.status).toBe(200);
    expect(names(mine.body.data.list)).toEqual(['handbook.pdf', 'loose.pdf', 'plan-A.pdf', 'unit-A.pdf']);
    expect(mine.body.data.total).toBe(4);
    // A filter narrows within the scope, never past it.
    const byOwner = await t.call('POST', '/api/oss/file/list', { token: scoped, body: { page: 1, limit: 100, ownerType: 'fall_project' } });
    expect(names(byOwner.body.data.list)).toEqual(['plan-A.pdf']);
    expect((await t.call('GET', `/api/oss/file/info/${files['plan-B.pdf']}`, { token: scoped })).status).toBe(404);
    expect((await t.call('GET', `/api/oss/file/info/${files['order-B.pdf']}`, { token: scoped })).status).toBe(404);
    expect((await t.call('GET', `/api/oss/file/info/${files['plan-A.pdf']}`, { token: scoped })).status).toBe(200);
    const csv = await t.call('POST', '/api/oss/file/export', { token: scoped, body: { format: 'csv', columns: [{ prop: 'originalName', label: 'Name' }] } });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('plan-A.pdf');
    expect(String(csv.body)).not.toContain('plan-B.pdf');
    expect(String(csv.body)).not.toContain('unit-B.pdf');
  });

  it('the device catalogue counts only the units of the scope\'s projects', async () => {
    const count = async (token: string) => {
      const res = await t.call('POST', '/api/ball/falldevice/list', { token, body: { page: 1, limit: 100 } });
      return (res.body.data.list as { id: number; equipmentCount: number }[]).find((d) => d.id === device)?.equipmentCount;
    };
    expect(await count(admin)).toBe(5);
    expect(await count(scoped)).toBe(2);
    const info = await t.call('GET', `/api/ball/falldevice/info/${device}`, { token: scoped });
    expect(info.body.data.equipmentCount).toBe(2);
    const all = await t.call('POST', '/api/ball/falldevice/listAll', { token: scoped, body: {} });
    expect((all.body.data as { id: number; equipmentCount: number }[]).find((d) => d.id === device)?.equipmentCount).toBe(2);
  });

  it('the unique-key check answers for every project: a key is unique across all of them', async () => {
    // Saying "free" for another project's key would only send the scoped user into a refused save.
    const taken = await t.call('GET', `/api/ball/fallproject/existUniqueKey?uniqueKey=scope-b&id=${p[0]}`, { token: scoped });
    expect(taken.body.data).toBe(true);
    expect((await t.call('GET', `/api/ball/fallproject/existUniqueKey?uniqueKey=SCOPE-C&id=${p[0]}`, { token: scoped })).body.data).toBe(false);
    const clash = await t.call('POST', '/api/ball/fallproject/update', { token: scoped, body: { id: p[0], uniqueKey: 'SCOPE-B' } });
    expect(clash.status).toBe(409);
    expect((await t.database.query<{ unique_key: string }>('SELECT unique_key FROM fall_project WHERE id = $1', [p[0]]))[0].unique_key).toBe('SCOPE-A');
  });
});
