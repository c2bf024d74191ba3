import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatReport } from '@shared/contracts/stats-report';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { insertPreventiveOrder } from '../operations/risks/risk-fixtures';

/**
 * The statistics learn the preventive source (issue 30, docs/predictive.md "Statistics"): the repair
 * totals split by source add up to the totals, and "faults predicted" — channel faults in the range,
 * and those whose unit had a preventive order in the 14 days before — is recomputed here from the
 * rows and equals what its drill-down (the warnings list) answers.
 */
describe('statistics: orders by source and faults predicted', () => {
  let t: TestApp;
  let admin: string;
  let project: number;
  const DAY = 86_400_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const now = Date.now();
  const range = { from: day(now - 20 * DAY), to: day(now), granularity: 'week' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    project = await seedProject(t, { name: 'Predicted faults' });
    const [a, b, c, d] = [await seedEquipment(t, project, 'Pump A'), await seedEquipment(t, project, 'Pump B'), await seedEquipment(t, project, 'Pump C'), await seedEquipment(t, project, 'Pump D')];
    const warn = async (equipmentId: number | null, at: number, kind = 'channel') =>
      t.database.query(`INSERT INTO fall_warning (at, info, kind, level, project_id, channel, equipment_id) VALUES ($1, 'f', $2, 'warning', $3, 1, $4)`, [new Date(at).toISOString(), kind, project, equipmentId]);
    // Pump A: preventive order 5 days before its fault (predicted). Pump B: one 20 days before (too early),
    // Pump C: one after its fault (not a prediction). A channel fault with no unit, and an offline warning (not a fault).
    await insertPreventiveOrder(t.database, project, a, 'PV-1', new Date(now - 10 * DAY));
    await warn(a, now - 5 * DAY);
    await insertPreventiveOrder(t.database, project, b, 'PV-2', new Date(now - 40 * DAY));
    await warn(b, now - 3 * DAY);
    await warn(c, now - 6 * DAY);
    await insertPreventiveOrder(t.database, project, c, 'PV-3', new Date(now - 2 * DAY));
    await warn(null, now - 4 * DAY);
    await warn(null, now - 4 * DAY, 'offline');
    // Pump D: a preventive plan's weekly order 3 days before its fault: a calendar, not a prediction.
    const planOrder = await insertPreventiveOrder(t.database, project, d, 'PM-1', new Date(now - 8 * DAY));
    const [plan] = await t.database.query<{ id: number }>(
      `INSERT INTO fall_pm_plan (project_id, name, target, equipment_id, trigger, rule) VALUES ($1, 'Weekly screen clean', 'unit', $2, 'calendar', '{"every":1,"unit":"week"}') RETURNING id`,
      [project, d],
    );
    await t.database.query(`INSERT INTO fall_pm_occurrence (plan_id, unit_key, equipment_id, due, due_date, order_id) VALUES ($1, $2, $2, $3, $3, $4)`, [plan.id, d, day(now - 8 * DAY), planOrder]);
    await warn(d, now - 5 * DAY);
    await t.database.query(`INSERT INTO fall_order (name, number, project_id, source, submitted_at) VALUES ('m', 'M-1', $1, 'manual', $2)`, [project, new Date(now - DAY).toISOString()]);
  });
  afterAll(() => t.close());

  const report = async () => (await t.call('POST', '/api/ball/stats/figures', { token: admin, body: { ...range, projectId: project } })).body.data as StatReport;

  it('splits the repair totals by source, adding up to them', async () => {
    const r = await report();
    const of = (s: string) => r.repair.bySource.find((x) => x.source === s);
    expect(of('preventive')).toEqual({ source: 'preventive', submitted: 3, completed: 0 });
    expect(of('manual')).toEqual({ source: 'manual', submitted: 1, completed: 0 });
    expect(r.repair.bySource.reduce((n, x) => n + x.submitted, 0)).toBe(r.repair.totals.submitted);
    expect(r.repair.bySource.reduce((n, x) => n + x.completed, 0)).toBe(r.repair.totals.completed);
    // The drill-down: the order list with the same days and the source answers the figure.
    const list = await t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { page: 1, limit: 1, projectId: project, statMetric: 'submitted', statFrom: range.from, statTo: range.to, source: 'preventive' } });
    expect(list.body.data.total).toBe(of('preventive')!.submitted);
  });

  it('counts faults predicted as the rows say, and as its drill-down lists them', async () => {
    const r = await report();
    const [rows] = await t.database.query<{ faults: number; predicted: number }>(
      `SELECT count(*)::int AS faults,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM fall_order o WHERE o.equipment_id = w.equipment_id AND o.source = 'preventive'
                                              AND o.submitted_at <= w.at AND o.submitted_at >= w.at - interval '14 days'
                                              AND o.id NOT IN (SELECT order_id FROM fall_pm_occurrence WHERE order_id IS NOT NULL)))::int AS predicted
         FROM fall_warning w WHERE w.project_id = $1 AND w.kind = 'channel' AND w.at >= $2::date AND w.at < $3::date + 1`,
      [project, range.from, range.to],
    );
    expect(rows).toEqual({ faults: 5, predicted: 1 });
    expect(r.predicted).toEqual({ faults: 5, predicted: 1, rate: 0.2 });
    const drill = async (extra: Record<string, unknown>) =>
      (await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 1, projectId: project, kind: 'channel', statFrom: range.from, statTo: range.to, ...extra } })).body.data.total;
    expect(await drill({})).toBe(r.predicted.faults);
    expect(await drill({ predicted: 'yes' })).toBe(r.predicted.predicted);
  });
});
