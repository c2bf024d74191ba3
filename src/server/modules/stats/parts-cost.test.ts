import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { PartsCost, PartsCostMove } from '@shared/contracts/parts-cost';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { prng } from '../../db/seed/site-plan';
import { fallStockMove, sysUser, sysUserRole } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { monthsOf } from './parts-cost.repository';

const FROM = '2026-01-15';
const TO = '2026-04-10';

/**
 * Parts cost in the statistics (docs/maintenance.md "Parts and stock"): random issue moves on two
 * projects, across the range's edges and a change of price, recomputed here in plain TypeScript from
 * the move rows (cents, UTC months) — 0 mismatches — and the drill-down rows adding up to each figure.
 */
describe('fall/stats parts cost', () => {
  let t: TestApp;
  let admin: string;
  let pA: number;
  let pB: number;
  const units: { id: number; projectId: number }[] = [];
  const orders: { id: number; projectId: number; equipmentId: number | null }[] = [];
  const parts: { id: number; projectId: number; storeId: number }[] = [];
  const q = `from=${FROM}&to=${TO}`;
  const get = (path: string, token = admin) => t.call('GET', `/api/ball/stats/${path}`, { token });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    pA = await seedProject(t, { name: 'Parts A' });
    pB = await seedProject(t, { name: 'Parts B' });
    const post = (path: string, body: unknown) => t.call('POST', `/api/ball/${path}`, { token: admin, body }).then((r) => r.body.data);
    for (const projectId of [pA, pB]) {
      const store = (await post('fallstore/save', { projectId, name: `Store ${projectId}` })).id as number;
      for (let u = 0; u < 3; u++) {
        const id = await seedEquipment(t, projectId, `Unit ${projectId}-${u}`);
        units.push({ id, projectId });
        parts.push({ id: (await post('fallspare/save', { equipmentId: id, name: `Part ${id}`, unitCost: 10 + u * 7.35 })).id, projectId, storeId: store });
      }
      for (let o = 0; o < 5; o++) {
        const equipmentId = o === 4 ? null : units.filter((u) => u.projectId === projectId)[o % 3].id;
        const id = (await post('fallorder/save', { name: `Order ${o}`, projectId, equipmentId, submittedAt: '2025-12-01T08:00:00Z' })).id as number;
        orders.push({ id, projectId, equipmentId });
      }
    }
    // Two issues through a real report: the route writes them (a receipt first).
    const [part] = parts;
    await post('fallstock/save', { partId: part.id, storeId: part.storeId, kind: 'receipt', quantity: 10 });
    const filed = await t.call('POST', '/api/ball/fallreport/save', { token: admin, body: { orderId: orders[0].id, repairer: 'Z', repairAt: '2026-02-03T10:00:00Z', result: 'not_fixed', parts: [{ partId: part.id, storeId: part.storeId, quantity: 3 }] } });
    expect(filed.status).toBe(200);
    // The price changes: the earlier move keeps its cost.
    await post('fallspare/update', { id: part.id, unitCost: 99.99 });
    await t.call('POST', '/api/ball/fallreport/save', { token: admin, body: { orderId: orders[0].id, repairer: 'Z', repairAt: '2026-02-04T10:00:00Z', result: 'not_fixed', parts: [{ partId: part.id, storeId: part.storeId, quantity: 2 }] } });
    // Many more, straight into the rows, some just outside the range and on its edges.
    const rand = prng(39067);
    const edges = ['2026-01-14T23:59:59.999Z', '2026-01-15T00:00:00.000Z', '2026-04-10T23:59:59.999Z', '2026-04-11T00:00:00.000Z', '2026-01-31T23:59:59.999Z', '2026-02-01T00:00:00.000Z'];
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows: (typeof fallStockMove.$inferInsert)[] = [];
    for (let i = 0; i < 240; i++) {
      const order = orders[Math.floor(rand() * orders.length)];
      const p = parts.filter((x) => x.projectId === order.projectId)[Math.floor(rand() * 3)];
      const at = i < edges.length ? new Date(edges[i]) : new Date(start + Math.floor(rand() * 120 * 86_400_000));
      const cents = 1 + Math.floor(rand() * 500_000);
      const kind = rand() < 0.85 ? 'issue' : rand() < 0.5 ? 'receipt' : 'adjustment';
      const quantity = (1 + Math.floor(rand() * 9)) * (kind === 'receipt' ? 1 : -1);
      rows.push({ partId: p.id, storeId: p.storeId, kind, quantity, unitCost: cents / 100, orderId: kind === 'issue' ? order.id : null, at, by: 'test' });
    }
    await t.database.db.insert(fallStockMove).values(rows);
  });
  afterAll(() => t.close());

  /** The figures worked out here from the rows: cents = −quantity × unit cost in cents, issues of the range only. */
  async function recompute(projectIds: number[] | null) {
    const moves = await t.database.query<{ id: number; kind: string; quantity: number; unit_cost: string; order_id: number | null; store_id: number; at: Date | string }>('SELECT id, kind, quantity, unit_cost::text, order_id, store_id, at FROM fall_stock_move');
    const storeProject = new Map(parts.map((p) => [p.storeId, p.projectId]));
    const start = Date.parse(`${FROM}T00:00:00Z`);
    const end = Date.parse(`${TO}T00:00:00Z`) + 86_400_000;
    const counted = moves.filter((m) => {
      const at = new Date(m.at).getTime();
      return m.kind === 'issue' && at >= start && at < end && (!projectIds || projectIds.includes(storeProject.get(m.store_id)!));
    });
    const centsOf = (m: (typeof counted)[number]) => {
      const [whole, frac = ''] = m.unit_cost.split('.');
      return -m.quantity * (Number(whole) * 100 + Number(frac.padEnd(2, '0')));
    };
    const add = (map: Map<string, { cents: number; quantity: number; moves: number; orders: Set<number> }>, key: string, m: (typeof counted)[number]) => {
      const v = map.get(key) ?? { cents: 0, quantity: 0, moves: 0, orders: new Set<number>() };
      v.cents += centsOf(m);
      v.quantity += -m.quantity;
      v.moves += 1;
      if (m.order_id !== null) v.orders.add(m.order_id);
      map.set(key, v);
    };
    const byOrder = new Map<string, { cents: number; quantity: number; moves: number; orders: Set<number> }>();
    const byUnit = new Map<string, { cents: number; quantity: number; moves: number; orders: Set<number> }>();
    const byMonth = new Map<string, { cents: number; quantity: number; moves: number; orders: Set<number> }>();
    const total = new Map<string, { cents: number; quantity: number; moves: number; orders: Set<number> }>();
    for (const m of counted) {
      const order = orders.find((o) => o.id === m.order_id)!;
      add(byOrder, String(order.id), m);
      add(byUnit, `${order.equipmentId ?? 'none'}@${storeProject.get(m.store_id)}`, m);
      add(byMonth, new Date(m.at).toISOString().slice(0, 7), m);
      add(total, 'all', m);
    }
    return { byOrder, byUnit, byMonth, total: total.get('all')!, counted };
  }

  it('counts each order, unit and month exactly as recomputed from the move rows (0 mismatches), with the rows behind each', async () => {
    const res = await get(`parts-cost?${q}`);
    expect(res.status).toBe(200);
    const a = res.body.data as PartsCost;
    const r = await recompute(null);
    const mismatches: string[] = [];
    const cents = (v: number) => Math.round(v * 100);
    const same = (label: string, got: { cost: number; quantity: number; moves: number } | undefined, want: { cents: number; quantity: number; moves: number } | undefined) => {
      if (!got || !want || cents(got.cost) !== want.cents || got.quantity !== want.quantity || got.moves !== want.moves) mismatches.push(`${label}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    };
    expect(r.counted.length).toBeGreaterThan(120);
    expect(a.orders.length).toBe(r.byOrder.size);
    for (const o of a.orders) same(`order ${o.orderId}`, o, r.byOrder.get(String(o.orderId)));
    expect(a.units.length).toBe(r.byUnit.size);
    for (const u of a.units) {
      same(`unit ${u.equipmentId}`, u, r.byUnit.get(`${u.equipmentId ?? 'none'}@${u.projectId}`));
      if (u.orders !== r.byUnit.get(`${u.equipmentId ?? 'none'}@${u.projectId}`)?.orders.size) mismatches.push(`unit ${u.equipmentId} orders`);
    }
    expect(a.months.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    for (const m of a.months) same(`month ${m.month}`, m, r.byMonth.get(m.month) ?? { cents: 0, quantity: 0, moves: 0 });
    same('totals', a.totals, r.total);
    expect(a.totals.orders).toBe(r.total.orders.size);
    expect(mismatches).toEqual([]);

    // The drill-down: each figure's rows add up to it.
    const sum = (rows: PartsCostMove[]) => ({ cost: rows.reduce((n, m) => n + cents(m.cost), 0) / 100, quantity: rows.reduce((n, m) => n - m.quantity, 0), moves: rows.length });
    const drill = async (extra: string) => (await get(`parts-cost/moves?${q}${extra}`)).body.data as PartsCostMove[];
    for (const o of a.orders.slice(0, 4)) expect(sum(await drill(`&orderId=${o.orderId}`))).toEqual({ cost: o.cost, quantity: o.quantity, moves: o.moves });
    for (const u of a.units.filter((x) => x.equipmentId !== null).slice(0, 3)) expect(sum(await drill(`&equipmentId=${u.equipmentId}`))).toEqual({ cost: u.cost, quantity: u.quantity, moves: u.moves });
    for (const m of a.months) expect(sum(await drill(`&month=${m.month}`))).toEqual({ cost: m.cost, quantity: m.quantity, moves: m.moves });
    const all = await drill('');
    expect(sum(all)).toEqual({ cost: a.totals.cost, quantity: a.totals.quantity, moves: a.totals.moves });
    expect(all.every((m) => m.kind === 'issue' && Math.round(m.cost * 100) === Math.round(-m.quantity * m.unitCost * 100))).toBe(true);
    // The report's two issues, each at the price it was issued at.
    const reported = all.filter((m) => m.reportId !== null).map((m) => [m.quantity, m.unitCost]).sort();
    expect(reported).toEqual([[-2, 99.99], [-3, 10]].sort());
  });

  it('narrows to a project and keeps to the caller\'s data scope', async () => {
    const a = (await get(`parts-cost?${q}&projectId=${pA}`)).body.data as PartsCost;
    const r = await recompute([pA]);
    expect(Math.round(a.totals.cost * 100)).toBe(r.total.cents);
    expect(a.orders.every((o) => o.projectId === pA)).toBe(true);

    const menus = (await t.database.query<{ id: number }>('SELECT id FROM sys_menu')).map((m) => m.id);
    const role = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'parts_scoped', name: 'parts scoped', menuIdList: menus, dataScope: 'projects', projectIdList: [pA] } });
    expect(role.status).toBe(200);
    const [u] = await t.database.db.insert(sysUser).values({ username: 'partsscoped', passwordHash: await hashPassword('scoped-pw') }).returning({ id: sysUser.id });
    await t.database.db.insert(sysUserRole).values({ userId: u.id, roleId: role.body.data.id });
    const token = await t.tokenFor('partsscoped');
    expect((await get(`parts-cost?${q}`, token)).body.data).toEqual(a);
    expect((await get(`parts-cost?${q}&projectId=${pB}`, token)).status).toBe(403);
    const other = orders.find((o) => o.projectId === pB)!;
    expect((await get(`parts-cost/moves?${q}&orderId=${other.id}`, token)).body.data).toEqual([]);

    const viewer = await t.userWith(['fall-detect#list']);
    expect((await get(`parts-cost?${q}`, viewer.token)).status).toBe(403);
    expect((await get(`parts-cost/moves?${q}`, viewer.token)).status).toBe(403);
    expect((await t.call('GET', `/api/ball/stats/parts-cost?${q}`)).status).toBe(401);
  });

  it('refuses a bad range with a 400 naming the field, in both languages', async () => {
    const en = await t.call('GET', '/api/ball/stats/parts-cost?from=2026-03-01&to=2026-02-01', { token: admin, lang: 'en' });
    expect(en.status).toBe(400);
    expect(Object.keys(en.body.data.fields)).toEqual(['to']);
    const zh = await t.call('GET', '/api/ball/stats/parts-cost/moves?from=2026-01-01&to=2026-02-01&month=2026-13', { token: admin, lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.data.fields.month).toBe('格式错误');
    expect(monthsOf('2025-11-30', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('puts the parts cost in the statistics workbook: by order, unit and month, and the issue rows', async () => {
    const a = (await get(`parts-cost?${q}&projectId=${pA}`)).body.data as PartsCost;
    const res = await t.app.inject({ method: 'POST', url: '/api/ball/stats/export', headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' }, payload: { from: FROM, to: TO, granularity: 'day', projectId: pA } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Parts cost by order')!.rowCount - 1).toBe(a.orders.length);
    expect(book.getWorksheet('Parts cost by unit')!.rowCount - 1).toBe(a.units.length);
    const months = book.getWorksheet('Parts cost by month')!;
    expect(months.rowCount - 1).toBe(a.months.length + 1);
    const last = months.getRow(months.rowCount);
    expect([last.getCell(1).value, last.getCell(2).value]).toEqual(['Total', a.totals.cost]);
    expect(book.getWorksheet('Parts issued')!.rowCount - 1).toBe(a.totals.moves);
  });
});
