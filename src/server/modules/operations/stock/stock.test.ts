import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { hashPassword } from '../../../lib/password';
import { sysUser, sysUserRole } from '../../../db/schema';

/** Parts and stock (docs/maintenance.md "Parts and stock"): moves and counts, reports taking parts, the reorder list, rights and scope. */
describe('parts stock', () => {
  let t: TestApp;
  let admin: string;
  let pA: number;
  let pB: number;
  let pumpA: number;
  let pumpB: number;
  let storeA: number;
  let storeA2: number;
  let storeB: number;
  let seal: number;
  let impeller: number;
  let partB: number;

  const post = (path: string, body: unknown, opts: { token?: string; lang?: string } = {}) => t.call('POST', `/api/ball/${path}`, { token: opts.token ?? admin, body, lang: opts.lang });
  const move = (body: Record<string, unknown>, opts: { token?: string; lang?: string } = {}) => post('fallstock/save', body, opts);
  /** Every count as the database holds it: per store, and the part's total. */
  const counts = async () => ({
    stock: await t.database.query<{ part_id: number; store_id: number; quantity: number }>('SELECT part_id, store_id, quantity FROM fall_stock ORDER BY part_id, store_id'),
    parts: await t.database.query<{ id: number; quantity: number }>('SELECT id, quantity FROM fall_spare_part ORDER BY id'),
    moves: (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM fall_stock_move'))[0].n,
  });
  /** The counts recomputed from the move rows alone. */
  const sums = async () => ({
    stock: await t.database.query<{ part_id: number; store_id: number; quantity: number }>('SELECT part_id, store_id, sum(quantity)::int AS quantity FROM fall_stock_move GROUP BY part_id, store_id ORDER BY part_id, store_id'),
    parts: await t.database.query<{ id: number; quantity: number }>('SELECT p.id, coalesce(sum(m.quantity), 0)::int AS quantity FROM fall_spare_part p LEFT JOIN fall_stock_move m ON m.part_id = p.id GROUP BY p.id ORDER BY p.id'),
  });
  const newOrder = async (projectId: number, equipmentId: number) =>
    (await post('fallorder/save', { name: 'Pump stopped', projectId, equipmentId, submittedAt: '2026-03-01T08:00:00.000Z' })).body.data.id as number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    pA = await seedProject(t, { name: '西湖喷泉' });
    pB = await seedProject(t, { name: 'Harbour fountain' });
    pumpA = await seedEquipment(t, pA, '1# 主泵');
    pumpB = await seedEquipment(t, pB, 'Pump B');
    const store = async (projectId: number, name: string, nameEn: string) => (await post('fallstore/save', { projectId, name, nameEn })).body.data.id as number;
    storeA = await store(pA, '泵房仓库', 'Plant room');
    storeA2 = await store(pA, '总仓', 'Depot');
    storeB = await store(pB, '码头仓库', 'Harbour store');
    const part = async (equipmentId: number, name: string, unitCost: number, reorderPoint: number | null) =>
      (await post('fallspare/save', { equipmentId, name, partNo: name.toUpperCase(), unitCost, reorderPoint })).body.data.id as number;
    seal = await part(pumpA, '机械密封', 1280.5, 2);
    impeller = await part(pumpA, '叶轮', 3400, null);
    partB = await part(pumpB, 'Strainer', 45.25, 5);
  });
  afterAll(() => t.close());

  it('keeps every count as the sum of its moves: receipts, adjustments with their reason, per store', async () => {
    expect((await move({ partId: seal, storeId: storeA, kind: 'receipt', quantity: 5 })).status).toBe(200);
    expect((await move({ partId: seal, storeId: storeA2, kind: 'receipt', quantity: '2' })).status).toBe(200);
    const adj = await move({ partId: seal, storeId: storeA, kind: 'adjustment', quantity: -1, reason: 'Found broken at stocktake' });
    expect(adj.status).toBe(200);
    expect((await move({ partId: impeller, storeId: storeA, kind: 'receipt', quantity: 1 })).status).toBe(200);
    expect((await move({ partId: partB, storeId: storeB, kind: 'receipt', quantity: 10 })).status).toBe(200);
    const c = await counts();
    expect(c.stock).toEqual((await sums()).stock);
    expect(c.parts).toEqual((await sums()).parts);
    expect(c.stock.find((s) => s.part_id === seal && s.store_id === storeA)?.quantity).toBe(4);
    const info = (await t.call('GET', `/api/ball/fallspare/info/${seal}`, { token: admin })).body.data;
    expect(info).toMatchObject({ quantity: 6, unitCost: 1280.5, reorderPoint: 2 });
    const moves = (await post('fallstock/list', { page: 1, limit: 20, partId: seal })).body.data;
    expect(moves.total).toBe(3);
    expect(moves.list[0]).toMatchObject({ kind: 'adjustment', quantity: -1, reason: 'Found broken at stocktake', unitCost: 1280.5, storeName: '泵房仓库', partName: '机械密封', by: 'admin' });
    const stores = (await post('fallstore/list', { page: 1, limit: 20, projectId: pA })).body.data.list;
    expect(stores.find((s: { id: number }) => s.id === storeA)).toMatchObject({ parts: 2, quantity: 5 });
  });

  it('never goes negative: a take beyond the count is a 400 naming the field and the part, in both languages, and writes nothing', async () => {
    const before = await counts();
    const en = await move({ partId: seal, storeId: storeA, kind: 'adjustment', quantity: -5, reason: 'stocktake' }, { lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.data.fields.quantity).toBe('Not enough “机械密封” in Plant room: 4 on hand, 5 wanted');
    expect(en.body.msg).toBe('Not enough “机械密封” in Plant room: 4 on hand, 5 wanted');
    const zh = await move({ partId: seal, storeId: storeA, kind: 'adjustment', quantity: -5, reason: 'stocktake' }, { lang: 'zh-CN' });
    expect(zh.body.data.fields.quantity).toBe('库存不足：“机械密封”在泵房仓库现有 4 件，需要 5 件');
    expect(await counts()).toEqual(before);
    // A store it never had: zero on hand.
    expect((await move({ partId: impeller, storeId: storeA2, kind: 'adjustment', quantity: -1, reason: 'x' })).body.data.fields.quantity).toMatch(/0 on hand|现有 0 件/);
    // The database's own last word, whatever the path.
    await expect(t.database.query('UPDATE fall_stock SET quantity = -1 WHERE part_id = $1', [seal])).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  it('refuses bad moves with a 400 naming the field', async () => {
    const fields = async (body: Record<string, unknown>, lang = 'en') => (await move(body, { lang })).body.data?.fields;
    expect(await fields({ partId: seal, storeId: storeA, kind: 'receipt', quantity: -2 })).toEqual({ quantity: 'A receipt brings a quantity greater than 0' });
    expect(await fields({ partId: seal, storeId: storeA, kind: 'adjustment', quantity: 0, reason: 'x' })).toEqual({ quantity: 'An adjustment cannot be 0' });
    expect(await fields({ partId: seal, storeId: storeA, kind: 'adjustment', quantity: 1 }, 'zh-CN')).toEqual({ reason: '库存调整须写明原因' });
    expect(await fields({ partId: seal, storeId: storeA, kind: 'issue', quantity: -1 })).toHaveProperty('kind');
    expect(await fields({ partId: seal, storeId: storeB, kind: 'receipt', quantity: 1 })).toEqual({ storeId: "The store is not in the part's project" });
    expect(await fields({ partId: 999999, storeId: storeA, kind: 'receipt', quantity: 1 })).toEqual({ partId: 'Please choose a valid option' });
    expect(await fields({ partId: seal, storeId: storeA, kind: 'receipt', quantity: 1, at: '2999-01-01T00:00:00Z' })).toEqual({ at: 'A stock move cannot be in the future' });
    // A part's count is not written by hand any more.
    expect((await post('fallspare/update', { id: seal, quantity: 99 })).status).toBe(400);
    expect((await post('fallspare/save', { equipmentId: pumpA, name: 'x', unitCost: 1.234 }, { lang: 'en' })).body.data.fields).toEqual({ unitCost: 'At most two decimals' });
  });

  it('a report takes its parts from stock in its own transaction; a shortage fails the whole report, naming the part', async () => {
    const orderId = await newOrder(pA, pumpA);
    const available = (await t.call('GET', `/api/ball/fallstock/available?orderId=${orderId}`, { token: admin })).body.data;
    expect(available.map((a: { partId: number; storeId: number; quantity: number }) => [a.partId, a.storeId, a.quantity]).sort()).toEqual([[seal, storeA, 4], [seal, storeA2, 2], [impeller, storeA, 1]].sort());
    const before = await counts();
    const reportsBefore = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM fall_report'))[0].n;
    const short = await post('fallreport/save', { orderId, repairer: 'Zhang San', repairAt: '2026-03-02T09:00:00Z', result: 'fixed', parts: [{ partId: impeller, storeId: storeA, quantity: 1 }, { partId: seal, storeId: storeA, quantity: 9 }] }, { lang: 'en' });
    expect(short.status).toBe(400);
    expect(short.body.data.fields).toEqual({ 'parts.1.quantity': 'Not enough “机械密封” in Plant room: 4 on hand, 9 wanted' });
    const shortZh = await post('fallreport/save', { orderId, repairer: 'Zhang San', repairAt: '2026-03-02T09:00:00Z', result: 'fixed', parts: [{ partId: seal, storeId: storeA, quantity: 9 }] }, { lang: 'zh-CN' });
    expect(shortZh.body.data.fields['parts.0.quantity']).toBe('库存不足：“机械密封”在泵房仓库现有 4 件，需要 9 件');
    // Nothing written: not the report, not the first part's issue, not the order's move.
    expect(await counts()).toEqual(before);
    expect((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM fall_report'))[0].n).toBe(reportsBefore);
    expect((await t.call('GET', `/api/ball/fallorder/info/${orderId}`, { token: admin })).body.data.status).toBe('submitted');
    // A part of another project, a part twice.
    expect((await post('fallreport/save', { orderId, repairer: 'Z', repairAt: '2026-03-02T09:00:00Z', result: 'fixed', parts: [{ partId: partB, storeId: storeB, quantity: 1 }] }, { lang: 'en' })).body.data.fields).toEqual({ 'parts.0.partId': "The part is not kept in the order's project" });
    expect((await post('fallreport/save', { orderId, repairer: 'Z', repairAt: '2026-03-02T09:00:00Z', result: 'fixed', parts: [{ partId: seal, storeId: storeA, quantity: 1 }, { partId: seal, storeId: storeA, quantity: 1 }] })).body.data.fields).toHaveProperty(['parts.1.partId']);
    expect(await counts()).toEqual(before);

    const filed = await post('fallreport/save', { orderId, repairer: 'Zhang San', repairAt: '2026-03-02T09:00:00Z', result: 'fixed', parts: [{ partId: seal, storeId: storeA, quantity: 3 }, { partId: impeller, storeId: storeA, quantity: 1 }] });
    expect(filed.status).toBe(200);
    const issues = (await post('fallstock/list', { page: 1, limit: 20, orderId, kind: 'issue' })).body.data.list;
    expect(issues.map((m: { partId: number; quantity: number; reportId: number; orderNumber: string; at: string }) => [m.partId, m.quantity, m.reportId, m.at]).sort()).toEqual(
      [[seal, -3, filed.body.data.id, '2026-03-02T09:00:00.000Z'], [impeller, -1, filed.body.data.id, '2026-03-02T09:00:00.000Z']].sort(),
    );
    const after = await counts();
    expect(after.stock).toEqual((await sums()).stock);
    expect(after.parts).toEqual((await sums()).parts);
    expect(after.stock.find((s) => s.part_id === seal && s.store_id === storeA)?.quantity).toBe(1);
    // The report is a stock record now: its parts do not change, it is not deleted, nor its order.
    expect((await post('fallreport/update', { id: filed.body.data.id, parts: [{ partId: seal, storeId: storeA, quantity: 1 }] }, { lang: 'en' })).body.data.fields).toEqual({ parts: "A filed report's parts are stock moves and cannot change" });
    expect((await post('fallreport/update', { id: filed.body.data.id, parts: [], notes: 'ok' })).status).toBe(200);
    expect((await post('fallreport/delete', [filed.body.data.id], { lang: 'en' })).body.msg).toBe('This report took parts from stock: its stock moves cannot be deleted');
    expect((await post('fallspare/delete', [seal], { lang: 'en' })).body.msg).toBe('This part has stock moves: it cannot be deleted');
    expect((await post('fallorder/delete', [orderId])).status).not.toBe(200);
    expect((await counts()).moves).toBe(after.moves);
  });

  it('lists the parts at or under their reorder point, per store', async () => {
    // seal: 1 in the plant room, 2 in the depot (point 2) → both; impeller: no point; strainer: 10 (point 5) → not.
    const rows = (await post('fallreorder/list', { page: 1, limit: 50 })).body.data;
    expect(rows.list.map((r: { partId: number; storeId: number; quantity: number; shortBy: number }) => [r.partId, r.storeId, r.quantity, r.shortBy]).sort()).toEqual([[seal, storeA, 1, 2], [seal, storeA2, 2, 1]].sort());
    expect(rows.list[0]).toMatchObject({ partName: '机械密封', reorderPoint: 2, projectId: pA, unitCost: 1280.5 });
    expect((await post('fallreorder/list', { page: 1, limit: 50, storeId: storeA2 })).body.data.total).toBe(1);
    await move({ partId: partB, storeId: storeB, kind: 'adjustment', quantity: -5, reason: 'leak' });
    expect((await post('fallreorder/list', { page: 1, limit: 50, projectId: pB })).body.data.list.map((r: { partId: number }) => r.partId)).toEqual([partB]);
    // An archived store leaves the list; its moves stay.
    expect((await post('fallstore/delete', [storeA2])).status).toBe(200);
    expect((await post('fallreorder/list', { page: 1, limit: 50, projectId: pA })).body.data.total).toBe(1);
    expect((await post('fallstock/list', { page: 1, limit: 50, storeId: storeA2 })).body.data.total).toBe(1);
    expect((await move({ partId: seal, storeId: storeA2, kind: 'receipt', quantity: 1 }, { lang: 'en' })).body.data.fields).toEqual({ storeId: 'Please choose a valid option' });
  });

  it('checks every permission and the data scope', async () => {
    const stranger = await t.userWith(['fall-spare#list']);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/ball/fallstock/list', { page: 1, limit: 10 }],
      ['POST', '/api/ball/fallstock/save', { partId: seal, storeId: storeA, kind: 'receipt', quantity: 1 }],
      ['GET', `/api/ball/fallstock/available?orderId=1`, undefined],
      ['POST', '/api/ball/fallstore/save', { projectId: pA, name: 'x' }],
      ['POST', '/api/ball/fallstore/list', { page: 1, limit: 10 }],
      ['POST', '/api/ball/fallreorder/list', { page: 1, limit: 10 }],
      ['POST', '/api/ball/fallreorder/export', { columns: [{ prop: 'partName', label: 'n' }], format: 'csv' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.call(method as 'GET', url, { body })).status).toBe(401);
      expect((await t.call(method as 'GET', url, { token: stranger.token, body })).status).toBe(403);
    }
    const technician = await t.userWith(['fall-report#save']);
    const orderId = await newOrder(pA, pumpA);
    expect((await t.call('GET', `/api/ball/fallstock/available?orderId=${orderId}`, { token: technician.token })).status).toBe(200);

    // A user scoped to project B sees and moves B's stock only.
    const menus = (await t.database.query<{ id: number }>('SELECT id FROM sys_menu')).map((m) => m.id);
    const role = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'stock_scoped', name: 'stock scoped', menuIdList: menus, dataScope: 'projects', projectIdList: [pB] } });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const [u] = await t.database.db.insert(sysUser).values({ username: 'stockscoped', passwordHash: await hashPassword('scoped-pw') }).returning({ id: sysUser.id });
    await t.database.db.insert(sysUserRole).values({ userId: u.id, roleId: role.body.data.id });
    const token = await t.tokenFor('stockscoped');
    const before = await counts();
    expect((await move({ partId: seal, storeId: storeA, kind: 'receipt', quantity: 1 }, { token })).status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await t.call('GET', `/api/ball/fallstock/available?orderId=${orderId}`, { token })).status).toBe(404);
    const moves = (await post('fallstock/list', { page: 1, limit: 50 }, { token })).body.data.list;
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((m: { projectId: number }) => m.projectId === pB)).toBe(true);
    expect((await post('fallreorder/list', { page: 1, limit: 50 }, { token })).body.data.list.every((r: { projectId: number }) => r.projectId === pB)).toBe(true);
    expect((await post('fallstore/list', { page: 1, limit: 50 }, { token })).body.data.list.map((s: { id: number }) => s.id)).toEqual([storeB]);
  });
});
