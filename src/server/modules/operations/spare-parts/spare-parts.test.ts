import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';

describe('fall/spare: spare parts per installed unit', () => {
  let t: TestApp;
  let admin: string;
  let pump: number;
  let light: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const project = (await t.call('POST', '/api/ball/fallproject/save', { token: admin, body: { name: '西湖音乐喷泉', uniqueKey: 'HZ-WL' } })).body.data.id as number;
    const unit = (name: string) => t.call('POST', '/api/ball/falleqinfo/save', { token: admin, body: { name, projectId: project } }).then((r) => r.body.data.id as number);
    pump = await unit('1# 主泵');
    light = await unit('L1 水下灯');
  });
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>, lang?: string) => t.call('POST', '/api/ball/fallspare/save', { token: admin, body, lang });
  const list = (body: Record<string, unknown> = {}) =>
    t.call('POST', '/api/ball/fallspare/list', { token: admin, body: { page: 1, limit: 20, ...body } }).then((r) => r.body.data);

  it('keeps parts per unit with the unit name and cost, filters by unit and keyword; the count on hand moves only with stock moves', async () => {
    const seal = await save({ equipmentId: pump, name: '机械密封', partNo: 'GF-96455088', unitCost: 1280.5, reorderPoint: 1 });
    expect(seal.status).toBe(200);
    await save({ equipmentId: pump, name: '叶轮', partNo: 'GF-96455100', unitCost: '3400' });
    await save({ equipmentId: light, name: 'LED 模组', partNo: 'PH-UW36-LED' });

    const all = await list();
    expect(all.total).toBe(3);
    expect(all.list.find((r: { name: string }) => r.name === '机械密封')).toMatchObject({ equipmentId: pump, equipmentName: '1# 主泵', partNo: 'GF-96455088', quantity: 0, unitCost: 1280.5, reorderPoint: 1, remark: '' });
    expect((await list({ equipmentId: light })).list.map((r: { name: string }) => r.name)).toEqual(['LED 模组']);
    expect((await list({ keyword: 'gf-964' })).total).toBe(2);
    expect((await list({ equipmentId: '' })).total).toBe(3);
    expect((await list({ sort: 'unitCost', order: 'desc' })).list[0].name).toBe('叶轮');

    const id = seal.body.data.id as number;
    expect((await t.call('POST', '/api/ball/fallspare/update', { token: admin, body: { id, quantity: 1 } })).status).toBe(400);
    expect((await t.call('POST', '/api/ball/fallspare/update', { token: admin, body: { id, reorderPoint: null } })).status).toBe(200);
    expect((await t.call('GET', `/api/ball/fallspare/info/${id}`, { token: admin })).body.data).toMatchObject({ quantity: 0, reorderPoint: null, name: '机械密封', equipmentName: '1# 主泵' });
    expect((await t.call('POST', '/api/ball/fallspare/delete', { token: admin, body: [id] })).status).toBe(200);
    expect((await list()).total).toBe(2);
  });

  it('refuses bad input with a 400 in the caller\'s language and writes nothing', async () => {
    const before = (await list()).total;
    const bad = await save({ equipmentId: pump, name: '', unitCost: -1 }, 'zh-CN');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['name', 'unitCost']);
    expect(bad.body.data.fields.name).toBe('必填项');
    expect((await save({ name: 'x' })).body.data.fields).toEqual({ equipmentId: 'This field is required' });
    const noUnit = await save({ equipmentId: 999999, name: 'x' });
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.data.fields).toEqual({ equipmentId: 'Please choose a valid option' });
    expect((await save({ equipmentId: pump, name: 'x', reorderPoint: 1.5 })).status).toBe(400);
    expect((await save({ equipmentId: pump, name: 'x', colour: 'red' })).status).toBe(400);
    expect((await list()).total).toBe(before);
  });

  it('goes with its unit when the unit is deleted', async () => {
    const [{ n }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM fall_spare_part WHERE equipment_id = $1', [light]);
    expect(n).toBe(1);
    expect((await t.call('POST', '/api/ball/falleqinfo/delete', { token: admin, body: [light] })).body.data).toEqual({ deleted: 1, archived: 0 });
    expect((await list({ equipmentId: light })).total).toBe(0);
  });

  it('checks every permission of fall-spare', async () => {
    const calls: [string, string, unknown, string][] = [
      ['POST', '/list', { page: 1, limit: 10 }, 'list'],
      ['POST', '/listAll', {}, 'list'],
      ['GET', '/info/1', undefined, 'info'],
      ['POST', '/save', {}, 'save'],
      ['POST', '/update', { id: 1 }, 'update'],
      ['POST', '/delete', [123456], 'delete'],
      ['POST', '/export', { columns: [{ prop: 'name', label: 'n' }], format: 'csv' }, 'export'],
    ];
    const stranger = await t.userWith(['fall-eqinfo#list']);
    for (const [method, path, body, action] of calls) {
      const url = '/api/ball/fallspare' + path;
      expect((await t.call(method as 'GET', url, { body })).status).toBe(401);
      expect((await t.call(method as 'GET', url, { token: stranger.token, body })).status).toBe(403);
      const holder = await t.userWith([`fall-spare#${action}`]);
      expect([200, 400, 404]).toContain((await t.call(method as 'GET', url, { token: holder.token, body })).status);
    }
  });
});
