import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallChecklistFilled, fallChecklistValue, fallOrder, fallReport } from '../../../db/schema';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { pngBytes, upload } from '@tests/helpers/file-uploads';
import { channelTrendSchema } from '@shared/contracts/detect';
import { seedBoards } from '../detect/board-fixtures';

/**
 * Checklists through the API (docs/maintenance.md "Checklists"): templates and what they refuse, an
 * order naming one, a report that must fill it to complete (a required photo and signature), a
 * failure that opens a corrective order at once, the record kept as filled, and a unit's numbers.
 */
describe('checklists', () => {
  let t: TestApp;
  let manager: string;
  let operator: string;
  let projectId: number;
  let pump: number;
  const api = '/api/ball/fallchecklist';
  const save = (body: Record<string, unknown>, lang?: string, token = manager) => t.call('POST', `${api}/save`, { token, body, lang });
  const file = (body: Record<string, unknown>, lang?: string, token = operator) => t.call('POST', '/api/ball/fallreport/save', { token, body, lang });
  const order = async (id: number) => (await t.database.db.select().from(fallOrder).where(eq(fallOrder.id, id)))[0];
  const image = async (token = operator) => {
    const res = await upload(t, { token, name: 'p.png', data: await pngBytes(), ownerType: 'fall_report' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  const ITEMS = [
    { key: 'pressure', type: 'number', label: '出口压力', labelEn: 'Outlet pressure', unit: 'bar', min: 2, max: 8 },
    { key: 'screen', type: 'check', label: '进水滤网', labelEn: 'Intake screen' },
    { key: 'noise', type: 'choice', label: '噪音', labelEn: 'Noise', options: ['quiet', 'loud'], required: false },
    { key: 'remark', type: 'text', label: '备注', labelEn: 'Remark', required: false },
    { key: 'photo', type: 'photo', label: '泵房照片', labelEn: 'Pump room photo' },
    { key: 'sign', type: 'signature', label: '签名', labelEn: 'Signature' },
  ];
  let template: number;
  const newOrder = async (checklistId: number | null = template) => {
    const res = await t.call('POST', '/api/ball/fallorder/save', { token: manager, body: { name: 'Weekly pump round', projectId, equipmentId: pump, checklistId, submittedAt: '2026-05-01T08:00:00.000Z' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  const report = (orderId: number, over: Record<string, unknown>) => ({ orderId, repairer: 'Wang Wu', repairAt: '2026-05-01T09:00:00Z', result: 'fixed', ...over });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.tokenFor('manager');
    operator = await t.tokenFor('operator');
    projectId = await seedProject(t, { name: 'Lake cascade' });
    pump = await seedEquipment(t, projectId, 'Jet pump 3');
  });
  afterAll(() => t.close());

  it('refuses a template it cannot keep with a 400 naming the item\'s field, in both languages; operators only read', async () => {
    const cases: [unknown[], Record<string, string>, Record<string, string>][] = [
      [[{ key: 'p', type: 'number', label: 'P' }], { 'items.0.min': 'A number needs a lower or upper limit (untick "Needs limits" when it has none)' }, { 'items.0.min': '数值项目需要下限或上限（不需要限值时请取消“需要限值”）' }],
      [[{ key: 'p', type: 'number', label: 'P', min: 9, max: 2 }], { 'items.0.max': 'The upper limit cannot be below the lower limit' }, { 'items.0.max': '上限不能小于下限' }],
      [[{ key: 'a', type: 'text', label: 'A' }, { key: 'a', type: 'check', label: 'B' }], { 'items.1.key': 'Two items of one checklist cannot share a key' }, { 'items.1.key': '同一检查表中项目编码不能重复' }],
      [[{ key: 'c', type: 'choice', label: 'C', options: ['only'] }], { 'items.0.options': 'A choice needs 2 to 20 different options' }, { 'items.0.options': '选择项目需要 2 至 20 个互不相同的选项' }],
      [[{ key: 'Bad Key', type: 'text', label: 'C' }], { 'items.0.key': 'An item key is lower-case letters, digits, - and _, at most 32' }, { 'items.0.key': '项目编码只能用小写字母、数字、- 和 _，最长 32 位' }],
      [[], { items: 'A checklist needs at least one item' }, { items: '检查表至少需要一个项目' }],
    ];
    for (const [items, en, cn] of cases) {
      const english = await save({ name: 'X', items }, 'en');
      expect(english.status, JSON.stringify(items)).toBe(400);
      expect(english.body.data.fields, JSON.stringify(items)).toEqual(en);
      expect((await save({ name: 'X', items }, 'zh-CN')).body.data.fields).toEqual(cn);
    }
    const kind = await save({ name: 'X', items: [{ key: 'k', type: 'video', label: 'K' }] }, 'en');
    expect(Object.keys(kind.body.data.fields)).toEqual(['items.0.type']);
    // A number without limits is kept when the template says it needs none (a meter reading).
    const meter = await save({ name: 'Meter', items: [{ key: 'hours', type: 'number', label: 'Run-hours', limited: false }] });
    expect(meter.status, JSON.stringify(meter.body)).toBe(200);

    expect((await save({ name: 'X', items: ITEMS }, 'en', operator)).status).toBe(403);
    const created = await save({ name: '水泵周检', nameEn: 'Weekly pump round', items: ITEMS });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    template = created.body.data.id;
    const list = await t.call('POST', `${api}/list`, { token: operator, body: { page: 1, limit: 10 } });
    expect(list.status).toBe(200);
    const row = list.body.data.list.find((r: { id: number }) => r.id === template);
    expect(row).toMatchObject({ name: '水泵周检', orders: 0 });
    expect(row.items.map((i: { key: string; required: boolean }) => [i.key, i.required])).toEqual([['pressure', true], ['screen', true], ['noise', false], ['remark', false], ['photo', true], ['sign', true]]);
    // Only what an item of its type reads is kept.
    expect(row.items[1]).toEqual({ key: 'screen', type: 'check', label: '进水滤网', labelEn: 'Intake screen', required: true });
  });

  it('an order names a live template; archived or unknown is a 400 checklistId', async () => {
    const gone = (await save({ name: 'Old', items: [{ key: 'x', type: 'text', label: 'X' }] })).body.data.id;
    expect((await t.call('POST', `${api}/delete`, { token: manager, body: [gone] })).status).toBe(200);
    for (const checklistId of [gone, 999_999]) {
      const res = await t.call('POST', '/api/ball/fallorder/save', { token: manager, body: { name: 'Round', projectId, checklistId }, lang: 'en' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual(['checklistId']);
    }
    const id = await newOrder();
    const info = await t.call('GET', `/api/ball/fallorder/info/${id}`, { token: operator, lang: 'en' });
    expect(info.body.data).toMatchObject({ checklistId: template, checklistName: '水泵周检', checklistNameEn: 'Weekly pump round', parentOrderId: null });
  });

  it('does not complete an order without its checklist, a required photo or a signature, and writes nothing', async () => {
    const id = await newOrder();
    const cases: [Record<string, unknown> | undefined, Record<string, string>][] = [
      [undefined, { checklist: 'This order\'s checklist must be filled in' }],
      [{ answers: { pressure: 5, screen: 'pass', sign: { name: 'Wang Wu', file: await image() } } }, { 'checklist.photo': 'This item needs a photo before the order can be completed' }],
      [{ answers: { pressure: 5, screen: 'pass', photo: [await image()] } }, { 'checklist.sign': 'This item needs a signature before the order can be completed' }],
      [{ answers: { pressure: 'high', screen: 'pass' } }, { 'checklist.pressure': 'Invalid value' }],
      [{ answers: { screen: 'maybe' } }, { 'checklist.screen': 'Invalid value' }],
      [{ answers: { noise: 'roaring' } }, { 'checklist.noise': 'Invalid value' }],
      [{ answers: { colour: 'blue' } }, { 'checklist.colour': 'Invalid value' }],
    ];
    for (const [checklist, fields] of cases) {
      const res = await file(report(id, checklist ? { checklist } : {}), 'en');
      expect(res.status, JSON.stringify(checklist)).toBe(400);
      // The first message is the one the form shows beside its field; the kind errors come before what is missing.
      expect(res.body.data.fields, JSON.stringify(checklist)).toMatchObject(fields);
    }
    expect((await file(report(id, {}), 'zh-CN')).body.data.fields).toEqual({ checklist: '该工单需要填写检查表' });
    expect(await order(id)).toMatchObject({ status: 'submitted', reportCount: 0 });
    expect(await t.database.db.select().from(fallReport).where(eq(fallReport.orderId, id))).toEqual([]);
    expect(await t.database.db.select().from(fallChecklistFilled).where(eq(fallChecklistFilled.orderId, id))).toEqual([]);
    // An order without a checklist takes none.
    const plain = await newOrder(null);
    const none = await file(report(plain, { checklist: { answers: { pressure: 5 } } }), 'en');
    expect(none.body.data.fields).toEqual({ checklist: 'This order has no checklist' });
    // An empty draft is no checklist: the report files.
    expect((await file(report(plain, { checklist: { answers: {} } }))).status).toBe(200);
  });

  it('a "not fixed" report may carry part of it; a failure opens one corrective order at once, named in both languages', async () => {
    const id = await newOrder();
    const partial = await file(report(id, { result: 'not_fixed', checklist: { answers: { pressure: 6.5, remark: '' } } }));
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.data).toMatchObject({ orderStatus: 'repairing', correctiveOrder: null });

    const photo = await image();
    const sign = await image();
    const done = await file(
      report(id, { repairAt: '2026-05-02T09:00:00Z', checklist: { answers: { pressure: 9.2, screen: 'fail', noise: 'loud', remark: 'Bearing hums', photo: [photo], sign: { name: 'Wang Wu', file: sign } } } }),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.orderStatus).toBe('completed');
    const corrective = done.body.data.correctiveOrder;
    expect(corrective.number).toMatch(/^WO-\d{8}-\d{4,}$/);
    const parent = await order(id);
    expect(await order(corrective.id)).toMatchObject({ source: 'checklist', priority: 'high', parentOrderId: id, equipmentId: pump, projectId, status: 'submitted', submitter: 'Wang Wu' });
    const en = await t.call('GET', `/api/ball/fallorder/info/${corrective.id}`, { token: operator, lang: 'en' });
    expect(en.body.data.name).toBe(`Checklist “Weekly pump round” failed (${parent.number}): Outlet pressure 9.2 bar (2–8); Intake screen: fail`);
    const cn = await t.call('GET', `/api/ball/fallorder/info/${corrective.id}`, { token: operator, lang: 'zh-CN' });
    expect(cn.body.data.name).toBe(`检查表「水泵周检」不合格（${parent.number}）：出口压力 9.2 bar (2–8); 进水滤网: 不合格`);
    // Found by the words the list shows, in either language (name_shown, 0063).
    const found = await t.call('POST', '/api/ball/fallorder/list', { token: operator, body: { page: 1, limit: 10, keyword: 'Checklist' } });
    expect(found.body.data.list.map((r: { id: number }) => r.id)).toContain(corrective.id);
    // The corrective order holds the unit in maintenance.
    expect((await t.call('GET', `/api/ball/falleqinfo/info/${pump}`, { token: operator })).body.data.state).toBe('maintenance');

    // The record, as filled, with each item's verdict; the files are the report's.
    const filled = await t.call('GET', `/api/ball/fallreport/checklist/${done.body.data.id}`, { token: operator });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(filled.body.data).toMatchObject({ name: '水泵周检', failed: 2, flagged: 0, correctiveOrderId: corrective.id, correctiveOrderNumber: corrective.number, filledBy: 'Wang Wu' });
    expect(filled.body.data.verdicts).toEqual([
      { key: 'pressure', state: 'fail' }, { key: 'screen', state: 'fail' }, { key: 'noise', state: 'ok' }, { key: 'remark', state: 'ok' }, { key: 'photo', state: 'ok' }, { key: 'sign', state: 'ok' },
    ]);
    const [photoRow] = await t.database.query<{ owner_id: number }>('SELECT owner_id FROM oss_file WHERE id = $1', [photo]);
    expect(photoRow.owner_id).toBe(done.body.data.id);
    const reports = await t.call('POST', '/api/ball/fallreport/list', { token: operator, body: { page: 1, limit: 10, orderId: id } });
    expect(reports.body.data.list.map((r: { checklistFailed: number | null }) => r.checklistFailed).sort()).toEqual([0, 2]);
    const none = await t.call('GET', `/api/ball/fallreport/checklist/${partial.body.data.id}`, { token: operator });
    expect(none.body.data.verdicts.filter((v: { state: string }) => v.state !== 'open')).toEqual([{ key: 'pressure', state: 'ok' }]);

    // The unit's numbers, oldest first, with the limits they were judged by.
    const values = await t.call('GET', `/api/ball/falleqinfo/checklistValues?equipmentId=${pump}&key=pressure`, { token: operator });
    expect(values.status, JSON.stringify(values.body)).toBe(200);
    expect(values.body.data.map((v: { value: number; ok: boolean; min: number; max: number; unit: string }) => [v.value, v.ok, v.min, v.max, v.unit])).toEqual([[6.5, true, 2, 8, 'bar'], [9.2, false, 2, 8, 'bar']]);

    // Editing the template later never rewrites what was filled.
    const edited = await t.call('POST', `${api}/update`, { token: manager, body: { id: template, items: [{ key: 'pressure', type: 'number', label: '压力', min: 1, max: 3 }] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = await t.call('GET', `/api/ball/fallreport/checklist/${done.body.data.id}`, { token: operator });
    expect(again.body.data.items).toHaveLength(6);
    expect(again.body.data.items[0]).toMatchObject({ label: '出口压力', min: 2, max: 8 });
    expect(again.body.data.verdicts[0]).toEqual({ key: 'pressure', state: 'fail' });
  });

  it("draws the checklist item a channel names in its trend beside the board's readings, for the channel's unit only", async () => {
    const [{ id: board }] = await seedBoards(t.database, projectId, 1, { prefix: 'CKL' });
    const other = await seedEquipment(t, projectId, 'Jet pump 4');
    const admin = await t.tokenFor('admin');
    const channels = [
      { ch: 2, equipmentId: pump, unit: 'bar', checkKey: ' pressure ' },
      { ch: 3, equipmentId: pump, unit: 'bar', checkKey: 'screen' },
      { ch: 4, equipmentId: other, unit: 'bar', checkKey: 'pressure' },
      { ch: 5, equipmentId: pump, unit: 'bar' },
    ];
    expect((await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: board, channels } })).status).toBe(200);
    const info = await t.call('GET', `/api/ball/falldetect/info/${board}`, { token: admin });
    expect(info.body.data.channels.slice(1, 5).map((c: { checkKey: string }) => c.checkKey)).toEqual(['pressure', 'screen', 'pressure', '']);
    const bad = await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, lang: 'en', body: { id: board, channels: [{ ch: 6, checkKey: 'Outlet Pressure' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ 'channels.0.checkKey': 'An item key is lower-case letters, digits, - and _, at most 32' });
    const checks = async (ch: number, range = '24h') => {
      const res = await t.call('GET', `/api/ball/falldetect/trend/${board}/channel/${ch}?range=${range}`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return channelTrendSchema.parse(res.body.data).checks;
    };
    // The pressures filed above (now): in bar, on the pump, judged by 2–8.
    const want = (await t.database.db.select().from(fallChecklistValue).where(eq(fallChecklistValue.equipmentId, pump))).filter((v) => v.unit === 'bar');
    expect(want.length).toBeGreaterThanOrEqual(2);
    for (const range of ['1h', '24h', '7d']) {
      expect((await checks(2, range)).map((c) => [c.value, c.ok, c.min, c.max, c.labelEn])).toEqual(want.map((v) => [v.value, v.ok, 2, 8, 'Outlet pressure']));
    }
    expect(await checks(3)).toEqual([]);
    expect(await checks(4)).toEqual([]);
    expect(await checks(5)).toEqual([]);
    // Out of the range: none.
    await t.database.query(`UPDATE fall_checklist_value SET at = at - interval '8 days' WHERE equipment_id = $1`, [pump]);
    expect(await checks(2, '7d')).toEqual([]);
    await t.database.query(`UPDATE fall_checklist_value SET at = at + interval '8 days' WHERE equipment_id = $1`, [pump]);
  });

  it('keeps a filled checklist: its report and order are not deleted; an unknown report is not found', async () => {
    const [filled] = await t.database.db.select().from(fallChecklistFilled).where(eq(fallChecklistFilled.failed, 2));
    const report = await t.call('POST', '/api/ball/fallreport/delete', { token: manager, body: [filled.reportId], lang: 'en' });
    expect(report.status).toBe(400);
    expect(report.body.msg).toBe('This report carries a filled checklist, which is a record: it cannot be deleted');
    const admin = await t.tokenFor('admin');
    expect((await t.call('POST', '/api/ball/fallorder/delete', { token: admin, body: [filled.orderId], lang: 'en' })).status).toBe(400);
    expect(await t.database.db.select().from(fallReport).where(eq(fallReport.id, filled.reportId))).toHaveLength(1);
    expect((await t.database.db.select().from(fallChecklistValue).where(eq(fallChecklistValue.filledId, filled.id))).length).toBe(1);

    expect((await t.call('GET', `/api/ball/fallreport/checklist/999999`, { token: operator })).status).toBe(404);
    expect((await t.call('GET', `/api/ball/falleqinfo/checklistValues?equipmentId=abc`, { token: operator })).status).toBe(400);
  });
});
