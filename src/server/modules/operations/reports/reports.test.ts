import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallEqInfo, fallOrder, fallReport, ossFile } from '../../../db/schema';
import { seedEquipment, seedFile, seedProject } from '@tests/helpers/work-fixtures';

describe('fall/report moves its order', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  let pump: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Cascade park' });
    pump = await seedEquipment(t, projectId, 'Pump B');
  });
  afterAll(() => t.close());

  // Submitted before the reports below: a report is never before its order's submission (docs/invariants.md).
  const newOrder = async () => {
    const res = await t.call('POST', '/api/ball/fallorder/save', {
      token: admin, body: { name: 'Pump stopped', projectId, equipmentId: pump, submittedAt: '2024-04-30T08:00:00.000Z' },
    });
    return res.body.data.id as number;
  };
  const file = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/ball/fallreport/save', { token, body });
  const order = async (id: number) => (await t.database.db.select().from(fallOrder).where(eq(fallOrder.id, id)))[0];
  const equipmentState = async () => (await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, pump)))[0].state;

  it('submitted → repairing on "not fixed", completed by the first "fixed", equipment back to normal', async () => {
    const id = await newOrder();
    const attachment = await seedFile(t, 'fall_report', 'image/png');
    const first = await file({ orderId: id, repairer: 'Zhang San', repairAt: '2024-05-01T09:00:00Z', durationHours: 2.5, result: 'not_fixed', notes: 'Seal worn, part ordered', files: [attachment] });
    expect(first.status).toBe(200);
    expect(first.body.data.orderStatus).toBe('repairing');
    expect(await order(id)).toMatchObject({ status: 'repairing', reportCount: 1, completedAt: null });
    // An open order holds its unit in maintenance (equipment-state.service.ts).
    expect(await equipmentState()).toBe('maintenance');
    const [f] = await t.database.db.select().from(ossFile).where(eq(ossFile.id, attachment));
    expect(f).toMatchObject({ ownerType: 'fall_report', ownerId: first.body.data.id });

    const done = await file({ orderId: id, repairer: 'Zhang San', repairAt: '2024-05-03T09:00:00Z', completedAt: '2024-05-03T11:00:00Z', durationHours: 2, result: 'fixed' });
    expect(done.body.data.orderStatus).toBe('completed');
    const o = await order(id);
    expect(o).toMatchObject({ status: 'completed', reportCount: 2 });
    expect(o.completedAt?.toISOString()).toBe('2024-05-03T11:00:00.000Z');
    expect(await equipmentState()).toBe('normal');

    // a later "not fixed" sends the order back to repairing
    const relapse = await file({ orderId: id, repairer: 'Li Si', repairAt: '2024-05-05T09:00:00Z', result: 'not_fixed' });
    expect(relapse.body.data.orderStatus).toBe('repairing');
    expect((await order(id)).completedAt).toBeNull();

    const info = await t.call('GET', `/api/ball/fallorder/info/${id}`, { token: admin });
    expect(info.body.data.reports.map((r: { result: string }) => r.result)).toEqual(['not_fixed', 'fixed', 'not_fixed']);
  });

  it('a "fixed" report on an accepted order completes it at once, completion time defaulting to now', async () => {
    const id = await newOrder();
    await t.call('POST', '/api/ball/fallorder/accept', { token: admin, body: { id } });
    const before = Date.now();
    const res = await file({ orderId: id, repairer: 'Wang', repairAt: new Date().toISOString(), result: 'fixed' });
    expect(res.body.data.orderStatus).toBe('completed');
    expect((await order(id)).completedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses reports on closed orders, and bad input, writing nothing', async () => {
    const id = await newOrder();
    await t.call('POST', '/api/ball/fallorder/close', { token: admin, body: { id } });
    const refused = await file({ orderId: id, repairer: 'Wang', repairAt: '2024-05-01T09:00:00Z', result: 'fixed' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The order is closed: no more reports or changes');
    expect(await t.database.db.select().from(fallReport).where(eq(fallReport.orderId, id))).toHaveLength(0);

    const bad = await file({ orderId: 'x', repairer: '', repairAt: 'yesterday', result: 'maybe', durationHours: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      orderId: 'This field is required',
      repairer: 'This field is required',
      repairAt: 'Invalid value',
      result: 'This field is required',
      durationHours: 'The repair duration cannot be negative',
    });
    const open = await newOrder();
    const badFile = await file({ orderId: open, repairer: 'W', repairAt: '2024-05-01T09:00:00Z', result: 'fixed', files: [424242] });
    expect(badFile.status).toBe(400);
    expect(await order(open)).toMatchObject({ status: 'submitted', reportCount: 0 });
    expect(await equipmentState()).toBe('maintenance');
  });

  it('lists with order and project names, updates notes but not the result, deletes and recounts', async () => {
    const id = await newOrder();
    const { body } = await file({ orderId: id, repairer: 'Zhao', repairAt: '2024-06-01T09:00:00Z', result: 'not_fixed' });
    const list = await t.call('POST', '/api/ball/fallreport/list', { token: admin, body: { page: 1, limit: 10, orderId: id } });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ orderId: id, projectName: 'Cascade park', orderName: 'Pump stopped', repairer: 'Zhao' });
    expect((await t.call('POST', '/api/ball/fallreport/list', { token: admin, body: { page: 1, limit: 10, repairer: 'zh', result: 'not_fixed', projectId } })).body.data.total).toBeGreaterThan(0);
    const up = await t.call('POST', '/api/ball/fallreport/update', { token: admin, body: { id: body.data.id, notes: 'Called supplier' } });
    expect(up.status).toBe(200);
    const noResult = await t.call('POST', '/api/ball/fallreport/update', { token: admin, body: { id: body.data.id, result: 'fixed' } });
    expect(noResult.body.data.fields).toEqual({ result: 'A filed report keeps its order and result: file a new report instead' });
    const same = await t.call('POST', '/api/ball/fallreport/update', { token: admin, body: { id: body.data.id, orderId: id, result: 'not_fixed', repairer: 'Zhao Liu' } });
    expect(same.status).toBe(200);
    expect((await t.call('GET', `/api/ball/fallreport/info/${body.data.id}`, { token: admin })).body.data.notes).toBe('Called supplier');
    expect((await t.call('POST', '/api/ball/fallreport/delete', { token: admin, body: [body.data.id] })).body.data).toEqual({ deleted: 1 });
    expect((await order(id)).reportCount).toBe(0);
  });

  it.each([
    ['POST', '/api/ball/fallreport/list', { page: 1, limit: 10 }],
    ['GET', '/api/ball/fallreport/info/1', undefined],
    ['POST', '/api/ball/fallreport/save', { orderId: 1 }],
    ['POST', '/api/ball/fallreport/update', { id: 1 }],
    ['POST', '/api/ball/fallreport/delete', [1]],
  ] as const)('%s %s: 401 without a token, 403 with only order permissions', async (method, url, body) => {
    expect((await t.call(method, url, { body })).status).toBe(401);
    const { token } = await t.userWith(['fall-order#list', 'fall-order#save']);
    expect((await t.call(method, url, { token, body })).status).toBe(403);
  });
});
