import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallDetect, fallEqInfo, fallOrder, fallWarning } from '../../../db/schema';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { applyReading, checkOffline } from '../detect/readings';
import { sweepConfirmations } from '../detect/confirmation';
import type { Db } from '../../../db/client';
import { recomputeAllEquipmentStates, recomputeEquipmentState } from './equipment-state.service';

const CLOSE_AFTER = 3;
const normal = (ch: number) => ({ ch, switch: 0 as const, analog: 50 });
const fault = (ch: number) => ({ ch, switch: 1 as const, analog: 50 });

/**
 * The one model of equipment state (docs/invariants.md "Equipment state"): each write path that moves
 * a fact — warning dealt, report filed, order opened or closed, board silent or heard again, readings
 * normal — leaves the unit in the state the facts give, and back where nothing holds it.
 */
describe('equipment state follows open warnings, faulty channels, board liveness and open orders', () => {
  let t: TestApp;
  let admin: string;
  let plain: number;
  let auto: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    plain = await seedProject(t, { name: 'State park' });
    auto = await seedProject(t, { name: 'State auto', autoOrder: true });
  });
  afterAll(() => t.close());

  const state = async (id: number) => (await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, id)))[0].state;
  /** A board with channel n wired to units[n-1]; heard from once with all channels normal. */
  const board = async (projectId: number, units: number[]) => {
    const res = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId, boardName: 'B', boardNo: `N${units.join('-')}`, pollSeconds: 5 } });
    const id = res.body.data.id as number;
    const up = await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id, channels: units.map((equipmentId, i) => ({ ch: i + 1, equipmentId })) } });
    expect(up.status).toBe(200);
    await applyReading(t.app, id, units.map((_, i) => normal(i + 1)));
    return id;
  };
  const openWarning = async (unit: number) =>
    (await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.equipmentId, unit), isNull(fallWarning.result))))[0];
  const deal = (id: number, result: 'fixed' | 'not_fixed') => t.call('POST', '/api/ball/fallwarning/deal', { token: admin, body: { id, result } });

  it('a fault makes the unit broken; the warning dealt "fixed" brings it back to normal, "not fixed" keeps it broken', async () => {
    const unit = await seedEquipment(t, plain, 'Deal pump');
    const b = await board(plain, [unit]);
    expect(await state(unit)).toBe('normal');

    await applyReading(t.app, b, [fault(1)]);
    expect(await state(unit)).toBe('broken');
    const w = await openWarning(unit);
    expect((await deal(w.id, 'fixed')).status).toBe(200);
    expect(await state(unit)).toBe('normal');

    await applyReading(t.app, b, [fault(1)]);
    const again = await openWarning(unit);
    expect(again.id).not.toBe(w.id);
    await deal(again.id, 'not_fixed');
    // The channel is still faulty: the unit stays broken until it reads normal again.
    expect(await state(unit)).toBe('broken');
    for (let i = 0; i < CLOSE_AFTER; i += 1) await applyReading(t.app, b, [normal(1)]);
    expect(await state(unit)).toBe('normal');
  });

  it('readings back to normal close the warning and the state returns to what else holds it', async () => {
    const unit = await seedEquipment(t, plain, 'Readings pump');
    const b = await board(plain, [unit]);
    await applyReading(t.app, b, [fault(1)]);
    expect(await state(unit)).toBe('broken');
    for (let i = 0; i < CLOSE_AFTER - 1; i += 1) await applyReading(t.app, b, [normal(1)]);
    expect(await state(unit)).toBe('broken');
    await applyReading(t.app, b, [normal(1)]);
    expect(await openWarning(unit)).toBeUndefined();
    expect(await state(unit)).toBe('normal');

    // With a repair order still open, the unit is in maintenance rather than normal.
    const order = await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: 'Check seals', projectId: plain, equipmentId: unit } });
    await applyReading(t.app, b, [fault(1)]);
    expect(await state(unit)).toBe('broken');
    for (let i = 0; i < CLOSE_AFTER; i += 1) await applyReading(t.app, b, [normal(1)]);
    expect(await state(unit)).toBe('maintenance');
    await t.call('POST', '/api/ball/fallorder/close', { token: admin, body: { id: order.body.data.id } });
    expect(await state(unit)).toBe('normal');
  });

  it('a fixed report settles its warning and brings the unit back, unless another open order or warning holds it', async () => {
    const unit = await seedEquipment(t, auto, 'Report pump');
    const b = await board(auto, [unit, unit]);
    await applyReading(t.app, b, [fault(1), normal(2)]);
    const w = await openWarning(unit);
    expect(w.orderId).toBeTruthy();
    expect(await state(unit)).toBe('broken');
    const report = (orderId: number, result: 'fixed' | 'not_fixed') =>
      t.call('POST', '/api/ball/fallreport/save', { token: admin, body: { orderId, repairer: 'Zhang', repairAt: new Date().toISOString(), result } });

    expect((await report(w.orderId!, 'not_fixed')).status).toBe(200);
    expect(await state(unit)).toBe('broken');
    // Its channel still reads faulty: "fixed" is refused (detect/confirmation.ts).
    expect((await report(w.orderId!, 'fixed')).status).toBe(400);
    await applyReading(t.app, b, [normal(1), normal(2)]);
    const fixed = await report(w.orderId!, 'fixed');
    expect(fixed.body.data.orderStatus).toBe('confirming');
    const settled = (await t.database.db.select().from(fallWarning).where(eq(fallWarning.id, w.id)))[0];
    expect(settled).toMatchObject({ result: 'fixed', dealtBy: 'Zhang' });
    // Not confirmed by the readings yet: the order is still open and holds its unit in maintenance.
    expect(await state(unit)).toBe('maintenance');
    expect((await sweepConfirmations(t.app, new Date(Date.now() + 11 * 60_000))).completed).toContain(w.orderId);
    expect(await state(unit)).toBe('normal');

    // Another open order holds it in maintenance after the fixed report.
    const other = (await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: 'Repaint', projectId: auto, equipmentId: unit } })).body.data.id as number;
    await applyReading(t.app, b, [fault(1), normal(2)]);
    const w2 = await openWarning(unit);
    // The order already open on the unit took the new warning (one fault, one job).
    expect(w2.orderId).toBe(other);
    const third = (await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: 'Second job', projectId: auto, equipmentId: unit } })).body.data.id as number;
    await applyReading(t.app, b, [normal(1), normal(2)]);
    expect((await report(other, 'fixed')).body.data.orderStatus).toBe('confirming');
    expect(await state(unit)).toBe('maintenance');

    // Another open warning (on its second channel, taken by the third order) holds it broken after
    // a fixed report on an order that warning is not linked to.
    await applyReading(t.app, b, [normal(1), fault(2)]);
    expect((await openWarning(unit)).orderId).toBe(third);
    const fourth = (await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: 'Fourth job', projectId: auto, equipmentId: unit } })).body.data.id as number;
    await report(fourth, 'fixed');
    expect((await openWarning(unit)).channel).toBe(2);
    expect(await state(unit)).toBe('broken');
  });

  it('a silent board takes its units offline; heard again, they go back to their previous state', async () => {
    const idle = await seedEquipment(t, plain, 'Offline lamp');
    const held = await seedEquipment(t, plain, 'Offline valve');
    const faulty = await seedEquipment(t, plain, 'Offline nozzle');
    const b = await board(plain, [idle, held, faulty]);
    await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: 'Valve service', projectId: plain, equipmentId: held } });
    await applyReading(t.app, b, [normal(1), normal(2), fault(3)]);
    expect([await state(idle), await state(held), await state(faulty)]).toEqual(['normal', 'maintenance', 'broken']);

    await t.database.db.update(fallDetect).set({ lastSeen: new Date(Date.now() - 3600_000) }).where(eq(fallDetect.id, b));
    expect((await checkOffline(t.app)).length).toBeGreaterThan(0);
    expect((await t.database.db.select().from(fallDetect).where(eq(fallDetect.id, b)))[0].online).toBe(false);
    // A known fault outranks the silence: the open warning still needs someone.
    expect([await state(idle), await state(held), await state(faulty)]).toEqual(['offline', 'offline', 'broken']);

    await applyReading(t.app, b, [normal(1), normal(2), fault(3)]);
    expect([await state(idle), await state(held), await state(faulty)]).toEqual(['normal', 'maintenance', 'broken']);
  });

  it('rewiring a channel moves the fault with it; the bulk recompute agrees with the per-unit one', async () => {
    const from = await seedEquipment(t, plain, 'Rewire A');
    const to = await seedEquipment(t, plain, 'Rewire B');
    const b = await board(plain, [from]);
    await applyReading(t.app, b, [fault(1)]);
    await deal((await openWarning(from)).id, 'not_fixed');
    expect(await state(from)).toBe('broken');
    await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: b, channels: [{ ch: 1, equipmentId: to }] } });
    expect([await state(from), await state(to)]).toEqual(['normal', 'broken']);

    // Whatever a stray write left behind, the bulk recompute puts back what the facts say.
    await t.database.db.update(fallEqInfo).set({ state: 'normal' }).where(eq(fallEqInfo.id, to));
    await t.database.db.update(fallEqInfo).set({ state: 'broken' }).where(eq(fallEqInfo.id, from));
    expect(await recomputeAllEquipmentStates(t.database.db)).toBe(2);
    expect([await state(from), await state(to)]).toEqual(['normal', 'broken']);
    expect(await recomputeAllEquipmentStates(t.database.db)).toBe(0);
    const open = await t.database.db.select().from(fallOrder).where(eq(fallOrder.equipmentId, to));
    expect(open).toHaveLength(0);
  });

  /** No unit anywhere (archived ones too: a restore brings their state back) differs from the rule. */
  const drift = () => t.database.query<{ id: number; state: string; rule: string }>('SELECT id, state, fall_eq_state(id) AS rule FROM fall_eq_info WHERE state IS DISTINCT FROM fall_eq_state(id) ORDER BY id');
  const remove = (what: 'falldetect' | 'falleqinfo' | 'fallproject', ids: number[]) => t.call('POST', `/api/ball/${what}/delete`, { token: admin, body: ids });
  const restore = (what: 'falldetect' | 'falleqinfo' | 'fallproject', ids: number[]) => t.call('POST', `/api/ball/${what}/restore`, { token: admin, body: ids });

  it('a warning names the unit its channel led to: rewired since, that unit is broken until the readings close the warning (counts.test seed -1325417361)', async () => {
    const before = await seedEquipment(t, plain, 'Named pump');
    const after = await seedEquipment(t, plain, 'Rewired pump');
    const b = await board(plain, [before]);
    await applyReading(t.app, b, [fault(1)]);
    expect((await openWarning(before)).channel).toBe(1);
    await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: b, channels: [{ ch: 1, equipmentId: after }] } });
    // The open warning still names the first unit; the faulty channel now leads to the second.
    expect([await state(before), await state(after)]).toEqual(['broken', 'broken']);
    for (let i = 0; i < CLOSE_AFTER; i += 1) await applyReading(t.app, b, [normal(1)]);
    expect(await openWarning(before)).toBeUndefined();
    expect([await state(before), await state(after)]).toEqual(['normal', 'normal']);
    expect(await drift()).toEqual([]);
  });

  it('a board deleted before it was ever heard from lets go of the units wired to it', async () => {
    const unit = await seedEquipment(t, plain, 'Never heard lamp');
    const res = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId: plain, boardName: 'Quiet', boardNo: `Q${unit}`, pollSeconds: 5 } });
    const b = res.body.data.id as number;
    await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: b, channels: [{ ch: 1, equipmentId: unit }] } });
    // Not heard from yet: nothing is known of its channels.
    expect(await state(unit)).toBe('offline');
    expect((await remove('falldetect', [b])).body.data).toEqual({ deleted: 1, archived: 0 });
    expect(await state(unit)).toBe('normal');
    expect(await drift()).toEqual([]);
  });

  it('a unit archived off its faulty channel, and a project archived and restored with a silent board, keep the state the rule gives', async () => {
    const faulty = await seedEquipment(t, plain, 'Archived nozzle');
    const b1 = await board(plain, [faulty]);
    await applyReading(t.app, b1, [fault(1)]);
    await deal((await openWarning(faulty)).id, 'not_fixed');
    expect(await state(faulty)).toBe('broken');
    // Archived (it has a warning): its channel is unwired, so the fault no longer holds it.
    expect((await remove('falleqinfo', [faulty])).body.data).toEqual({ deleted: 0, archived: 1 });
    expect(await state(faulty)).toBe('normal');
    expect(await drift()).toEqual([]);

    const project = await seedProject(t, { name: 'Archived park' });
    const lamp = await seedEquipment(t, project, 'Archived lamp');
    const b2 = await board(project, [lamp]);
    await t.database.db.update(fallDetect).set({ lastSeen: new Date(Date.now() - 3600_000) }).where(eq(fallDetect.id, b2));
    await checkOffline(t.app);
    expect(await state(lamp)).toBe('offline');
    // Archived with its project, the silent board says nothing of the lamp; restored, it does again.
    expect((await remove('fallproject', [project])).body.data).toEqual({ deleted: 0, archived: 1 });
    expect(await state(lamp)).toBe('normal');
    expect(await drift()).toEqual([]);
    expect((await restore('fallproject', [project])).body.data).toEqual({ restored: 1 });
    expect(await state(lamp)).toBe('offline');
    expect(await drift()).toEqual([]);
  });

  // PGlite has one connection; on PostgreSQL two writers move facts of the same unit at once. The
  // second one's recompute waits for the first's lock on the unit, and must then read the facts the
  // first committed, not those of before it waited.
  const onPostgres = !!process.env.TEST_DATABASE_URL;
  /**
   * Runs `first` in a transaction that holds on after it, then `second` in another until PostgreSQL
   * shows it waiting for a lock, then lets the first commit and waits for both.
   */
  const race = async (first: (tx: Db) => Promise<unknown>, second: (tx: Db) => Promise<unknown>) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const one = t.database.db.transaction(async (tx) => {
      await first(tx);
      held();
      await gate;
    });
    await holding;
    let pid = 0;
    const two = t.database.db.transaction(async (tx) => {
      pid = Number(((await tx.execute(sql`SELECT pg_backend_pid() AS pid`)).rows[0] as { pid: number }).pid);
      await second(tx);
    });
    await vi.waitFor(async () => {
      expect(pid).toBeGreaterThan(0);
      const [{ waiting }] = await t.database.query<{ waiting: boolean }>('SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted) AS waiting', [pid]);
      expect(waiting).toBe(true);
    }, { timeout: 60_000, interval: 20 });
    release();
    await Promise.all([one, two]);
  };
  const warn = (tx: Db, unit: number) => tx.execute(sql`INSERT INTO fall_warning (info, kind, level, project_id, equipment_id) VALUES ('race', 'channel', 'warning', ${plain}, ${unit})`);

  it.runIf(onPostgres)('an order closed while a warning on the same unit is being opened leaves the unit broken, not normal', async () => {
    const unit = await seedEquipment(t, plain, 'Raced pump');
    const order = (await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: 'Raced job', projectId: plain, equipmentId: unit } })).body.data.id as number;
    expect(await state(unit)).toBe('maintenance');
    await race(
      async (tx) => {
        await warn(tx, unit);
        expect((await recomputeEquipmentState(tx, [unit])).map((c) => c.state)).toEqual(['broken']);
      },
      // Closing the order takes no lock on the unit: only its recompute waits for the first.
      async (tx) => {
        await tx.update(fallOrder).set({ status: 'closed', closedAt: new Date() }).where(eq(fallOrder.id, order));
        await recomputeEquipmentState(tx, [unit]);
      },
    );
    expect(await state(unit)).toBe('broken');
    expect(await drift()).toEqual([]);
  });

  it.runIf(onPostgres)('a warning and an order opened on the same unit at once do not deadlock, and leave it broken', async () => {
    const unit = await seedEquipment(t, plain, 'Raced valve');
    const pidOf = async (tx: Db) => Number(((await tx.execute(sql`SELECT pg_backend_pid() AS pid`)).rows[0] as { pid: number }).pid);
    const waiting = async (pid: number) =>
      (await t.database.query<{ waiting: boolean }>('SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted) AS waiting', [pid]))[0].waiting;
    const signal = () => {
      let done!: () => void;
      const promise = new Promise<void>((r) => (done = r));
      let fired = false;
      return { promise, done: () => ((fired = true), done()), get fired() { return fired; } };
    };
    // Each fact references the unit, which takes a key-share lock on its row in each transaction.
    const orderIn = signal();
    const goOn = signal();
    let orderPid = 0;
    const order = t.database.db.transaction(async (tx) => {
      orderPid = await pidOf(tx);
      await tx.execute(sql`INSERT INTO fall_order (number, name, project_id, equipment_id, status, submitted_at) VALUES ('RACE-STATE', 'race', ${plain}, ${unit}, 'submitted', now())`);
      orderIn.done();
      await goOn.promise;
      await recomputeEquipmentState(tx, [unit]);
    });
    await orderIn.promise;
    const warned = signal();
    const commit = signal();
    let warnPid = 0;
    const warning = t.database.db.transaction(async (tx) => {
      warnPid = await pidOf(tx);
      await warn(tx, unit);
      await recomputeEquipmentState(tx, [unit]);
      warned.done();
      await commit.promise;
    });
    // The warning's recompute has run, or waits on the order's transaction.
    await vi.waitFor(async () => expect(warned.fired || (warnPid > 0 && (await waiting(warnPid)))).toBe(true), { timeout: 60_000, interval: 20 });
    goOn.done();
    // The order's recompute now waits on the warning's transaction (or one of them was chosen to die).
    const settled = [false, false];
    void order.then(() => (settled[0] = true), () => (settled[0] = true));
    void warning.then(() => (settled[1] = true), () => (settled[1] = true));
    await vi.waitFor(async () => expect(settled.some(Boolean) || (await waiting(orderPid))).toBe(true), { timeout: 60_000, interval: 20 });
    commit.done();
    const outcomes = await Promise.allSettled([order, warning]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String((o.reason as Error).cause ?? o.reason) : 'committed'))).toEqual(['committed', 'committed']);
    expect(await state(unit)).toBe('broken');
    expect(await drift()).toEqual([]);
  });
});
