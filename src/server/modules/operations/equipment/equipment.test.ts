import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallEqInfo, ossFile } from '../../../db/schema';
import { PDF_BYTES, upload } from '@tests/helpers/file-uploads';

describe('fall/device and fall/eqInfo', () => {
  let t: TestApp;
  let admin: string;
  let projectA: number;
  let projectB: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const save = (name: string, uniqueKey: string) =>
      t.call('POST', '/api/ball/fallproject/save', { token: admin, body: { name, uniqueKey } }).then((r) => r.body.data.id as number);
    projectA = await save('深圳欢乐海岸水秀', 'SZ-HAPPY');
    projectB = await save('Marina Bay Waterfall', 'SG-MBS');
  });
  afterAll(() => t.close());

  it('keeps the device catalogue with handbooks attached in the save transaction', async () => {
    const handbook = (await upload(t, { token: admin, name: 'CR-manual.pdf', data: PDF_BYTES, ownerType: 'fall_device' })).body.data;
    const pump = await t.call('POST', '/api/ball/falldevice/save', {
      token: admin,
      body: { name: '立式多级离心泵', category: 'pump', maker: 'Grundfos', model: 'CR 45-3', handbook: handbook.id },
    });
    expect(pump.status).toBe(200);
    await t.call('POST', '/api/ball/falldevice/save', { token: admin, body: { name: 'RGBW 水下灯', category: 'light', maker: 'Philips', model: 'UW-36' } });
    const [file] = await t.database.db.select().from(ossFile).where(eq(ossFile.id, handbook.id));
    expect(file).toMatchObject({ ownerType: 'fall_device', ownerId: pump.body.data.id });
    const list = await t.call('POST', '/api/ball/falldevice/list', { token: admin, body: { category: 'pump', page: 1, limit: 10 } });
    expect(list.body.data.list).toEqual([expect.objectContaining({ name: '立式多级离心泵', maker: 'Grundfos', handbook: handbook.id, equipmentCount: 0 })]);
    const bad = await t.call('POST', '/api/ball/falldevice/save', { token: admin, body: { name: '', category: 'rocket' }, lang: 'zh-CN' });
    expect(bad.body.data.fields).toEqual({ name: '必填项', category: '请选择有效的选项' });
    const missingFile = await t.call('POST', '/api/ball/falldevice/save', { token: admin, body: { name: 'x', category: 'pump', handbook: 987654 } });
    expect(missingFile.status).toBe(400);
    expect(missingFile.body.data.fields.handbook).toBe('The file does not exist or cannot be used here');
    const [{ n }] = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM fall_device WHERE name = 'x'");
    expect(n).toBe(0);
  });

  it('keeps equipment with project and device names, filters, positions and the time of the last state change', async () => {
    const devices = (await t.call('POST', '/api/ball/falldevice/listAll', { token: admin, body: {} })).body.data as { id: number; category: string }[];
    const pump = devices.find((d) => d.category === 'pump')!;
    const light = devices.find((d) => d.category === 'light')!;
    const save = (body: Record<string, unknown>) => t.call('POST', '/api/ball/falleqinfo/save', { token: admin, body });
    const p1 = await save({ name: '1# 主泵', serial: 'GF-2024-0001', projectId: projectA, deviceId: pump.id, posX: 0.25, posY: 0.6 });
    expect(p1.status).toBe(200);
    const p2 = await save({ name: '2# 主泵', serial: 'GF-2024-0002', projectId: projectA, deviceId: pump.id });
    // Broken as an open warning would make it (the state follows the facts: equipment-state.test.ts).
    await t.database.query("UPDATE fall_eq_info SET state = 'broken' WHERE id = $1", [p2.body.data.id]);
    await save({ name: 'Pool light L1', serial: 'PH-7781', projectId: projectB, deviceId: light.id });

    const list = (body: Record<string, unknown>) =>
      t.call('POST', '/api/ball/falleqinfo/list', { token: admin, body: { page: 1, limit: 20, ...body } }).then((r) => r.body.data);
    const all = await list({});
    expect(all.total).toBe(3);
    expect(all.list.find((r: { name: string }) => r.name === '1# 主泵')).toMatchObject({
      projectName: '深圳欢乐海岸水秀',
      deviceName: '立式多级离心泵',
      category: 'pump',
      posX: 0.25,
      posY: 0.6,
      state: 'normal',
    });
    expect((await list({ projectId: projectB })).list.map((r: { name: string }) => r.name)).toEqual(['Pool light L1']);
    expect((await list({ category: 'pump' })).total).toBe(2);
    expect((await list({ state: 'broken' })).list.map((r: { name: string }) => r.name)).toEqual(['2# 主泵']);
    expect((await list({ keyword: 'gf-2024' })).total).toBe(2);
    expect((await list({ deviceId: light.id })).total).toBe(1);
    expect((await list({ sort: 'projectName', order: 'asc' })).list[0].projectName).toBe('Marina Bay Waterfall');

    const id = p1.body.data.id;
    const since = async () => (await t.database.db.select({ s: fallEqInfo.stateSince }).from(fallEqInfo).where(eq(fallEqInfo.id, id)))[0].s.getTime();
    await t.database.query("UPDATE fall_eq_info SET state_since = now() - interval '3 days' WHERE id = $1", [id]);
    const before = await since();
    await t.call('POST', '/api/ball/falleqinfo/update', { token: admin, body: { id, name: '1# 主泵 (A)' } });
    expect(await since()).toBe(before);
    // The state is not the form's to set: it follows open orders, warnings and boards (docs/invariants.md "Equipment state").
    const handSet = await t.call('POST', '/api/ball/falleqinfo/update', { token: admin, body: { id, state: 'broken' } });
    expect(handSet.status).toBe(400);
    expect(handSet.body.data.fields).toEqual({ state: 'Unknown field' });
    expect((await t.database.db.select({ state: fallEqInfo.state }).from(fallEqInfo).where(eq(fallEqInfo.id, id)))[0].state).toBe('normal');
    expect(await since()).toBe(before);

    const bad = await t.call('POST', '/api/ball/falleqinfo/save', {
      token: admin,
      body: { name: 'x', projectId: 999999, posX: 1.5, posY: -0.1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ posX: 'Must be between 0 and 1', posY: 'Must be between 0 and 1' });
    const noProject = await t.call('POST', '/api/ball/falleqinfo/save', { token: admin, body: { name: 'x', projectId: 999999 } });
    expect(noProject.body.data.fields).toEqual({ projectId: 'Please choose a valid option' });
    const missing = await t.call('POST', '/api/ball/falleqinfo/save', { token: admin, body: { name: 'x' }, lang: 'zh-CN' });
    expect(missing.body.data.fields.projectId).toBe('必填项');

    const pumpsUsed = await t.call('GET', `/api/ball/falldevice/info/${pump.id}`, { token: admin });
    expect(pumpsUsed.body.data.equipmentCount).toBe(2);
    // No history: really deleted (one with history is archived: docs/invariants.md "Archive and delete", archive.test.ts).
    expect((await t.call('POST', '/api/ball/falleqinfo/delete', { token: admin, body: [id] })).body.data).toEqual({ deleted: 1, archived: 0 });
  });

  it('keeps a warranty end date and lists the units whose warranty ends within 30 days or has ended', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const save = (body: Record<string, unknown>) => t.call('POST', '/api/ball/falleqinfo/save', { token: admin, body: { projectId: projectB, ...body } });
    const soon = await save({ name: 'W soon', warrantyEnd: day(10) });
    expect(soon.status).toBe(200);
    await save({ name: 'W today', warrantyEnd: day(0) });
    await save({ name: 'W later', warrantyEnd: day(90) });
    await save({ name: 'W ended', warrantyEnd: day(-1) });
    await save({ name: 'W unknown', warrantyEnd: '' });
    const names = (body: Record<string, unknown>) =>
      t
        .call('POST', '/api/ball/falleqinfo/list', { token: admin, body: { page: 1, limit: 50, keyword: 'W ', sort: 'name', order: 'asc', ...body } })
        .then((r) => (r.body.data.list as { name: string }[]).map((x) => x.name));
    expect(await names({})).toEqual(['W ended', 'W later', 'W soon', 'W today', 'W unknown']);
    expect(await names({ warranty: 'expiring' })).toEqual(['W soon', 'W today']);
    expect(await names({ warranty: 'expired' })).toEqual(['W ended']);
    expect(await names({ warranty: '' })).toHaveLength(5);

    const info = await t.call('GET', `/api/ball/falleqinfo/info/${soon.body.data.id}`, { token: admin });
    expect(info.body.data.warrantyEnd).toBe(day(10));
    const unknown = (await t.call('POST', '/api/ball/falleqinfo/list', { token: admin, body: { page: 1, limit: 5, keyword: 'W unknown' } })).body.data.list[0];
    expect(unknown.warrantyEnd).toBeNull();
    // An update sets and clears it; leaving it out keeps it.
    await t.call('POST', '/api/ball/falleqinfo/update', { token: admin, body: { id: unknown.id, warrantyEnd: '2031-06-30' } });
    expect((await t.call('GET', `/api/ball/falleqinfo/info/${unknown.id}`, { token: admin })).body.data.warrantyEnd).toBe('2031-06-30');
    await t.call('POST', '/api/ball/falleqinfo/update', { token: admin, body: { id: unknown.id, name: 'W unknown' } });
    expect((await t.call('GET', `/api/ball/falleqinfo/info/${unknown.id}`, { token: admin })).body.data.warrantyEnd).toBe('2031-06-30');
    await t.call('POST', '/api/ball/falleqinfo/update', { token: admin, body: { id: unknown.id, warrantyEnd: null } });
    expect((await t.call('GET', `/api/ball/falleqinfo/info/${unknown.id}`, { token: admin })).body.data.warrantyEnd).toBeNull();

    // Bad dates and filters: 400 with the field's message, in the caller's language.
    for (const warrantyEnd of ['2026-02-30', '2026-13-01', '30/06/2031', '2031-06-30T00:00:00Z', 20310630, true, '0001-01-01']) {
      const bad = await save({ name: 'W bad', warrantyEnd });
      expect(bad.status, String(warrantyEnd)).toBe(400);
      expect(Object.keys(bad.body.data.fields)).toEqual(['warrantyEnd']);
    }
    const zh = await t.call('POST', '/api/ball/falleqinfo/save', { token: admin, body: { name: 'W bad', projectId: projectB, warrantyEnd: '2026-02-30' }, lang: 'zh-CN' });
    expect(zh.body.data.fields.warrantyEnd).toMatch(/[\u4e00-\u9fff]/);
    expect((await t.call('POST', '/api/ball/falleqinfo/list', { token: admin, body: { page: 1, limit: 5, warranty: 'soonish' } })).status).toBe(400);
    expect(await names({ keyword: 'W bad' })).toEqual([]);
  });

  it.each([
    ['/api/ball/falldevice', 'fall-device'],
    ['/api/ball/falleqinfo', 'fall-eqinfo'],
  ])('%s checks every permission of %s', async (base, code) => {
    const calls: [string, string, unknown, string][] = [
      ['POST', '/list', { page: 1, limit: 10 }, 'list'],
      ['POST', '/listAll', {}, 'list'],
      ['GET', '/info/1', undefined, 'info'],
      ['POST', '/save', {}, 'save'],
      ['POST', '/update', { id: 1 }, 'update'],
      ['POST', '/delete', [123456], 'delete'],
      ['POST', '/export', { columns: [{ prop: 'name', label: 'n' }], format: 'csv' }, 'export'],
    ];
    const stranger = await t.userWith(['fall-project#list']);
    for (const [method, path, body, action] of calls) {
      expect((await t.call(method as 'GET', base + path, { body })).status).toBe(401);
      expect((await t.call(method as 'GET', base + path, { token: stranger.token, body })).status).toBe(403);
      const holder = await t.userWith([`${code}#${action}`]);
      expect([200, 400, 404]).toContain((await t.call(method as 'GET', base + path, { token: holder.token, body })).status);
    }
  });
});
