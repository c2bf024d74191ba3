import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { openPostgres } from '../../../db/client';
import { fallCalendarEntry, fallChecklist, fallDetect, fallDetectChannel, fallDevice, fallEqInfo, fallOrder, fallPmOccurrence, fallPmPlan, sysUser, sysUserRole } from '../../../db/schema';
import { hashPassword } from '../../../lib/password';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { PLAN_SWEEP_SECONDS, sweepPlans } from './pm-plan.service';
import { startDeviceJobs } from '../detect/device-jobs';
import { until } from '@tests/helpers/until';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Noon in Shanghai (UTC+8) of a local date: the instant a sweep runs "on" that day. */
const on = (date: string) => new Date(`${date}T04:00:00Z`);

/**
 * Preventive plans (docs/maintenance.md "Preventive plans"): what a plan refuses, and the orders the
 * sweep opens — calendar from completion and on a fixed schedule, a meter from simulated readings, a
 * season from the operating calendar — each ahead by its lead, never twice for one due date (also
 * with two sweeps at once, on two connections on PostgreSQL), one per unit a model plan covers.
 * The sweep is called at explicit instants: nothing waits for the clock.
 */
describe('preventive plans', () => {
  let t: TestApp;
  let manager: string;
  let operator: string;
  let projectId: number;
  let pump: number;
  let board: number;
  let template: number;
  const api = '/api/ball/fallpmplan';
  const save = (body: Record<string, unknown>, lang = 'en', token = manager) => t.call('POST', `${api}/save`, { token, body, lang });
  const plan = async (body: Record<string, unknown>) => {
    const res = await save({ projectId, name: '水泵保养', nameEn: 'Pump service', target: 'unit', equipmentId: pump, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  const ordersOf = async (planId: number) =>
    t.database.db
      .select({ id: fallOrder.id, due: fallPmOccurrence.due, dueDate: fallPmOccurrence.dueDate, equipmentId: fallOrder.equipmentId, source: fallOrder.source, status: fallOrder.status, checklistId: fallOrder.checklistId, priority: fallOrder.priority, name: fallOrder.name })
      .from(fallPmOccurrence)
      .innerJoin(fallOrder, eq(fallOrder.id, fallPmOccurrence.orderId))
      .where(eq(fallPmOccurrence.planId, planId))
      .orderBy(asc(fallPmOccurrence.id));
  const complete = (orderId: number, at: Date) => t.database.db.update(fallOrder).set({ status: 'completed', completedAt: at }).where(eq(fallOrder.id, orderId));
  const due = async (at: Date, pid = projectId, token = manager) => (await t.call('GET', `${api}/due?projectId=${pid}&at=${at.toISOString()}`, { token })).body.data as { planId: number; equipmentId: number | null; dueDate: string | null; opensOn: string | null; meterValue: number | null; openOrderId: number | null; waiting: string | null }[];
  const calendar = { unit: 'week', every: 2, startDate: '2026-03-02', from: 'completion' };

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.tokenFor('manager');
    operator = await t.tokenFor('operator');
    projectId = await seedProject(t, { name: 'Plan lake', timeZone: 'Asia/Shanghai' });
    pump = await seedEquipment(t, projectId, 'Jet pump 1');
    const [b] = await t.database.db.insert(fallDetect).values({ projectId, boardName: 'Pump board', boardNo: 'PM-1' }).returning({ id: fallDetect.id });
    board = b.id;
    await t.database.db.insert(fallDetectChannel).values(Array.from({ length: 9 }, (_, n) => ({ detectId: board, ch: n + 1, equipmentId: n < 2 ? pump : null })));
    const [c] = await t.database.db.insert(fallChecklist).values({ name: '水泵周检', nameEn: 'Weekly pump round', items: [{ key: 'ok', type: 'check', label: '正常', labelEn: 'OK', required: true }] }).returning({ id: fallChecklist.id });
    template = c.id;
  });
  // Each test's plans stop at its end: a later test's sweep at another instant must not move them.
  afterEach(async () => {
    await t.database.db.update(fallPmPlan).set({ archivedAt: new Date() }).where(isNull(fallPmPlan.archivedAt));
  });
  afterAll(() => t.close());

  it('refuses a plan it cannot keep with a 400 naming the field, in both languages', async () => {
    const base = { projectId, name: 'X', target: 'unit', equipmentId: pump };
    const meter = { kind: 'hours', detectId: board, ch: 1, signal: 'switch', limit: 100 };
    const cases: [Record<string, unknown>, Record<string, string>, Record<string, string>][] = [
      [{}, { trigger: 'A plan needs a trigger: calendar, meter or season' }, { trigger: '保养计划需要一个触发方式：日历、计量或季节' }],
      [{ calendar, season: { when: 'end', days: 7 } }, { trigger: 'A plan has only one trigger' }, { trigger: '保养计划只能有一个触发方式' }],
      [{ meter: { ...meter, limit: 0 } }, { 'meter.limit': 'The meter limit must be above 0' }, { 'meter.limit': '计量限值须大于 0' }],
      [{ meter: { ...meter, limit: -5 } }, { 'meter.limit': 'The meter limit must be above 0' }, { 'meter.limit': '计量限值须大于 0' }],
      [{ calendar: { ...calendar, every: 0 } }, { 'calendar.every': 'The interval is a whole number from 1 to 366' }, { 'calendar.every': '间隔须为 1 至 366 的整数' }],
      [{ calendar: { ...calendar, unit: 'weekday' } }, { 'calendar.weekday': 'This field is required' }, { 'calendar.weekday': '必填项' }],
      [{ calendar, checklistId: 999_999 }, { checklistId: 'Invalid value' }, { checklistId: '格式错误' }],
      [{ calendar, equipmentId: 999_999 }, { equipmentId: 'Invalid value' }, { equipmentId: '格式错误' }],
      [{ calendar, target: 'model', equipmentId: null, deviceId: 999_999 }, { deviceId: 'Invalid value' }, { deviceId: '格式错误' }],
      [{ meter: { ...meter, detectId: 999_999 } }, { 'meter.detectId': 'No such channel on a board of this project' }, { 'meter.detectId': '该检测板没有此通道，或检测板不属于本项目' }],
      [{ meter: { ...meter, ch: 12 } }, { 'meter.ch': 'Invalid value' }, { 'meter.ch': '格式错误' }],
      [{ target: 'project', equipmentId: null, meter }, { target: 'A meter plan counts one unit\'s channel: choose "Unit"' }, { target: '计量计划统计一台设备的检测通道，请选择“单台设备”' }],
    ];
    for (const [over, en, cn] of cases) {
      const english = await save({ ...base, ...over }, 'en');
      expect(english.status, JSON.stringify(over)).toBe(400);
      expect(english.body.data.fields, JSON.stringify(over)).toEqual(en);
      expect((await save({ ...base, ...over }, 'zh-CN')).body.data.fields, JSON.stringify(over)).toEqual(cn);
    }
    // A channel the board lacks (its rows hold CH1–9 only after a channel is removed) is named too.
    await t.database.db.delete(fallDetectChannel).where(and(eq(fallDetectChannel.detectId, board), eq(fallDetectChannel.ch, 9)));
    expect((await save({ ...base, meter: { ...meter, ch: 9 } })).body.data.fields).toEqual({ 'meter.ch': 'No such channel on a board of this project' });
    // An update is checked whole: a second trigger over the stored one is refused, nothing written.
    const id = await plan({ calendar });
    const two = await t.call('POST', `${api}/update`, { token: manager, body: { id, season: { when: 'end', days: 3 } } });
    expect(two.status).toBe(400);
    expect(two.body.data.fields).toEqual({ trigger: 'A plan has only one trigger' });
    const [stored] = await t.database.db.select().from(fallPmPlan).where(eq(fallPmPlan.id, id));
    expect(stored.trigger).toBe('calendar');
    // Swapping it, the other one cleared, is taken.
    const swapped = await t.call('POST', `${api}/update`, { token: manager, body: { id, calendar: null, season: { when: 'end', days: 3 } } });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    const row = (await t.call('GET', `${api}/info/${id}`, { token: manager })).body.data;
    expect(row).toMatchObject({ trigger: 'season', season: { when: 'end', days: 3 }, calendar: null, meter: null });
  });

  it('checks its permission and the data scope on every endpoint', async () => {
    const id = await plan({ calendar });
    expect((await save({ projectId, name: 'X', target: 'unit', equipmentId: pump, calendar }, 'en', operator)).status).toBe(403);
    expect((await t.call('POST', `${api}/update`, { token: operator, body: { id, name: 'Y' } })).status).toBe(403);
    expect((await t.call('POST', `${api}/delete`, { token: operator, body: [id] })).status).toBe(403);
    // Operators read the plans and what is due.
    expect((await t.call('POST', `${api}/list`, { token: operator, body: { page: 1, limit: 10 } })).status).toBe(200);
    expect((await t.call('GET', `${api}/due?projectId=${projectId}`, { token: operator })).status).toBe(200);
    const nobody = await t.userWith(['fall-order#list']);
    expect((await t.call('POST', `${api}/list`, { token: nobody.token, body: { page: 1, limit: 10 } })).status).toBe(403);
    expect((await t.call('GET', `${api}/due?projectId=${projectId}`, { token: nobody.token })).status).toBe(403);

    const other = await seedProject(t, { name: 'Elsewhere' });
    const menus = (await t.database.query<{ id: number }>('SELECT id FROM sys_menu')).map((m) => m.id);
    const role = await t.call('POST', '/api/sys/role/save', { token: await t.tokenFor('admin'), body: { code: 'pm_scoped', name: 'pm scoped', menuIdList: menus, dataScope: 'projects', projectIdList: [other] } });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const [u] = await t.database.db.insert(sysUser).values({ username: 'pmscoped', passwordHash: await hashPassword('scoped-pw') }).returning({ id: sysUser.id });
    await t.database.db.insert(sysUserRole).values({ userId: u.id, roleId: role.body.data.id });
    const scoped = await t.tokenFor('pmscoped');
    const listed = await t.call('POST', `${api}/list`, { token: scoped, body: { page: 1, limit: 50 } });
    expect(listed.body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await t.call('GET', `${api}/info/${id}`, { token: scoped })).status).toBe(404);
    expect((await t.call('GET', `${api}/due?projectId=${projectId}`, { token: scoped })).status).toBe(404);
    expect((await save({ projectId, name: 'X', target: 'unit', equipmentId: pump, calendar }, 'en', scoped)).status).toBe(403);
    expect((await t.call('POST', `${api}/update`, { token: scoped, body: { id, name: 'Y' } })).status).toBe(403);
  });

  it('calendar from completion: opens its order the lead ahead, once, carrying the checklist; the next counts from the completed day', async () => {
    const id = await plan({ calendar, leadDays: 3, checklistId: template, priority: 'high' });
    // Due 2026-03-02, lead 3: opens on 02-27 (Shanghai), not the day before.
    expect(await sweepPlans(t.database.db, on('2026-02-26'))).toEqual([]);
    const [first] = await due(on('2026-02-26'));
    expect(first).toMatchObject({ planId: id, equipmentId: pump, dueDate: '2026-03-02', opensOn: '2026-02-27', openOrderId: null });
    // 02-27 01:00 in Shanghai is still the 26th in UTC: the project's own day counts.
    const opened = await sweepPlans(t.database.db, new Date('2026-02-26T17:30:00Z'));
    expect(opened).toHaveLength(1);
    expect(await sweepPlans(t.database.db, on('2026-02-28'))).toEqual([]);
    const orders = await ordersOf(id);
    expect(orders).toEqual([expect.objectContaining({ id: opened[0], due: '2026-03-02', equipmentId: pump, source: 'preventive', status: 'submitted', checklistId: template, priority: 'high', name: '水泵保养 · 2026-03-02' })]);
    // While it is open, nothing is due: the next counts from its completion.
    expect((await due(on('2026-02-28')))[0]).toMatchObject({ dueDate: null, waiting: 'awaiting', openOrderId: opened[0] });
    await complete(opened[0], new Date('2026-03-05T02:00:00Z'));
    expect((await due(on('2026-03-06')))[0]).toMatchObject({ dueDate: '2026-03-19', opensOn: '2026-03-16', openOrderId: null, waiting: null });
    expect(await sweepPlans(t.database.db, on('2026-03-15'))).toEqual([]);
    expect(await sweepPlans(t.database.db, on('2026-03-16'))).toHaveLength(1);
    expect((await ordersOf(id)).map((o) => o.due)).toEqual(['2026-03-02', '2026-03-19']);
  });

  it('calendar on a fixed schedule: every month from the 31st, the next opening whatever the last did, missed dates skipped to the latest', async () => {
    const id = await plan({ calendar: { unit: 'month', every: 1, startDate: '2026-01-31', from: 'schedule' } });
    expect(await sweepPlans(t.database.db, on('2026-01-30'))).toEqual([]);
    expect(await sweepPlans(t.database.db, on('2026-01-31'))).toHaveLength(1);
    // The January order is still open: a fixed schedule opens February's all the same (the 28th: no 31st).
    expect((await due(on('2026-02-01')))[0]).toMatchObject({ dueDate: '2026-02-28' });
    expect(await sweepPlans(t.database.db, on('2026-02-28'))).toHaveLength(1);
    // Nobody swept in March or April: May 10 opens April 30's, not March 31's, and only it.
    expect(await sweepPlans(t.database.db, on('2026-05-10'))).toHaveLength(1);
    expect(await sweepPlans(t.database.db, on('2026-05-10'))).toEqual([]);
    expect((await ordersOf(id)).map((o) => o.due)).toEqual(['2026-01-31', '2026-02-28', '2026-04-30']);
    expect((await due(on('2026-05-10')))[0]).toMatchObject({ dueDate: '2026-05-31' });
  });

  it('every N weeks on a weekday, from completion', async () => {
    // Every 2 weeks on Friday (5), from Monday 2026-03-02: the first is Friday 03-06.
    const id = await plan({ calendar: { unit: 'weekday', every: 2, weekday: 5, startDate: '2026-03-02', from: 'completion' } });
    expect((await due(on('2026-03-01')))[0]).toMatchObject({ dueDate: '2026-03-06' });
    const [o] = await sweepPlans(t.database.db, on('2026-03-06'));
    // Completed on Tuesday 03-10: the first Friday after one week and a day is 03-20.
    await complete(o, new Date('2026-03-10T03:00:00Z'));
    expect((await due(on('2026-03-11')))[0]).toMatchObject({ dueDate: '2026-03-20' });
    expect((await ordersOf(id)).map((x) => x.due)).toEqual(['2026-03-06']);
  });

  it('a device-model plan opens one order per live unit of the model; a project plan one for the project', async () => {
    const [model] = await t.database.db.insert(fallDevice).values({ name: '喷泉泵', nameEn: 'Fountain pump' }).returning({ id: fallDevice.id });
    const units = await t.database.db
      .insert(fallEqInfo)
      .values([{ name: 'P-A', projectId, deviceId: model.id }, { name: 'P-B', projectId, deviceId: model.id }, { name: 'P-gone', projectId, deviceId: model.id, archivedAt: new Date() }])
      .returning({ id: fallEqInfo.id });
    const byModel = await plan({ target: 'model', equipmentId: null, deviceId: model.id, calendar: { unit: 'day', every: 10, startDate: '2026-06-01', from: 'schedule' } });
    const byProject = await plan({ target: 'project', equipmentId: null, calendar: { unit: 'day', every: 10, startDate: '2026-06-01', from: 'schedule' } });
    expect(await sweepPlans(t.database.db, on('2026-06-01'))).toHaveLength(3);
    expect((await ordersOf(byModel)).map((o) => o.equipmentId).sort()).toEqual([units[0].id, units[1].id].sort());
    expect((await ordersOf(byProject)).map((o) => o.equipmentId)).toEqual([null]);
    expect((await due(on('2026-06-02'))).filter((r) => r.planId === byModel).map((r) => [r.equipmentId, r.dueDate])).toEqual([[units[0].id, '2026-06-11'], [units[1].id, '2026-06-11']]);
  });

  it('a meter counts run-hours and starts from the readings, opens its order once the limit is passed, and starts again', async () => {
    const hours = await plan({ meter: { kind: 'hours', detectId: board, ch: 2, signal: 'analog', runAbove: 5, limit: 1.95 } });
    const starts = await plan({ meter: { kind: 'starts', detectId: board, ch: 1, signal: 'switch', limit: 3 } });
    const t0 = Date.now() + MIN;
    const reading = (at: number, s1: number, a2: number) =>
      t.database.query('INSERT INTO detect_reading (detect_id, at, switches, analogs, source) VALUES ($1, $2, $3, $4, $5)', [board, new Date(at).toISOString(), `{${s1},0,0,0,0,0,0,0,0}`, `{0,${a2},0,0,0,0,0,0,0}`, 'http']);
    // CH2's current above 5 A for 1 h 50 min, readings every 5 minutes; CH1 switched on twice.
    for (let m = 0; m <= 110; m += 5) await reading(t0 + m * MIN, m >= 20 && m < 40 ? 1 : m >= 60 && m < 70 ? 1 : 0, 8);
    expect(await sweepPlans(t.database.db, new Date(t0 + 115 * MIN))).toEqual([]);
    expect((await due(new Date())).find((r) => r.planId === hours)).toMatchObject({ dueDate: null, meterValue: 1.83 });
    expect((await due(new Date())).find((r) => r.planId === starts)).toMatchObject({ meterValue: 2 });
    // A silence of three hours while running counts METER_GAP_MAX_MS, not three hours; then the limit (1.95 h) passes.
    await reading(t0 + 110 * MIN + 3 * HOUR, 1, 8);
    const limitAt = t0 + 110 * MIN + 3 * HOUR;
    // The sweep runs every PLAN_SWEEP_SECONDS: the order opens within that of the limit, well within the hour.
    expect(PLAN_SWEEP_SECONDS * 1000).toBeLessThanOrEqual(HOUR);
    const opened = await sweepPlans(t.database.db, new Date(limitAt + PLAN_SWEEP_SECONDS * 1000));
    expect(opened).toHaveLength(2);
    const [h] = await ordersOf(hours);
    expect(h).toMatchObject({ due: '#1', equipmentId: pump, source: 'preventive' });
    expect((await ordersOf(starts)).map((o) => o.due)).toEqual(['#1']);
    // Counted again from 0; the same readings are never counted twice.
    expect(await sweepPlans(t.database.db, new Date(limitAt + 2 * PLAN_SWEEP_SECONDS * 1000))).toEqual([]);
    expect((await due(new Date())).find((r) => r.planId === hours)).toMatchObject({ meterValue: 0 });
    for (let m = 5; m <= 125; m += 5) await reading(limitAt + m * MIN, 1, 8);
    expect(await sweepPlans(t.database.db, new Date(limitAt + 130 * MIN))).toHaveLength(1);
    expect((await ordersOf(hours)).map((o) => o.due)).toEqual(['#1', '#2']);
  });

  it('season: winterisation N days before the closed season begins, spring start-up N days before it ends, each by its lead', async () => {
    await t.database.db.insert(fallCalendarEntry).values({ projectId, kind: 'season', name: 'Winterised', dateFrom: '2026-12-01', dateTo: '2027-02-28' });
    const winter = await plan({ target: 'project', equipmentId: null, leadDays: 7, season: { when: 'end', days: 14 } });
    const spring = await plan({ target: 'project', equipmentId: null, leadDays: 0, season: { when: 'start', days: 10 } });
    const rows = await due(on('2026-11-01'));
    expect(rows.map((r) => [r.planId, r.dueDate, r.opensOn])).toEqual([[winter, '2026-11-17', '2026-11-10'], [spring, '2027-02-19', '2027-02-19']]);
    expect(await sweepPlans(t.database.db, on('2026-11-09'))).toEqual([]);
    expect(await sweepPlans(t.database.db, on('2026-11-10'))).toHaveLength(1);
    expect(await sweepPlans(t.database.db, on('2026-11-20'))).toEqual([]);
    expect((await ordersOf(winter)).map((o) => [o.due, o.equipmentId])).toEqual([['2026-11-17', null]]);
    expect(await sweepPlans(t.database.db, on('2027-02-19'))).toHaveLength(1);
    expect((await ordersOf(spring)).map((o) => o.due)).toEqual(['2027-02-19']);
    // No season ahead: nothing due, and said so.
    expect((await due(on('2027-02-20'))).find((r) => r.planId === winter)).toMatchObject({ dueDate: null, waiting: 'none' });
  });

  it('two sweeps at once open exactly one order for a due date (two connections on PostgreSQL)', async () => {
    const id = await plan({ calendar: { unit: 'day', every: 7, startDate: '2026-08-01', from: 'schedule' } });
    const url = process.env.TEST_DATABASE_URL;
    let second = t.database;
    if (url) {
      const [{ name }] = await t.database.query<{ name: string }>('SELECT current_database() AS name');
      const u = new URL(url);
      u.pathname = `/${name}`;
      second = await openPostgres(u.toString(), 2);
    }
    try {
      for (let round = 0; round < 5; round += 1) {
        const at = on(`2026-08-${String(1 + round * 7).padStart(2, '0')}`);
        const [a, b] = await Promise.all([sweepPlans(t.database.db, at), sweepPlans(second.db, at)]);
        expect(a.length + b.length, `round ${round}`).toBe(1);
      }
    } finally {
      if (second !== t.database) await second.close();
    }
    expect((await ordersOf(id)).map((o) => o.due)).toEqual(['2026-08-01', '2026-08-08', '2026-08-15', '2026-08-22', '2026-08-29']);
    // The unique key itself refuses a second occurrence of a due date.
    const [occ] = await t.database.db.select().from(fallPmOccurrence).where(eq(fallPmOccurrence.planId, id)).limit(1);
    await expect(t.database.db.insert(fallPmOccurrence).values({ planId: id, unitKey: occ.unitKey, due: occ.due, dueDate: occ.dueDate })).rejects.toThrow();
  });

  it('two sweeps at once count a meter once and open its order once (two connections on PostgreSQL)', async () => {
    // CH3, which the earlier meter test's readings leave at 0 (not running).
    const hours = await plan({ meter: { kind: 'hours', detectId: board, ch: 3, signal: 'analog', runAbove: 5, limit: 1 } });
    const url = process.env.TEST_DATABASE_URL;
    let second = t.database;
    if (url) {
      const [{ name }] = await t.database.query<{ name: string }>('SELECT current_database() AS name');
      const u = new URL(url);
      u.pathname = `/${name}`;
      second = await openPostgres(u.toString(), 2);
    }
    // Running for 2 h 30 min, a reading every 7.5 minutes (an eighth of an hour, exact in binary), after
    // the earlier meter test's readings: the limit of 1 h is passed twice on the way.
    const t0 = Date.now() + 12 * HOUR;
    for (let m = 0; m <= 150; m += 7.5) {
      await t.database.query('INSERT INTO detect_reading (detect_id, at, switches, analogs, source) VALUES ($1, $2, $3, $4, $5)', [board, new Date(t0 + m * MIN).toISOString(), '{0,0,0,0,0,0,0,0,0}', '{0,0,8,0,0,0,0,0,0}', 'http']);
    }
    try {
      const at = new Date(t0 + 155 * MIN);
      const [a, b] = await Promise.all([sweepPlans(t.database.db, at), sweepPlans(second.db, at)]);
      expect(a.length + b.length).toBe(2);
      // Swept again at once on both: the readings are counted already.
      const [c, d] = await Promise.all([sweepPlans(t.database.db, at), sweepPlans(second.db, at)]);
      expect(c.length + d.length).toBe(0);
    } finally {
      if (second !== t.database) await second.close();
    }
    expect((await ordersOf(hours)).map((o) => o.due)).toEqual(['#1', '#2']);
    // 2.5 h counted once: two cycles of 1 h and half an hour toward the third.
    expect((await due(new Date(t0 + 155 * MIN))).find((r) => r.planId === hours)).toMatchObject({ meterValue: 0.5 });
  });

  it('the device jobs run the sweep by themselves: a meter past its limit opens its order with nobody calling it', async () => {
    // Starts on CH4, which no other test's readings switch on: one start reaches the limit of 1.
    const starts = await plan({ meter: { kind: 'starts', detectId: board, ch: 4, signal: 'switch', limit: 1 } });
    await t.database.query('INSERT INTO detect_reading (detect_id, at, switches, analogs, source) VALUES ($1, $2, $3, $4, $5)', [board, new Date().toISOString(), '{0,0,0,1,0,0,0,0,0}', '{0,0,0,0,0,0,0,0,0}', 'http']);
    // The plan sweep every second here (PLAN_SWEEP_SECONDS in production, asserted within the hour above); the other jobs out of the way.
    const quiet = 3600;
    const stop = startDeviceJobs(t.app, { planEverySeconds: 1, pollEverySeconds: quiet, offlineEverySeconds: quiet, missingEverySeconds: quiet, conditionEverySeconds: quiet, escalateEverySeconds: quiet, suppressionEverySeconds: quiet, confirmEverySeconds: quiet, assignmentEverySeconds: quiet });
    try {
      const [order] = await until(async () => {
        const rows = await ordersOf(starts);
        return rows.length ? rows : undefined;
      }, 60_000, "the meter plan's order");
      expect(order).toMatchObject({ due: '#1', equipmentId: pump, source: 'preventive' });
    } finally {
      stop();
    }
  });

  it('deleting archives a plan that has opened orders and deletes one that has not', async () => {
    const used = await plan({ calendar: { unit: 'day', every: 1, startDate: '2026-09-01', from: 'schedule' } });
    const unused = await plan({ calendar: { unit: 'day', every: 1, startDate: '2027-09-01', from: 'schedule' } });
    await sweepPlans(t.database.db, on('2026-09-01'));
    const list = await t.call('POST', `${api}/list`, { token: manager, body: { page: 1, limit: 50, projectId } });
    expect(list.body.data.list.find((r: { id: number }) => r.id === used)).toMatchObject({ orders: 1, trigger: 'calendar', equipmentName: 'Jet pump 1', projectName: 'Plan lake' });
    const res = await t.call('POST', `${api}/delete`, { token: manager, body: [used, unused] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await t.database.db.select({ id: fallPmPlan.id, archivedAt: fallPmPlan.archivedAt }).from(fallPmPlan).where(eq(fallPmPlan.projectId, projectId));
    expect(rows.find((r) => r.id === used)?.archivedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === unused)).toBeUndefined();
    expect(await ordersOf(used)).toHaveLength(1);
    // Archived, it opens nothing more.
    expect(await sweepPlans(t.database.db, on('2026-09-05'))).toEqual([]);
  });
});
