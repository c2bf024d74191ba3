import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { seedDemo } from '../../db/seed/demo';
import { WARNING_LEVELS } from '@shared/contracts/warning';
import type { RepairTotals, StatReport } from '@shared/contracts/stats-report';

type Filters = { projectId?: number; area?: string; country?: string; category?: string };
const REPAIR_METRICS = ['submitted', 'completed', 'firstTimeFix', 'withEquipment', 'repeat30d', 'onTime'] as const;

/**
 * Every figure of a report against the list its drill-down opens: the list's total must be the
 * figure (orders, warnings, equipment), for the range, each period, the previous range, each level,
 * each board and each category. Returns how many figures were checked (so a test cannot pass on none).
 */
async function checkDrillDowns(t: TestApp, token: string, report: StatReport, filters: Filters): Promise<number> {
  let checked = 0;
  const total = async (api: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', `/api/${api}/list`, { token, body: { ...filters, ...body, page: 1, limit: 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.data.totalExact !== undefined) expect(res.body.data.totalExact).toBe(true);
    return res.body.data.total as number;
  };
  const repair = async (r: RepairTotals, from: string, to: string) => {
    for (const m of REPAIR_METRICS) {
      expect(await total('ball/fallorder', { statMetric: m, statFrom: from, statTo: to }), `${m} ${from}..${to}`).toBe(r[m]);
      checked++;
    }
    // The complement of on time: the late ones, so on time + late = completed.
    expect(await total('ball/fallorder', { statMetric: 'late', statFrom: from, statTo: to })).toBe(r.completed - r.onTime);
  };
  await repair(report.repair.totals, report.from, report.to);
  await repair(report.repair.previousTotals, report.previous.from, report.previous.to);
  for (const p of report.repair.periods) if (p.submitted || p.completed) await repair(p, p.from, p.to);

  expect(await total('ball/fallwarning', { statFrom: report.from, statTo: report.to })).toBe(report.warnings.total);
  checked++;
  for (const l of WARNING_LEVELS) {
    expect(await total('ball/fallwarning', { statFrom: report.from, statTo: report.to, level: l }), l).toBe(report.warnings.byLevel[l]);
    expect(await total('ball/fallwarning', { statFrom: report.previous.from, statTo: report.previous.to, level: l })).toBe(report.warnings.previous.byLevel[l]);
    checked += 2;
    for (const p of report.warnings.periods) {
      if (!p.byLevel[l]) continue;
      expect(await total('ball/fallwarning', { statFrom: p.from, statTo: p.to, level: l })).toBe(p.byLevel[l]);
      checked++;
    }
  }
  for (const b of report.warnings.boards) {
    expect(await total('ball/fallwarning', { statFrom: report.from, statTo: report.to, detectId: b.detectId })).toBe(b.count);
    checked++;
  }

  const e = report.equipment;
  expect(await total('ball/falleqinfo', {})).toBe(e.total);
  expect(await total('ball/falleqinfo', { state: 'broken' })).toBe(e.broken);
  expect(await total('ball/falleqinfo', { state: 'offline' })).toBe(e.offline);
  expect(await total('ball/falleqinfo', { availability: 'up' })).toBe(e.available);
  expect(await total('ball/falleqinfo', { availability: 'down' })).toBe(e.broken + e.offline);
  checked += 5;
  for (const c of e.byCategory) {
    if (filters.category && filters.category !== c.category) continue;
    expect(await total('ball/falleqinfo', { category: c.category }), c.category).toBe(c.total);
    expect(await total('ball/falleqinfo', { category: c.category, state: 'broken' })).toBe(c.broken);
    expect(await total('ball/falleqinfo', { category: c.category, availability: 'up' })).toBe(c.available);
    checked += 3;
  }
  return checked;
}

describe('statistics screen: figures by hand', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};

  async function insert(sql: string, params: unknown[]): Promise<number> {
    const [row] = await t.database.query<{ id: number }>(`${sql} RETURNING id`, params);
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    await t.database.exec('DELETE FROM fall_warning; DELETE FROM fall_order; DELETE FROM fall_detect; DELETE FROM fall_eq_info; DELETE FROM fall_device; DELETE FROM fall_project;');
    const project = (name: string, area: string, country: string) =>
      insert("INSERT INTO fall_project(name, name_en, unique_key, area, country, status, water_type, total_area) VALUES ($1, $1, $1, $2, $3, 'A', 'fountain', 1)", [name, area, country]);
    ids.p1 = await project('P1', 'Asia', 'CN');
    ids.p2 = await project('P2', 'Asia', 'JP');
    ids.p3 = await project('P3', 'Europe', 'FR');
    ids.pump = await insert(`INSERT INTO fall_device(name, category) VALUES ('Pump X', 'pump')`, []);
    ids.light = await insert(`INSERT INTO fall_device(name, category) VALUES ('Light Y', 'light')`, []);
    const eq = (name: string, p: number, d: number | null, state: string) =>
      insert('INSERT INTO fall_eq_info(name, project_id, device_id, state) VALUES ($1, $2, $3, $4)', [name, p, d, state]);
    ids.e1 = await eq('E1', ids.p1, ids.pump, 'normal');
    ids.e2 = await eq('E2', ids.p1, ids.pump, 'broken');
    ids.e3 = await eq('E3', ids.p2, ids.light, 'broken');
    ids.e4 = await eq('E4', ids.p2, ids.light, 'offline');
    ids.e5 = await eq('E5', ids.p3, null, 'maintenance');
    const order = (n: string, p: number, e: number | null, priority: string, at: string, done: string | null, reports: number) =>
      insert(
        `INSERT INTO fall_order(number, name, project_id, equipment_id, priority, submitted_at, completed_at, status, report_count)
         VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8)`,
        [n, p, e, priority, at, done, done ? 'completed' : 'repairing', reports],
      );
    // March 2024 (4 weeks from Monday 4 March): O1 10 h normal on time, one report, repeated by O4;
    // O2 48 h high (SLA 24: late), two reports; O3 4 h urgent on time; O5 without a unit, 20 h low.
    // February: O0 2 h normal (the previous period).
    await order('O0', ids.p3, null, 'normal', '2024-02-10T00:00:00Z', '2024-02-10T02:00:00Z', 1);
    await order('O1', ids.p1, ids.e1, 'normal', '2024-03-04T00:00:00Z', '2024-03-04T10:00:00Z', 1);
    await order('O2', ids.p1, ids.e2, 'high', '2024-03-05T12:00:00Z', '2024-03-07T12:00:00Z', 2);
    await order('O3', ids.p2, ids.e3, 'urgent', '2024-03-12T00:00:00Z', '2024-03-12T04:00:00Z', 1);
    await order('O4', ids.p1, ids.e1, 'normal', '2024-03-20T00:00:00Z', null, 0);
    await order('O5', ids.p3, null, 'low', '2024-03-25T00:00:00Z', '2024-03-25T20:00:00Z', 1);
    ids.b1 = await insert(`INSERT INTO fall_detect(project_id, board_name, board_name_en, board_no) VALUES ($1, '板1', 'Board 1', 'B1')`, [ids.p1]);
    ids.b2 = await insert(`INSERT INTO fall_detect(project_id, board_name, board_name_en, board_no) VALUES ($1, '板2', 'Board 2', 'B2')`, [ids.p2]);
    let channel = 0;
    const warn = (p: number, b: number, e: number | null, level: string, at: string) =>
      insert(`INSERT INTO fall_warning(project_id, detect_id, equipment_id, level, at, info, channel) VALUES ($1, $2, $3, $4, $5, 'x', $6)`, [p, b, e, level, at, ++channel]);
    await warn(ids.p1, ids.b1, ids.e2, 'critical', '2024-03-05T01:00:00Z');
    await warn(ids.p1, ids.b1, ids.e1, 'warning', '2024-03-06T01:00:00Z');
    await warn(ids.p2, ids.b2, ids.e3, 'critical', '2024-03-31T23:59:59.999Z');
    await warn(ids.p2, ids.b2, null, 'info', '2024-04-01T00:00:00Z'); // the day after the range
    await warn(ids.p1, ids.b1, ids.e1, 'warning', '2024-02-20T00:00:00Z'); // previous period
  });
  afterAll(() => t.close());

  const report = async (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/ball/stats/figures', { token, body });
  const MARCH = { from: '2024-03-01', to: '2024-03-31', granularity: 'week' };

  it('counts repair speed and quality, warnings and equipment over the range, with the previous period', async () => {
    const res = await report(MARCH);
    expect(res.status).toBe(200);
    const r = res.body.data as StatReport;
    expect(r.previous).toEqual({ from: '2024-01-30', to: '2024-02-29' }); // 31 days, as March
    expect(r.repair.totals).toEqual({
      submitted: 5, completed: 4, avgHours: 20.5, medianHours: 15, p90Hours: 39.6,
      firstTimeFix: 3, withEquipment: 3, repeat30d: 1, onTime: 3,
      firstTimeFixRate: 0.75, repeatRate30d: 0.3333, onTimeRate: 0.75,
    });
    expect(r.repair.previousTotals).toMatchObject({ submitted: 1, completed: 1, avgHours: 2, onTime: 1 });
    // Weeks from the Monday of 1 March (26 Feb), each clipped to the range for its drill-down.
    expect(r.repair.periods.map((p) => [p.period, p.from, p.to, p.submitted, p.completed])).toEqual([
      ['2024-02-26', '2024-03-01', '2024-03-03', 0, 0],
      ['2024-03-04', '2024-03-04', '2024-03-10', 2, 2],
      ['2024-03-11', '2024-03-11', '2024-03-17', 1, 1],
      ['2024-03-18', '2024-03-18', '2024-03-24', 1, 0],
      ['2024-03-25', '2024-03-25', '2024-03-31', 1, 1],
    ]);
    expect(r.warnings.total).toBe(3);
    expect(r.warnings.byLevel).toEqual({ info: 0, warning: 1, critical: 2 });
    expect(r.warnings.previous.total).toBe(1);
    expect(r.warnings.boards.map((b) => [b.nameEn, b.count])).toEqual([['Board 1', 2], ['Board 2', 1]]);
    expect(r.equipment).toMatchObject({ total: 5, broken: 2, offline: 1, available: 2, availability: 0.4 });
    expect(r.equipment.byCategory).toEqual([
      { category: 'pump', total: 2, broken: 1, offline: 0, available: 1 },
      { category: 'light', total: 2, broken: 1, offline: 1, available: 0 },
      { category: 'other', total: 1, broken: 0, offline: 0, available: 1 },
    ]);
    expect(await checkDrillDowns(t, admin, r, {})).toBeGreaterThan(40);
  });

  it('narrows every figure by area, country, project and category, and each drills down to its rows', async () => {
    const asia = (await report({ ...MARCH, area: 'Asia' })).body.data as StatReport;
    expect(asia.repair.totals).toMatchObject({ submitted: 4, completed: 3 });
    expect(asia.equipment.total).toBe(4);
    await checkDrillDowns(t, admin, asia, { area: 'Asia' });
    const jp = (await report({ ...MARCH, country: 'JP' })).body.data as StatReport;
    expect(jp.repair.totals).toMatchObject({ submitted: 1, completed: 1, onTime: 1 });
    expect(jp.warnings.total).toBe(1);
    await checkDrillDowns(t, admin, jp, { country: 'JP' });
    const pumps = (await report({ ...MARCH, category: 'pump' })).body.data as StatReport;
    expect(pumps.repair.totals).toMatchObject({ submitted: 3, completed: 2, firstTimeFix: 1, repeat30d: 1 });
    expect(pumps.warnings.byLevel).toEqual({ info: 0, warning: 1, critical: 1 });
    expect(pumps.equipment.byCategory.map((c) => c.category)).toEqual(['pump']);
    await checkDrillDowns(t, admin, pumps, { category: 'pump' });
    const other = (await report({ ...MARCH, category: 'other' })).body.data as StatReport;
    expect(other.equipment.total).toBe(1);
    await checkDrillDowns(t, admin, other, { category: 'other' });
    const p1 = (await report({ ...MARCH, projectId: ids.p1, granularity: 'day' })).body.data as StatReport;
    expect(p1.repair.periods).toHaveLength(31);
    await checkDrillDowns(t, admin, p1, { projectId: ids.p1 });
  });

  it('refuses a span too long for its granularity, and other bad queries, with a message in the caller’s language', async () => {
    const long = await t.call('POST', '/api/ball/stats/figures', { token: admin, body: { from: '2020-01-01', to: '2024-01-01', granularity: 'day' }, lang: 'zh-CN' });
    expect(long.status).toBe(400);
    expect(long.body.data.fields.from).toBe('时间跨度过长，请缩短范围或选择更粗的粒度');
    const en = await report({ from: '2020-01-01', to: '2024-01-01', granularity: 'day' });
    expect(en.body.data.fields.from).toMatch(/too long/);
    expect((await report({ from: '2024-03-31', to: '2024-03-01', granularity: 'day' })).status).toBe(400);
    expect((await report({ from: '2024-02-30', to: '2024-03-01', granularity: 'day' })).status).toBe(400);
    expect((await report({ ...MARCH, granularity: 'year' })).status).toBe(400);
    expect((await report({ ...MARCH, projectId: 'x' })).status).toBe(400);
    const list = await t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { statMetric: 'nope', page: 1, limit: 10 } });
    expect(list.status).toBe(400);
  });

  it('needs its own permission', async () => {
    const none = await t.userWith(['fall-order#list']);
    expect((await report(MARCH, none.token)).status).toBe(403);
    const reader = await t.userWith(['fall-stats#list']);
    expect((await report(MARCH, reader.token)).status).toBe(200);
    expect((await t.call('POST', '/api/ball/stats/export', { token: reader.token, body: MARCH })).status).toBe(403);
    expect((await t.call('POST', '/api/ball/stats/figures', { body: MARCH })).status).toBe(401);
  });

  it('exports the view as xlsx: one sheet per chart, then the orders behind the figures', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ball/stats/export', headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' }, payload: MARCH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Orders submitted, completed', 'Repair time', 'Repair quality', 'Warnings by level', 'Boards with most warnings', 'Equipment by category',
      'Orders by source', 'Faults predicted', 'Order rows', 'Warning rows', 'Broken and offline units', 'Reliability by unit', 'Reliability by model', 'Reliability by project',
      'Parts cost by order', 'Parts cost by unit', 'Parts cost by month', 'Parts issued',
    ]);
    const [orders, speed, quality, warnings, boards, equipment, bySource, predicted, orderRows, warningRows, units] = book.worksheets;
    // Header, five weeks, the range and the previous range.
    expect(orders.rowCount).toBe(8);
    expect(orders.getRow(7).values).toEqual([undefined, 'All (this period)', '2024-03-01', '2024-03-31', 5, 4]);
    expect(speed.getRow(7).getCell(5).value).toBe(20.5);
    expect(quality.getRow(7).getCell(6).value).toBe(0.75);
    expect(warnings.getRow(7).values).toEqual([undefined, 'All (this period)', '2024-03-01', '2024-03-31', 0, 1, 2, 3]);
    expect(boards.getRow(2).values).toEqual([undefined, 'Board 1', 'P1', 2]);
    expect(equipment.getRow(2).getCell(1).value).toBe('Pump');
    // The repair totals split by source add up to the range's totals (5 submitted, 4 completed); the faults predicted as the screen shows them.
    const sources = bySource.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(sources.map((r) => r[0])).toEqual(['Manual', 'From a warning', 'Preventive', 'From a checklist']);
    expect([sources.reduce((n, r) => n + Number(r[1]), 0), sources.reduce((n, r) => n + Number(r[2]), 0)]).toEqual([5, 4]);
    expect(predicted.getRow(1).values).toEqual([undefined, 'Period', 'First day', 'Last day', 'Channel faults', 'With a preventive order before', 'Predicted rate']);
    expect(predicted.getRow(2).getCell(4).value).toBe((await report(MARCH)).body.data.predicted.faults);
    // The rows behind: the orders submitted or completed in March (O1 … O5), its three warnings, the three units down.
    expect(orderRows.rowCount).toBe(6);
    expect(orderRows.getRow(2).getCell(1).value).toBe('O1');
    expect(warningRows.rowCount).toBe(4);
    expect(warningRows.getRow(2).getCell(2).value).toBe('Critical');
    expect(units.rowCount).toBe(4);
    const cn = await t.app.inject({ method: 'POST', url: '/api/ball/stats/export', headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-CN' }, payload: MARCH });
    const bookCn = new ExcelJS.Workbook();
    await bookCn.xlsx.load(cn.rawPayload as unknown as ArrayBuffer);
    expect(bookCn.worksheets[0].name).toBe('工单提交与完成');
    expect(bookCn.worksheets[5].getRow(2).getCell(1).value).toBe('水泵');
    expect(bookCn.worksheets[6].getRow(2).getCell(1).value).toBe('人工提交');
  });

  it('writes labels, not codes, in the caller’s language: priority, status, result, and units by their English name', async () => {
    await t.database.query(`UPDATE fall_eq_info SET name = '二号泵', name_en = 'Pump two' WHERE id = $1`, [ids.e2]);
    const rows = async (lang: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/ball/stats/export', headers: { authorization: `Bearer ${admin}`, 'accept-language': lang }, payload: MARCH });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = (n: number) => book.worksheets[n].getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
      return { orders: sheet(8), warnings: sheet(9), units: sheet(10) };
    };
    try {
      const en = await rows('en');
      // number, name, project, priority, status, …
      expect(en.orders.map((r) => [r[0], r[3], r[4]])).toEqual([
        ['O1', 'Normal', 'Completed'], ['O2', 'High', 'Completed'], ['O3', 'Urgent', 'Completed'], ['O4', 'Normal', 'Repairing'], ['O5', 'Low', 'Completed'],
      ]);
      // at, level, info, board, project, unit, result: all three open.
      expect(en.warnings.map((r) => [r[1], r[3], r[5], r[6]])).toEqual([
        ['Critical', 'Board 1', 'Pump two', 'Open'], ['Warning', 'Board 1', 'E1', 'Open'], ['Critical', 'Board 2', 'E3', 'Open'],
      ]);
      expect(en.units.map((r) => [r[0], r[2], r[3]])).toContainEqual(['Pump two', 'Pump', 'Broken']);
      const cn = await rows('zh-CN');
      expect(cn.orders.map((r) => [r[0], r[3], r[4]])).toEqual([
        ['O1', '中', '已完成'], ['O2', '高', '已完成'], ['O3', '紧急', '已完成'], ['O4', '中', '维修中'], ['O5', '低', '已完成'],
      ]);
      expect(cn.warnings.map((r) => [r[1], r[3], r[5], r[6]])).toEqual([
        ['严重', '板1', '二号泵', '未处理'], ['警告', '板1', 'E1', '未处理'], ['严重', '板2', 'E3', '未处理'],
      ]);
      expect(cn.units.map((r) => [r[0], r[2], r[3]])).toContainEqual(['二号泵', '水泵', '故障']);
    } finally {
      await t.database.query(`UPDATE fall_eq_info SET name = 'E2', name_en = '' WHERE id = $1`, [ids.e2]);
    }
  });
});

describe('statistics screen: drill-down totals on the demo data', () => {
  let t: TestApp;
  let admin: string;
  let filesDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    filesDir = await mkdtemp(path.join(tmpdir(), 'cascade-stats-'));
    await seedDemo(t.database, { filesDir, plans: 1 });
  }, 600_000);
  afterAll(async () => {
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('every figure of the last 90 days (by week) equals the total of the list it opens, unfiltered and filtered', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.call('POST', '/api/ball/stats/figures', { token: admin, body: { from, to, granularity: 'week' } });
    expect(res.status).toBe(200);
    const r = res.body.data as StatReport;
    // The demo has orders, warnings and broken units: the checks below compare non-zero figures.
    expect(r.repair.totals.completed).toBeGreaterThan(0);
    expect(r.warnings.total).toBeGreaterThan(0);
    expect(r.equipment.broken).toBeGreaterThan(0);
    expect(await checkDrillDowns(t, admin, r, {})).toBeGreaterThan(60);
    const [{ area, country }] = await t.database.query<{ area: string; country: string }>(
      'SELECT area, country FROM fall_project GROUP BY area, country ORDER BY count(*) DESC LIMIT 1',
    );
    for (const filters of [{ area }, { country }, { category: 'pump' }] as Filters[]) {
      const narrowed = (await t.call('POST', '/api/ball/stats/figures', { token: admin, body: { from, to, granularity: 'month', ...filters } })).body.data as StatReport;
      await checkDrillDowns(t, admin, narrowed, filters);
    }
  }, 600_000);
});
