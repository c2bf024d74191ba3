import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallEqInfo, fallOrder, fallReport, fallWarning } from '../../../db/schema';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { applyReading } from './readings';
import { sweepConfirmations } from './confirmation';

const normal = (ch: number) => ({ ch, switch: 0 as const, analog: 50 });
const fault = (ch: number) => ({ ch, switch: 1 as const, analog: 50 });
const MIN = 60_000;

/**
 * A repair confirmed by the readings (docs/maintenance.md "Confirmation by the readings"): an order
 * raised from a channel is refused "fixed" while the channel reads abnormal, waits in `confirming`
 * after it, and is completed by the sweep once the channel has read normal for orders.confirmMinutes
 * (10 by default), or sent back to repairing when the fault returns. Times are explicit: no sleeping.
 */
describe('an order raised from a channel is confirmed by its readings', () => {
  let t: TestApp;
  let admin: string;
  let auto: number;
  let boards = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    auto = await seedProject(t, { name: 'Confirm park', autoOrder: true });
  });
  afterAll(() => t.close());

  const order = async (id: number) => (await t.database.db.select().from(fallOrder).where(eq(fallOrder.id, id)))[0];
  const state = async (id: number) => (await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, id)))[0].state;
  const reports = async (id: number) => t.database.db.select().from(fallReport).where(eq(fallReport.orderId, id)).orderBy(asc(fallReport.id));
  const file = (body: Record<string, unknown>) => t.call('POST', '/api/ball/fallreport/save', { token: admin, body });

  /** A unit on channel 1 of a board of the autoOrder project, read faulty an hour ago: its warning and automatic order. */
  const faultyUnit = async (name: string) => {
    const unit = await seedEquipment(t, auto, name);
    boards += 1;
    const res = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId: auto, boardName: 'B', boardNo: `CF${boards}`, pollSeconds: 5 } });
    const board = res.body.data.id as number;
    await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: board, channels: [{ ch: 1, equipmentId: unit }] } });
    const t0 = Date.now() - 60 * MIN;
    await applyReading(t.app, board, [normal(1)], new Date(t0));
    const out = await applyReading(t.app, board, [fault(1)], new Date(t0 + MIN));
    expect(out.orders).toHaveLength(1);
    return { unit, board, orderId: out.orders[0], t0 };
  };

  it('refuses "fixed" while the channel reads abnormal, naming result, in both languages', async () => {
    const { orderId } = await faultyUnit('Refused pump');
    const res = await file({ orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe("The order's channel still reads abnormal: it cannot be reported fixed");
    expect(res.body.data.fields).toEqual({ result: "The order's channel still reads abnormal: it cannot be reported fixed" });
    const cn = await t.call('POST', '/api/ball/fallreport/save', { token: admin, lang: 'zh-CN', body: { orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' } });
    expect(cn.status).toBe(400);
    expect(cn.body.data.fields.result).toBe('工单的检测通道仍读数异常，不能报告已修复');
    expect(await order(orderId)).toMatchObject({ status: 'submitted', reportCount: 0 });
    expect(await reports(orderId)).toHaveLength(0);
    // "Not fixed" is still taken.
    expect((await file({ orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'not_fixed' })).body.data.orderStatus).toBe('repairing');
  });

  it('goes to confirming on "fixed", keeps its unit in maintenance, and completes after 10 normal minutes', async () => {
    const { unit, board, orderId, t0 } = await faultyUnit('Confirmed pump');
    await applyReading(t.app, board, [normal(1)], new Date(t0 + 2 * MIN));
    const res = await file({ orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' });
    expect(res.status).toBe(200);
    expect(res.body.data.orderStatus).toBe('confirming');
    const o = await order(orderId);
    expect(o).toMatchObject({ status: 'confirming', completedAt: null });
    const since = o.confirmingSince!.getTime();
    // Its warning is settled by the report, but the repair is not confirmed yet: the unit stays in maintenance.
    expect(await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.orderId, orderId), isNull(fallWarning.result)))).toHaveLength(0);
    expect(await state(unit)).toBe('maintenance');
    const listed = await t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { page: 1, limit: 50, status: 'confirming', projectId: auto } });
    expect(listed.body.data.list.map((r: { id: number }) => r.id)).toContain(orderId);

    await applyReading(t.app, board, [normal(1)], new Date(since + 3 * MIN));
    expect((await sweepConfirmations(t.app, new Date(since + 9 * MIN))).completed).not.toContain(orderId);
    expect((await order(orderId)).status).toBe('confirming');
    const swept = await sweepConfirmations(t.app, new Date(since + 10 * MIN + 5000));
    expect(swept.completed).toContain(orderId);
    const done = await order(orderId);
    expect(done).toMatchObject({ status: 'completed', confirmingSince: null, reportCount: 1 });
    expect(done.completedAt!.getTime()).toBe(since + 10 * MIN);
    expect(await state(unit)).toBe('normal');
  });

  it('honours orders.confirmMinutes', async () => {
    await t.database.query(`INSERT INTO sys_config (key, value, type) VALUES ('orders.confirmMinutes', '2', 'number') ON CONFLICT (key) DO UPDATE SET value = '2'`);
    t.app.settings.invalidate();
    try {
      const { board, orderId, t0 } = await faultyUnit('Quick pump');
      await applyReading(t.app, board, [normal(1)], new Date(t0 + 2 * MIN));
      await file({ orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' });
      const since = (await order(orderId)).confirmingSince!.getTime();
      expect((await sweepConfirmations(t.app, new Date(since + MIN))).completed).not.toContain(orderId);
      expect((await sweepConfirmations(t.app, new Date(since + 2 * MIN))).completed).toContain(orderId);
    } finally {
      await t.database.query(`DELETE FROM sys_config WHERE key = 'orders.confirmMinutes'`);
      t.app.settings.invalidate();
    }
  });

  it('goes back to repairing when the fault returns during confirmation, and its report row says so', async () => {
    const { unit, board, orderId, t0 } = await faultyUnit('Relapse pump');
    await applyReading(t.app, board, [normal(1)], new Date(t0 + 2 * MIN));
    await file({ orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' });
    const since = (await order(orderId)).confirmingSince!.getTime();
    // The fault is back: a new warning on the channel, taken by the order still open.
    const again = await applyReading(t.app, board, [fault(1)], new Date(since + MIN));
    expect(again.opened).toHaveLength(1);
    expect(again.orders).toEqual([orderId]);
    const swept = await sweepConfirmations(t.app, new Date(since + 11 * MIN));
    expect(swept.reopened).toContain(orderId);
    expect(await order(orderId)).toMatchObject({ status: 'repairing', completedAt: null, confirmingSince: null, reportCount: 2 });
    const rows = await reports(orderId);
    expect(rows.map((r) => r.result)).toEqual(['fixed', 'not_fixed']);
    expect(rows[1]).toMatchObject({ repairer: 'system' });
    const info = await t.call('GET', `/api/ball/fallorder/info/${orderId}`, { token: admin });
    expect(JSON.stringify(info.body)).toMatch(/Fault returned during confirmation/);
    expect(await state(unit)).toBe('broken');
  });

  it('a fault that came and went between sweeps still reopens (its warning was opened since the report)', async () => {
    const { board, orderId, t0 } = await faultyUnit('Flicker pump');
    await applyReading(t.app, board, [normal(1)], new Date(t0 + 2 * MIN));
    await file({ orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' });
    const since = (await order(orderId)).confirmingSince!.getTime();
    await applyReading(t.app, board, [fault(1)], new Date(since + MIN));
    for (let i = 0; i < 3; i += 1) await applyReading(t.app, board, [normal(1)], new Date(since + (2 + i) * MIN));
    // The readings closed the new warning themselves: the channel reads normal at the sweep.
    expect(await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.detectId, board), isNull(fallWarning.result)))).toHaveLength(0);
    expect((await sweepConfirmations(t.app, new Date(since + 20 * MIN))).reopened).toContain(orderId);
    expect((await order(orderId)).status).toBe('repairing');
  });

  it('a silent board interrupts the normal run; it starts again once the board is heard', async () => {
    const { board, orderId, t0 } = await faultyUnit('Silent pump');
    await applyReading(t.app, board, [normal(1)], new Date(t0 + 2 * MIN));
    await file({ orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' });
    const since = (await order(orderId)).confirmingSince!.getTime();
    await t.database.query('UPDATE fall_detect SET online = false WHERE id = $1', [board]);
    await sweepConfirmations(t.app, new Date(since + 5 * MIN));
    expect(await order(orderId)).toMatchObject({ status: 'confirming', confirmingSince: null });
    await applyReading(t.app, board, [normal(1)], new Date(since + 6 * MIN));
    await sweepConfirmations(t.app, new Date(since + 7 * MIN));
    expect((await order(orderId)).confirmingSince!.getTime()).toBe(since + 7 * MIN);
    expect((await sweepConfirmations(t.app, new Date(since + 12 * MIN))).completed).not.toContain(orderId);
    expect((await sweepConfirmations(t.app, new Date(since + 17 * MIN))).completed).toContain(orderId);
  });

  it('an order without a channel is completed by its "fixed" report as before', async () => {
    const unit = await seedEquipment(t, auto, 'Manual pump');
    const saved = await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: 'Seal', projectId: auto, equipmentId: unit } });
    const id = saved.body.data.id as number;
    const res = await file({ orderId: id, repairer: 'Zhang', repairAt: new Date().toISOString(), result: 'fixed' });
    expect(res.body.data.orderStatus).toBe('completed');
    expect(await order(id)).toMatchObject({ status: 'completed', confirmingSince: null });
    expect((await order(id)).completedAt).not.toBeNull();
    expect(await state(unit)).toBe('normal');
  });
});
