import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { newToken } from '../../../lib/password';
import { sysSession } from '../../../db/schema';
import { itChecksAccess } from '@tests/helpers/guard-cases';

describe('sys/sysdictionary', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  itChecksAccess(() => t, [
    { method: 'POST', url: '/api/sys/sysdictionary/list', perm: 'sys-dictionary#list', body: { page: 1, limit: 10 } },
    { method: 'GET', url: '/api/sys/sysdictionary/info/1', perm: 'sys-dictionary#info' },
    { method: 'POST', url: '/api/sys/sysdictionary/save', perm: 'sys-dictionary#save', body: { type: 'sex', label: '其他', labelEn: 'Other', value: 'x9' }, okStatus: 200 },
    { method: 'POST', url: '/api/sys/sysdictionary/update', perm: 'sys-dictionary#update', body: { id: 1, sort: 1 } },
    { method: 'POST', url: '/api/sys/sysdictionary/delete', perm: 'sys-dictionary#delete', body: [999999] },
    { method: 'POST', url: '/api/sys/sysdictionary/export', perm: 'sys-dictionary#export', body: { columns: [{ prop: 'label', label: 'Label' }], format: 'csv' } },
    { method: 'POST', url: '/api/sys/sysdictionary/type/listAll', perm: 'sys-dictionary#list', body: {} },
    { method: 'POST', url: '/api/sys/sysdictionary/type/delete', perm: 'sys-dictionary#delete', body: [999999] },
    { method: 'POST', url: '/api/sys/sysdictionary/sort', perm: 'sys-dictionary#update', body: { ids: [999999] }, okStatus: 400 },
  ]);

  it('stores a type\'s entries in the order they were dragged to, and the loader serves them so; refuses a mixed or unknown set', async () => {
    const load = async () =>
      ((await t.call('POST', '/api/sys/sysdictionary/dictionary', { token: admin, body: { type: 'bill_state' } })).body.data as { value: string }[]).map((e) => e.value);
    const ids = async () => {
      const rows = (await t.call('POST', '/api/sys/sysdictionary/list', { token: admin, body: { page: 1, limit: 100, type: 'bill_state' } })).body.data.list as { id: number; value: string }[];
      return new Map(rows.map((r) => [r.value, r.id]));
    };
    const before = await load();
    expect(before.length).toBeGreaterThan(1);
    const byValue = await ids();
    const reversed = [...before].reverse();
    const res = await t.call('POST', '/api/sys/sysdictionary/sort', { token: admin, body: { ids: reversed.map((v) => byValue.get(v)) } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sorted: reversed.length });
    expect(await load()).toEqual(reversed);

    const other = (await t.call('POST', '/api/sys/sysdictionary/list', { token: admin, body: { page: 1, limit: 1, type: 'sex' } })).body.data.list[0].id;
    const mixed = await t.call('POST', '/api/sys/sysdictionary/sort', { token: admin, body: { ids: [byValue.get(before[0]), other] } });
    expect(mixed.status).toBe(400);
    expect(mixed.body.data.fields).toEqual({ ids: 'Only items of one level can be put in order together' });
    for (const body of [{ ids: [byValue.get(before[0]), 999999] }, { ids: [] }, { ids: [byValue.get(before[0]), byValue.get(before[0])] }]) {
      expect((await t.call('POST', '/api/sys/sysdictionary/sort', { token: admin, body })).status).toBe(400);
    }
    // nothing changed by the refused calls
    expect(await load()).toEqual(reversed);
    // and back: the entries swap their sort numbers, so the first order returns exactly
    await t.call('POST', '/api/sys/sysdictionary/sort', { token: admin, body: { ids: before.map((v) => byValue.get(v)) } });
    expect(await load()).toEqual(before);
  });

  it('serves the enabled items of a type in sort order to any session (user or wall display), refusing without one', async () => {
    expect((await t.call('POST', '/api/sys/sysdictionary/dictionary', { body: { type: 'bill_state' } })).status).toBe(401);
    const nobody = await t.userWith([]);
    const res = await t.call('POST', '/api/sys/sysdictionary/dictionary', { token: nobody.token, body: { type: 'bill_state' } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { value: string }) => d.value)).toEqual(['0', '1', '2', '3', '4']);
    expect(res.body.data[4]).toEqual({ label: '已取消', labelEn: 'Cancelled', value: '4', color: 'danger', sort: 5 });
    // The wall loads dictionaries too, through a display session.
    const { token: wall, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'display', label: 'Lobby wall' });
    const forWall = await t.call('POST', '/api/sys/sysdictionary/dictionary', { token: wall, body: { type: 'bill_state' } });
    expect(forWall.status).toBe(200);
    expect(forWall.body.data).toHaveLength(5);

    // A disabled item drops out; a re-sorted one moves.
    const list = await t.call('POST', '/api/sys/sysdictionary/list', { token: admin, body: { type: 'bill_state', page: 1, limit: 10 } });
    const byValue = Object.fromEntries(list.body.data.list.map((r: { value: string; id: number }) => [r.value, r.id]));
    await t.call('POST', '/api/sys/sysdictionary/update', { token: admin, body: { id: byValue['0'], sort: 99 } });
    await t.call('POST', '/api/sys/sysdictionary/update', { token: admin, body: { id: byValue['4'], status: 0 } });
    const after = await t.call('POST', '/api/sys/sysdictionary/dictionary', { token: nobody.token, body: { type: 'bill_state' } });
    expect(after.body.data.map((d: { value: string }) => d.value)).toEqual(['1', '2', '3', '0']);
    // A partial update leaves the fields it does not name alone (no defaults sneak in).
    expect(after.body.data[3]).toEqual({ label: '新建', labelEn: 'New', value: '0', color: 'primary', sort: 99 });
  });

  it('refuses a duplicate (type, value) with 409, an unknown type and bad fields with 400', async () => {
    const dup = await t.call('POST', '/api/sys/sysdictionary/save', { token: admin, body: { type: 'sex', label: '男', value: '1' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('Already exists');
    const unknown = await t.call('POST', '/api/sys/sysdictionary/save', { token: admin, body: { type: 'nope', label: 'x', value: '1' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields).toEqual({ type: 'No such dictionary type' });
    const bad = await t.call('POST', '/api/sys/sysdictionary/save', { token: admin, lang: 'zh-CN', body: { type: 'sex', label: '', value: '', color: 'pink' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({ label: '必填项', value: '必填项', color: '格式错误' });
    const noType = await t.call('POST', '/api/sys/sysdictionary/dictionary', { token: admin, body: {} });
    expect(noType.status).toBe(400);
    expect(noType.body.data.fields.type).toBe('This field is required');
  });

  it('manages types: create, rename carrying items along, delete with its items', async () => {
    const made = await t.call('POST', '/api/sys/sysdictionary/type/save', { token: admin, body: { type: 'pump_brand', name: '水泵品牌', nameEn: 'Pump brand' } });
    expect(made.body.code).toBe(0);
    expect((await t.call('POST', '/api/sys/sysdictionary/type/save', { token: admin, body: { type: 'pump_brand', name: 'x' } })).status).toBe(409);
    expect((await t.call('POST', '/api/sys/sysdictionary/type/save', { token: admin, body: { type: 'Bad Type', name: 'x' } })).status).toBe(400);
    await t.call('POST', '/api/sys/sysdictionary/save', { token: admin, body: { type: 'pump_brand', label: '格兰富', labelEn: 'Grundfos', value: 'grundfos' } });
    await t.call('POST', '/api/sys/sysdictionary/type/update', { token: admin, body: { id: made.body.data.id, type: 'pump_make' } });
    const items = await t.call('POST', '/api/sys/sysdictionary/dictionary', { token: admin, body: { type: 'pump_make' } });
    expect(items.body.data).toHaveLength(1);
    const types = await t.call('POST', '/api/sys/sysdictionary/type/listAll', { token: admin, body: { keyword: 'pump' } });
    expect(types.body.data).toEqual([expect.objectContaining({ type: 'pump_make', items: 1 })]);
    expect((await t.call('POST', '/api/sys/sysdictionary/type/delete', { token: admin, body: [made.body.data.id] })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('POST', '/api/sys/sysdictionary/dictionary', { token: admin, body: { type: 'pump_make' } })).body.data).toEqual([]);
  });
});
