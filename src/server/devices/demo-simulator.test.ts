import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SWITCH_FAULT, SWITCH_NORMAL } from '@shared/constants';
import { until } from '@tests/helpers/until';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedDemo } from '../db/seed/demo';
import { checkOffline, isFault } from '../modules/operations/detect/readings';
import { startDemoSimulator, type DemoFault, type DemoSimulator } from './demo-simulator';
import { BoardSimulator } from './simulator';

describe('the switch constant: seed, fault rule and simulator agree', () => {
  it('a simulated normal channel is normal by the rule, a closed fault contact is a fault', () => {
    const sim = new BoardSimulator({ units: [1], faultRate: 0 });
    sim.tick();
    for (const r of sim.reading(1)) {
      expect(r.switch).toBe(SWITCH_NORMAL);
      expect(isFault(r, { analogMin: 0, analogMax: 100 })).toBe(false);
    }
    sim.hold(1, 4, { switch: SWITCH_FAULT });
    sim.tick();
    expect(isFault(sim.reading(1)[3], { analogMin: 0, analogMax: 100 })).toBe(true);
    sim.release(1, 4);
    expect(isFault(sim.reading(1)[3], { analogMin: 0, analogMax: 100 })).toBe(false);
  });
});

describe('the demo simulator on a demo database', () => {
  let t: TestApp;
  let filesDir: string;
  const sims: DemoSimulator[] = [];
  const one = async <T>(q: string, params: unknown[] = []) => (await t.database.query<T>(q, params))[0];

  beforeAll(async () => {
    t = await createTestApp();
    filesDir = await mkdtemp(path.join(tmpdir(), 'cascade-demo-sim-'));
    await seedDemo(t.database, { filesDir, plans: 0 });
  }, 180_000);
  afterAll(async () => {
    for (const s of sims) await s.stop();
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('seeds channels the fault rule reads as the seed meant: normal ones normal, faulty ones faulty', async () => {
    const channels = await t.database.query<{ switchValue: number; analogValue: number; analogMin: number; analogMax: number; result: string }>(
      `SELECT switch_value AS "switchValue", analog_value AS "analogValue", analog_min AS "analogMin", analog_max AS "analogMax", result FROM fall_detect_channel`,
    );
    const normal = channels.filter((c) => c.result === 'normal');
    const faulty = channels.filter((c) => c.result === 'fault');
    expect(normal.length).toBeGreaterThan(500);
    expect(faulty.length).toBeGreaterThan(0);
    const rule = (c: (typeof channels)[number]) => isFault({ switch: c.switchValue as 0 | 1, analog: c.analogValue }, c);
    expect(normal.filter(rule)).toEqual([]);
    expect(faulty.filter((c) => !rule(c))).toEqual([]);
    expect(normal.every((c) => c.switchValue === SWITCH_NORMAL)).toBe(true);
  });

  it('reports every demo board before the offline check can flag one, and keeps them all online', async () => {
    // The seed leaves some boards last seen hours ago: the offline check would flag them right away.
    const stale = await one<{ n: number }>(`SELECT count(*)::int AS n FROM fall_detect WHERE last_seen < now() - interval '1 hour'`);
    expect(stale.n).toBeGreaterThan(0);
    const seededOffline = await one<{ n: number }>(`SELECT count(*)::int AS n FROM fall_warning WHERE kind = 'offline' AND result IS NULL`);
    const boards = await one<{ n: number }>(`SELECT count(*)::int AS n FROM fall_detect`);
    const before = new Date();

    const sim = startDemoSimulator(t.app, { reportEveryMs: 1_000, faultEveryMs: 0, tickMs: 100 });
    sims.push(sim);
    await sim.ready;
    expect(sim.stats()).toMatchObject({ boards: boards.n, failed: 0, playing: true });
    expect(sim.stats().reports).toBeGreaterThanOrEqual(boards.n);
    // Every board reported through the reading service: seen now, online, its offline warning closed.
    const seen = await one<{ late: number; offline: number }>(
      `SELECT count(*) FILTER (WHERE last_seen IS NULL OR last_seen < $1)::int AS late, count(*) FILTER (WHERE NOT online)::int AS offline FROM fall_detect`,
      [before.toISOString()],
    );
    expect(seen).toEqual({ late: 0, offline: 0 });
    expect(await checkOffline(t.app)).toEqual([]);
    const reopened = await one<{ open: number; closed: number }>(
      `SELECT count(*) FILTER (WHERE result IS NULL)::int AS open, count(*) FILTER (WHERE result = 'fixed' AND deal_at >= $1)::int AS closed
         FROM fall_warning WHERE kind = 'offline'`,
      [before.toISOString()],
    );
    expect(reopened).toEqual({ open: 0, closed: seededOffline.n });

    // Values move from one reading to the next (readings keep arriving, staggered over the period).
    const snapshot = async () =>
      new Map(
        (await t.database.query<{ id: number; v: number }>(`SELECT id, analog_value AS v FROM fall_detect_channel WHERE result = 'normal'`)).map((r) => [r.id, r.v]),
      );
    const first = await snapshot();
    await until(async () => {
      const second = await snapshot();
      return [...first].filter(([id, v]) => second.get(id) !== v).length > first.size / 2;
    }, 30_000, 'most channel values to move');
    expect(await checkOffline(t.app)).toEqual([]);
    await sim.stop();
    // Stopped means stopped: no report after stop() returned.
    const reports = sim.stats().reports;
    await new Promise((r) => setTimeout(r, 300));
    expect(sim.stats().reports).toBe(reports);
  }, 60_000);

  async function faultCycle(autoOrder: boolean): Promise<{ fault: DemoFault; warningId: number; equipmentId: number; orderId: number | null }> {
    await t.database.query(`UPDATE fall_project SET auto_order = $1`, [autoOrder]);
    const sim = startDemoSimulator(t.app, { reportEveryMs: 3_000, faultEveryMs: 1_500, faultRecoverMs: 2_000, tickMs: 100 });
    sims.push(sim);
    await sim.ready;
    const fault = await until(async () => sim.stats().faults[0], 10_000, 'a scripted fault');
    const warning = await until(
      () =>
        one<{ id: number; equipmentId: number; orderId: number | null; level: string }>(
          `SELECT id, equipment_id AS "equipmentId", order_id AS "orderId", level FROM fall_warning WHERE detect_id = $1 AND channel = $2 AND kind = 'channel' AND result IS NULL AND at >= $3`,
          [fault.boardId, fault.ch, new Date(fault.at - 1_000).toISOString()],
        ),
      10_000,
      'the fault warning',
    );
    expect(warning.level).toBe(fault.kind === 'switch' ? 'critical' : 'warning');
    const broken = await one<{ state: string }>(`SELECT state FROM fall_eq_info WHERE id = $1`, [warning.equipmentId]);
    expect(broken.state).toBe('broken');
    if (autoOrder) {
      expect(warning.orderId).not.toBeNull();
      const order = await one<{ source: string; equipmentId: number; status: string }>(
        `SELECT source, equipment_id AS "equipmentId", status FROM fall_order WHERE id = $1`,
        [warning.orderId],
      );
      expect(order).toMatchObject({ source: 'warning', equipmentId: warning.equipmentId, status: 'submitted' });
    } else expect(warning.orderId).toBeNull();

    // Recovery: the channel reads normal again and the reading service closes the warning.
    const closed = await until(
      () => one<{ result: string | null; dealtBy: string }>(`SELECT result, dealt_by AS "dealtBy" FROM fall_warning WHERE id = $1 AND result IS NOT NULL`, [warning.id]),
      15_000,
      'the warning to close',
    );
    expect(closed).toEqual({ result: 'fixed', dealtBy: 'system' });
    expect(Date.now()).toBeGreaterThanOrEqual(fault.until);
    await sim.stop();
    return { fault, warningId: warning.id, equipmentId: warning.equipmentId, orderId: warning.orderId };
  }

  it('a scripted fault opens a warning, breaks its equipment and raises an automatic order; recovery closes the warning', async () => {
    const { equipmentId, orderId } = await faultCycle(true);
    // The order is still open (a technician reports it): the equipment is not back to normal before
    // that report, whatever the state model calls it meanwhile. The simulator does not play the technician.
    const order = await one<{ status: string }>(`SELECT status FROM fall_order WHERE id = $1`, [orderId]);
    expect(order.status).toBe('submitted');
    const eq = await one<{ state: string }>(`SELECT state FROM fall_eq_info WHERE id = $1`, [equipmentId]);
    expect(eq.state).not.toBe('normal');
  }, 60_000);

  it('without automatic orders, recovery brings the equipment back to normal', async () => {
    const { equipmentId } = await faultCycle(false);
    const eq = await one<{ state: string }>(`SELECT state FROM fall_eq_info WHERE id = $1`, [equipmentId]);
    expect(eq.state).toBe('normal');
    // No board of the demo went offline on the way.
    expect(await checkOffline(t.app)).toEqual([]);
    const offline = await one<{ n: number }>(`SELECT count(*)::int AS n FROM fall_warning WHERE kind = 'offline' AND result IS NULL`);
    expect(offline.n).toBe(0);
  }, 60_000);

  it('with several instances on one database, only the lease holder plays the boards', async () => {
    const a = startDemoSimulator(t.app, { leaseHolder: 'instance-a', leaseMs: 9_000, reportEveryMs: 1_000, faultEveryMs: 0, tickMs: 100 });
    sims.push(a);
    await a.ready;
    const b = startDemoSimulator(t.app, { leaseHolder: 'instance-b', leaseMs: 9_000, reportEveryMs: 1_000, faultEveryMs: 0, tickMs: 100 });
    sims.push(b);
    await b.ready;
    await new Promise((r) => setTimeout(r, 500));
    expect(a.stats().playing).toBe(true);
    expect(b.stats()).toMatchObject({ playing: false, reports: 0 });
    // The holder stops (gives the lease back): the other takes over at its next lease check.
    await a.stop();
    await until(async () => b.stats().reports > 0, 30_000, 'the second instance to take over');
    expect(b.stats().playing).toBe(true);
    await b.stop();
  }, 60_000);
});
