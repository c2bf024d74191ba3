import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallOrder, fallReport } from '../../../db/schema';
import { insertOrders } from '../../../db/seed/seed-sql';
import { MESSAGES } from '@shared/messages';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';

// The time rules of docs/invariants.md: each refused with a 400 whose message names the field, in
// the caller's language, writing nothing; the database refuses what bypasses the server.

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('order and report times (docs/invariants.md)', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  let pump: number;
  const submitted = Date.parse('2024-05-01T08:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Rules park' });
    pump = await seedEquipment(t, projectId, 'Rule pump');
  });
  afterAll(() => t.close());

  const call = (path: string, body: unknown, lang = 'en') => t.call('POST', `/api/ball/${path}`, { token: admin, body, lang });
  const newOrder = async (at = submitted) => {
    const res = await call('fallorder/save', { name: 'Pump stopped', projectId, equipmentId: pump, submittedAt: iso(at) });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  };
  const orderRow = async (id: number) => (await t.database.db.select().from(fallOrder).where(eq(fallOrder.id, id)))[0];
  const reportsOf = async (id: number) => t.database.db.select().from(fallReport).where(eq(fallReport.orderId, id));

  /** A 400 naming `field` with message `key`, in both languages. */
  async function expectRefused(path: string, body: unknown, field: string, key: keyof typeof MESSAGES) {
    for (const lang of ['en', 'zh-CN'] as const) {
      const res = await call(path, body, lang);
      const text = MESSAGES[key][lang === 'en' ? 'en' : 'cn'];
      expect(res.status, `${path} ${field} ${lang}`).toBe(400);
      expect(res.body.msg).toBe(text);
      expect(res.body.data.fields[field]).toBe(text);
    }
  }

  it('refuses a report whose times break a rule, naming the field, and leaves the order as it was', async () => {
    const id = await newOrder();
    const before = await orderRow(id);
    const base = { orderId: id, repairer: 'Li', result: 'fixed' };
    const cases: [Record<string, unknown>, string, keyof typeof MESSAGES][] = [
      // Seen: a report completed before its order was submitted made a -107.68 h day on the chart.
      [{ repairAt: iso(submitted - 120 * HOUR), completedAt: iso(submitted - 107.68 * HOUR) }, 'repairAt', 'v.repairBeforeSubmission'],
      [{ repairAt: iso(submitted), completedAt: iso(submitted - 1000) }, 'completedAt', 'v.completedBeforeSubmission'],
      [{ repairAt: iso(submitted + 5 * HOUR), completedAt: iso(submitted + 4 * HOUR) }, 'completedAt', 'v.completedBeforeRepair'],
      [{ repairAt: iso(Date.now() + 2 * HOUR) }, 'repairAt', 'v.repairInFuture'],
      [{ repairAt: iso(submitted + HOUR), completedAt: iso(Date.now() + 2 * HOUR) }, 'completedAt', 'v.completedInFuture'],
      [{ repairAt: iso(submitted + HOUR), completedAt: iso(submitted + 3 * HOUR), durationHours: -1 }, 'durationHours', 'v.durationNegative'],
      [{ repairAt: iso(submitted + HOUR), completedAt: iso(submitted + 3 * HOUR), durationHours: 2.5 }, 'durationHours', 'v.durationTooLong'],
    ];
    for (const [times, field, key] of cases) await expectRefused('fallreport/save', { ...base, ...times }, field, key);
    // Nothing half-written: no report, the order untouched.
    expect(await reportsOf(id)).toEqual([]);
    expect(await orderRow(id)).toEqual(before);

    // The boundaries themselves are allowed: repaired at the minute of submission, completed the same
    // minute, a duration that fills the span exactly, and a clock a little ahead (within the skew).
    const ok = await call('fallreport/save', { ...base, repairAt: iso(submitted), completedAt: iso(submitted + 30_000), durationHours: 30 / 3600 });
    expect(ok.status).toBe(200);
    const second = await newOrder();
    expect((await call('fallreport/save', { ...base, orderId: second, repairAt: iso(Date.now() + 60_000), result: 'not_fixed' })).status).toBe(200);
  });

  it('takes a report filed in the second its order was submitted (the forms give times to the second)', async () => {
    const res = await call('fallorder/save', { name: 'Pump stopped', projectId, equipmentId: pump });
    expect(res.status).toBe(200);
    const order = await orderRow(res.body.data.id);
    expect(order.submittedAt.getMilliseconds()).toBe(0);
    // What the report form sends: now, written to the second in the browser's clock.
    const now = new Date();
    const repairAt = `${now.toISOString().slice(0, 19)}Z`;
    const report = await call('fallreport/save', { orderId: order.id, repairer: 'R', result: 'not_fixed', repairAt, durationHours: 0 });
    expect(report.status).toBe(200);
  });

  it('takes the allowed clock skew from the setting orders.clockSkewMinutes', async () => {
    const id = await newOrder();
    const ahead = { orderId: id, repairer: 'Li', result: 'not_fixed', repairAt: iso(Date.now() + 30 * 60_000) };
    await expectRefused('fallreport/save', ahead, 'repairAt', 'v.repairInFuture');
    await t.app.settings.set('orders.clockSkewMinutes', '60');
    try {
      expect((await call('fallreport/save', ahead)).status).toBe(200);
    } finally {
      await t.app.settings.set('orders.clockSkewMinutes', '5');
    }
  });

  it('refuses an order submitted in the future, or moved after its work, and a report on a closed order', async () => {
    await expectRefused('fallorder/save', { name: 'Later', projectId, submittedAt: iso(Date.now() + 3 * HOUR) }, 'submittedAt', 'v.submittedInFuture');
    const id = await newOrder();
    expect((await call('fallreport/save', { orderId: id, repairer: 'Li', result: 'fixed', repairAt: iso(submitted + 2 * HOUR), completedAt: iso(submitted + 3 * HOUR) })).status).toBe(200);
    await expectRefused('fallorder/update', { id, submittedAt: iso(submitted + 2.5 * HOUR) }, 'submittedAt', 'v.submittedAfterWork');
    await expectRefused('fallorder/update', { id, submittedAt: iso(Date.now() + 2 * HOUR) }, 'submittedAt', 'v.submittedInFuture');
    expect((await orderRow(id)).submittedAt.getTime()).toBe(submitted);
    expect((await call('fallorder/update', { id, submittedAt: iso(submitted + HOUR) })).status).toBe(200);

    const closed = await newOrder();
    expect((await call('fallorder/close', { id: closed })).status).toBe(200);
    await expectRefused('fallreport/save', { orderId: closed, repairer: 'Li', result: 'fixed', repairAt: iso(submitted + HOUR) }, 'orderId', 'err.orderClosed');
    expect(await reportsOf(closed)).toEqual([]);
  });

  it('checks an edited report whole against its order', async () => {
    const id = await newOrder();
    const filed = await call('fallreport/save', { orderId: id, repairer: 'Li', result: 'not_fixed', repairAt: iso(submitted + 2 * HOUR), durationHours: 1 });
    const reportId = filed.body.data.id as number;
    await expectRefused('fallreport/update', { id: reportId, repairAt: iso(submitted - HOUR) }, 'repairAt', 'v.repairBeforeSubmission');
    await expectRefused('fallreport/update', { id: reportId, completedAt: iso(submitted + 2.5 * HOUR) }, 'durationHours', 'v.durationTooLong');
    expect((await reportsOf(id))[0].repairAt.getTime()).toBe(submitted + 2 * HOUR);
    expect((await call('fallreport/update', { id: reportId, completedAt: iso(submitted + 3 * HOUR) })).status).toBe(200);
  });

  it('refuses a range whose end is before its start, on every query with one', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/ball/fallorder/list', { page: 1, limit: 10, submittedFrom: '2024-05-02', submittedTo: '2024-05-01' }, 'submittedTo'],
      ['/api/ball/fallorder/listAll', { submittedFrom: '2024-05-02', submittedTo: '2024-05-01' }, 'submittedTo'],
      ['/api/ball/fallreport/list', { page: 1, limit: 10, repairFrom: '2024-05-02', repairTo: '2024-05-01' }, 'repairTo'],
      ['/api/ball/fallwarning/list', { page: 1, limit: 10, from: '2024-05-02', to: '2024-05-01' }, 'to'],
      ['/api/ball/falltrain/list', { page: 1, limit: 10, trainFrom: '2024-05-02', trainTo: '2024-05-01' }, 'trainTo'],
      ['/api/sys/log/list', { page: 1, limit: 10, from: '2024-05-02', to: '2024-05-01' }, 'to'],
      ['/api/sys/history-user/list', { page: 1, limit: 10, from: '2024-05-02', to: '2024-05-01' }, 'to'],
      ['/api/job/schedule-log/list', { page: 1, limit: 10, from: '2024-05-02', to: '2024-05-01' }, 'to'],
      ['/api/oss/file/list', { page: 1, limit: 10, from: '2024-05-02', to: '2024-05-01' }, 'to'],
      ['/api/ball/fallproject/repairSpeedList', { from: '2024-05-02', to: '2024-05-01' }, 'to'],
    ];
    for (const [url, body, field] of cases) {
      for (const lang of ['en', 'zh-CN']) {
        const res = await t.call('POST', url, { token: admin, body, lang });
        const text = MESSAGES['v.dateOrder'][lang === 'en' ? 'en' : 'cn'];
        expect(res.status, url).toBe(400);
        expect(res.body.data.fields[field], url).toBe(text);
      }
      // The same range the right way round is a plain query.
      const [a, b] = Object.entries(body).filter(([k]) => k !== 'page' && k !== 'limit');
      const fixed = { ...body, [a[0]]: b[1], [b[0]]: a[1] };
      expect((await t.call('POST', url, { token: admin, body: fixed })).status, url).toBe(200);
    }
  });

  it('keeps the rules in the database for writes that bypass the server, unless the row is flagged', async () => {
    const id = await newOrder();
    const refused = async (sql: string, params: unknown[]) => {
      const err = await t.database.query(sql, params).then(() => null, (e: { code?: string; cause?: { code?: string } }) => e);
      expect(err, sql).not.toBeNull();
      expect(err?.code ?? err?.cause?.code).toBe('23514');
    };
    const insertReport = `INSERT INTO fall_report(order_id, repairer, repair_at, completed_at, duration_hours, result) VALUES ($1, 'x', $2, $3, $4, 'fixed')`;
    await refused(insertReport, [id, iso(submitted - HOUR), null, 0]);
    await refused(insertReport, [id, iso(submitted + HOUR), iso(submitted + 0.5 * HOUR), 0]);
    await refused(insertReport, [id, iso(submitted + HOUR), null, -2]);
    await refused('UPDATE fall_order SET completed_at = submitted_at - interval \'1 hour\', status = \'completed\' WHERE id = $1', [id]);
    await t.database.query(insertReport, [id, iso(submitted + HOUR), iso(submitted + 2 * HOUR), 1]);
    await refused(`UPDATE fall_order SET submitted_at = submitted_at + interval '90 minutes' WHERE id = $1`, [id]);
    await t.database.query('UPDATE fall_order SET status = \'closed\' WHERE id = $1', [id]);
    await refused(insertReport, [id, iso(submitted + 3 * HOUR), null, 0]);
    // A flagged row is stored (that is how 0014 keeps what it found) and left out of the statistics.
    const [flagged] = await t.database.query<{ id: number }>(
      `INSERT INTO fall_order(number, name, project_id, submitted_at, completed_at, status, report_count, data_issue)
       VALUES ('FLAG-1', 'x', $1, $2, $3, 'completed', 1, 'v.completedBeforeSubmission') RETURNING id`,
      [projectId, iso(submitted), iso(submitted - 107.68 * HOUR)],
    );
    expect(await t.database.query('SELECT 1 FROM stats_order_fact WHERE order_id = $1', [flagged.id])).toEqual([]);
    expect(await t.database.query('SELECT kind, id, rule FROM work_time_issues() WHERE id = $1 AND kind = $2', [flagged.id, 'order'])).toEqual([
      { kind: 'order', id: flagged.id, rule: 'v.completedBeforeSubmission' },
    ]);
  });

  it('seeds (demo and large share the generator) write only rows that keep every rule', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await seedProject(t, { status: 'A' });
      ids.push(p);
      for (let k = 0; k < 4; k++) await seedEquipment(t, p, `Seeded ${k}`);
    }
    const [orders, reports] = await insertOrders(t.database, { fromProject: Math.min(...ids), toProject: Math.max(...ids), perEquipment: 6, days: 730 });
    expect(orders).toBeGreaterThan(20);
    expect(reports).toBeGreaterThan(10);
    const issues = await t.database.query(
      `SELECT i.* FROM work_time_issues() i
        WHERE (i.kind = 'order' AND i.id IN (SELECT id FROM fall_order WHERE project_id = ANY($1::int[])))
           OR (i.kind = 'report' AND i.id IN (SELECT r.id FROM fall_report r JOIN fall_order o ON o.id = r.order_id WHERE o.project_id = ANY($1::int[])))`,
      [ids],
    );
    expect(issues).toEqual([]);
  });
});
