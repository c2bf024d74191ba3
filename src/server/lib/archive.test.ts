import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { fallDetect, fallDetectChannel, fallEqInfo, fallOrder, fallProject, fallReport, fallWarning, sysRole, sysUserRole } from '../db/schema';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { recomputeEquipmentState } from '../modules/operations/equipment';

/** Archive and delete (docs/invariants.md): deleting a project, unit or board with history archives it; history and statistics stay. */
describe('archive, not delete', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  let seq = 0;
  /** A completed order (the statistics rollup counts it) on a project and, optionally, a unit. */
  async function completedOrder(projectId: number, equipmentId: number | null, day: string, hours: number): Promise<number> {
    seq += 1;
    const submitted = new Date(`${day}T08:00:00Z`);
    const [row] = await t.database.db
      .insert(fallOrder)
      .values({
        number: `WO-ARC-${process.pid}-${seq}`,
        name: `order ${seq}`,
        projectId,
        equipmentId,
        status: 'completed',
        submittedAt: submitted,
        completedAt: new Date(submitted.getTime() + hours * 3600_000),
        reportCount: 1,
      })
      .returning({ id: fallOrder.id });
    await t.database.db.insert(fallReport).values({ orderId: row.id, repairer: 'Li', repairAt: submitted, result: 'fixed' });
    return row.id;
  }

  async function board(projectId: number, boardNo: string): Promise<number> {
    const res = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId, boardName: `Board ${boardNo}`, boardNo } });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }

  const ids = (res: { body: { data: { list?: { id: number }[] } | { id: number }[] } }) =>
    (Array.isArray(res.body.data) ? res.body.data : (res.body.data.list ?? [])).map((r) => r.id);
  const period = { from: '2026-01-01', to: '2026-03-31', granularity: 'month' };

  it('archives a project with orders: rows, orders, reports and repair statistics stay; lists, pickers and walls drop it', async () => {
    const projectId = await seedProject(t, { name: 'Harbour Fountain', status: 'A', area: 'east', waterType: 'fountain', isPublic: true });
    const unit = await seedEquipment(t, projectId, 'Harbour pump');
    await t.database.db.update(fallEqInfo).set({ state: 'broken' }).where(eq(fallEqInfo.id, unit));
    const boardId = await board(projectId, 'H1');
    const orders = [await completedOrder(projectId, unit, '2026-01-10', 5), await completedOrder(projectId, null, '2026-02-03', 30)];

    const statCalls = async () => ({
      speed: (await t.call('POST', '/api/ball/fallproject/repairSpeedList', { token: admin, body: period })).body.data,
      quality: (await t.call('POST', '/api/ball/fallproject/repairQualityList', { token: admin, body: period })).body.data,
    });
    const before = await statCalls();
    expect(before.speed.some((p: { completed: number }) => p.completed > 0)).toBe(true);
    const counts = async () => (await t.call('GET', '/api/ball/fallproject/countProjects', { token: admin })).body.data.total;
    const devices = async () =>
      (await t.call('GET', '/api/ball/fallproject/groupDevice', { token: admin })).body.data.reduce((n: number, g: { total: number }) => n + g.total, 0);
    const broken = async () => (await t.call('GET', '/api/ball/fallproject/brokenDevice', { token: admin })).body.data.list.map((b: { id: number }) => b.id);
    const [projectsBefore, devicesBefore] = [await counts(), await devices()];
    expect(await broken()).toContain(unit);

    const del = await t.call('POST', '/api/ball/fallproject/delete', { token: admin, body: [projectId] });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ deleted: 0, archived: 1 });

    // Still there, with its history.
    const [row] = await t.database.db.select().from(fallProject).where(eq(fallProject.id, projectId));
    expect(row.archivedAt).toBeInstanceOf(Date);
    const kept = await t.database.db.select({ id: fallOrder.id }).from(fallOrder).where(eq(fallOrder.projectId, projectId));
    expect(kept.map((o) => o.id).sort()).toEqual([...orders].sort());
    expect(await t.database.db.select().from(fallReport).where(eq(fallReport.orderId, orders[0]))).toHaveLength(1);
    const [unitRow] = await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, unit));
    expect(unitRow.archivedAt?.getTime()).toBe(row.archivedAt?.getTime());
    // Statistics of past orders are unchanged; counts on the overview are not.
    expect(await statCalls()).toEqual(before);
    expect(await counts()).toBe(projectsBefore - 1);
    expect(await devices()).toBe(devicesBefore - 1);
    expect(await broken()).not.toContain(unit);

    // Gone from lists, pickers and walls …
    expect(ids(await t.call('POST', '/api/ball/fallproject/list', { token: admin, body: { page: 1, limit: 100 } }))).not.toContain(projectId);
    expect(ids(await t.call('POST', '/api/ball/fallproject/selectProjects', { token: admin, body: { title: 1 } }))).not.toContain(projectId);
    expect(ids(await t.call('POST', '/api/ball/fallproject/selectProjects', { token: admin, body: {} }))).not.toContain(projectId);
    expect(ids(await t.call('POST', '/api/ball/falleqinfo/listAll', { token: admin, body: {} }))).not.toContain(unit);
    expect(ids(await t.call('POST', '/api/ball/falldetect/list', { token: admin, body: { page: 1, limit: 100 } }))).not.toContain(boardId);
    expect((await t.call('GET', `/api/wall/project/${projectId}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/api/public/project/${projectId}`)).status).toBe(404);
    // … but an administrator sees it, marked, with archived: true; the orders list keeps its orders.
    const shown = await t.call('POST', '/api/ball/fallproject/list', { token: admin, body: { page: 1, limit: 100, archived: true } });
    expect(shown.body.data.list.find((p: { id: number }) => p.id === projectId)).toMatchObject({ archivedAt: expect.any(String) });
    expect(ids(await t.call('POST', '/api/ball/fallorder/list', { token: admin, body: { page: 1, limit: 100, projectId } }))).toHaveLength(2);
    // Its key stays reserved.
    expect((await t.call('GET', `/api/ball/fallproject/existUniqueKey?uniqueKey=${row.uniqueKey}`, { token: admin })).body.data).toBe(true);
    // Nothing new may point at it.
    const order = await t.call('POST', '/api/ball/fallorder/save', { token: admin, body: { name: 'late', projectId } });
    expect(order.status).toBe(400);

    // Deleting it again is refused, naming what it keeps, in the caller's language.
    const again = await t.call('POST', '/api/ball/fallproject/delete', { token: admin, body: [projectId] });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Harbour Fountain has 2 orders, 1 piece of equipment and 1 detection board: it stays archived and cannot be deleted');
    const againCn = await t.call('POST', '/api/ball/fallproject/delete', { token: admin, body: [projectId], lang: 'zh-CN' });
    expect(againCn.body.msg).toBe('Harbour Fountain 有 2 个工单、1 台设备和 1 块检测板，已归档保留，不能删除');

    // Restore brings it back with the unit and board archived with it.
    const restored = await t.call('POST', '/api/ball/fallproject/restore', { token: admin, body: [projectId] });
    expect(restored.body.data).toEqual({ restored: 1 });
    expect(ids(await t.call('POST', '/api/ball/fallproject/list', { token: admin, body: { page: 1, limit: 100 } }))).toContain(projectId);
    expect(ids(await t.call('POST', '/api/ball/falleqinfo/listAll', { token: admin, body: {} }))).toContain(unit);
    expect(ids(await t.call('POST', '/api/ball/falldetect/list', { token: admin, body: { page: 1, limit: 100 } }))).toContain(boardId);
    expect((await t.call('GET', `/api/wall/project/${projectId}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/public/project/${projectId}`)).status).toBe(200);
    expect(await counts()).toBe(projectsBefore);
    expect(await devices()).toBe(devicesBefore);
    expect(await statCalls()).toEqual(before);
  });

  it('really deletes a project, unit or board without history', async () => {
    const projectId = await seedProject(t);
    const unit = await seedEquipment(t, projectId);
    const boardId = await board(projectId, 'N1');
    const otherUnit = await seedEquipment(t, projectId, 'spare');
    expect((await t.call('POST', '/api/ball/falleqinfo/delete', { token: admin, body: [otherUnit] })).body.data).toEqual({ deleted: 1, archived: 0 });
    const del = await t.call('POST', '/api/ball/fallproject/delete', { token: admin, body: [projectId] });
    expect(del.body.data).toEqual({ deleted: 1, archived: 0 });
    expect(await t.database.db.select().from(fallProject).where(eq(fallProject.id, projectId))).toHaveLength(0);
    expect(await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, unit))).toHaveLength(0);
    expect(await t.database.db.select().from(fallDetect).where(eq(fallDetect.id, boardId))).toHaveLength(0);
  });

  it('archives a unit with orders and a board with warnings on their own; restore waits for an archived project', async () => {
    const projectId = await seedProject(t);
    const unit = await seedEquipment(t, projectId, 'Valve 7');
    await completedOrder(projectId, unit, '2026-01-20', 2);
    const boardId = await board(projectId, 'W1');
    await t.database.db.update(fallDetectChannel).set({ equipmentId: unit }).where(eq(fallDetectChannel.detectId, boardId));
    await t.database.db.insert(fallWarning).values({ info: 'CH1 fault', projectId, detectId: boardId, channel: 1 });

    expect((await t.call('POST', '/api/ball/falleqinfo/delete', { token: admin, body: [unit] })).body.data).toEqual({ deleted: 0, archived: 1 });
    // An archived unit is no longer driven by the board's channels.
    const links = await t.database.db.select({ e: fallDetectChannel.equipmentId }).from(fallDetectChannel).where(eq(fallDetectChannel.detectId, boardId));
    expect(links.every((l) => l.e === null)).toBe(true);
    expect((await t.call('POST', '/api/ball/falldetect/delete', { token: admin, body: [boardId] })).body.data).toEqual({ deleted: 0, archived: 1 });
    const refused = await t.call('POST', '/api/ball/falldetect/delete', { token: admin, body: [boardId] });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Board W1 has 1 warning: it stays archived and cannot be deleted');
    // The warning list keeps the board's warning (history) while the wall ticker leaves it out.
    const warnings = await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 50, detectId: boardId } });
    expect(warnings.body.data.total).toBe(1);
    const ticker = await t.call('POST', '/api/ball/fallwarning/latest', { token: admin, body: { projectId } });
    expect(ticker.body.data).toEqual({ list: [], openTotal: 0 });

    // With the project archived, the unit cannot come back on its own.
    await t.call('POST', '/api/ball/fallproject/delete', { token: admin, body: [projectId] });
    const early = await t.call('POST', '/api/ball/falleqinfo/restore', { token: admin, body: [unit] });
    expect(early.status).toBe(409);
    await t.call('POST', '/api/ball/fallproject/restore', { token: admin, body: [projectId] });
    // Restoring the project leaves the unit archived before it archived.
    expect(ids(await t.call('POST', '/api/ball/falleqinfo/listAll', { token: admin, body: { projectId } }))).not.toContain(unit);
    expect((await t.call('POST', '/api/ball/falleqinfo/restore', { token: admin, body: [unit] })).body.data).toEqual({ restored: 1 });
    expect((await t.call('POST', '/api/ball/falldetect/restore', { token: admin, body: [boardId] })).body.data).toEqual({ restored: 1 });
    expect(ids(await t.call('POST', '/api/ball/falleqinfo/listAll', { token: admin, body: { projectId } }))).toContain(unit);
  });

  it('closes what an archived project or board leaves open, so the wall and the back-office agree, and restores it healthy', async () => {
    /** The wall's ticker and the back-office warning list, counting open warnings over every project. */
    const openCounts = async () => ({
      wall: (await t.call('POST', '/api/ball/fallwarning/latest', { token: admin, body: { openOnly: true } })).body.data.openTotal,
      office: (await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 1, result: 'open' } })).body.data.total,
    });
    /** An open fault as the reading service leaves it: a faulty channel, its open warning and the automatic order it raised. */
    async function openFault(projectId: number, boardId: number, unit: number) {
      await t.database.db.update(fallDetectChannel).set({ equipmentId: unit, result: 'fault', switchValue: 1 }).where(and(eq(fallDetectChannel.detectId, boardId), eq(fallDetectChannel.ch, 1)));
      const [w] = await t.database.db.insert(fallWarning).values({ info: 'CH1 fault', projectId, detectId: boardId, channel: 1, equipmentId: unit }).returning({ id: fallWarning.id });
      seq += 1;
      const [o] = await t.database.db
        .insert(fallOrder)
        .values({ number: `WO-ARC-${process.pid}-${seq}`, name: 'CH1 fault', projectId, equipmentId: unit, source: 'warning', status: 'repairing', warningId: w.id })
        .returning({ id: fallOrder.id });
      await t.database.db.update(fallWarning).set({ orderId: o.id }).where(eq(fallWarning.id, w.id));
      await recomputeEquipmentState(t.database.db, [unit]);
      return { warning: w.id, order: o.id };
    }
    const projectId = await seedProject(t, { name: 'Fault Fountain' });
    const unit = await seedEquipment(t, projectId, 'Fault pump');
    const boardId = await board(projectId, 'F1');
    const fault = await openFault(projectId, boardId, unit);
    seq += 1;
    const [manual] = await t.database.db.insert(fallOrder).values({ number: `WO-ARC-${process.pid}-${seq}`, name: 'Paint the rail', projectId, status: 'submitted' }).returning({ id: fallOrder.id });
    const before = await openCounts();
    expect(before.wall).toBe(before.office);

    expect((await t.call('POST', '/api/ball/fallproject/delete', { token: admin, body: [projectId] })).body.data).toEqual({ deleted: 0, archived: 1 });
    const afterArchive = await openCounts();
    expect(afterArchive).toEqual({ wall: before.wall - 1, office: before.office - 1 });
    // Closed, not deleted: the history keeps the warning with its reason, in the reader's language.
    const [w] = (await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 5, projectId }, lang: 'en' })).body.data.list;
    expect(w).toMatchObject({ id: fault.warning, result: 'closed', note: 'Closed: the project was archived', dealtBy: 'system' });
    const orderStatus = async (id: number) => (await t.database.db.select({ s: fallOrder.status, c: fallOrder.closedAt }).from(fallOrder).where(eq(fallOrder.id, id)))[0];
    expect(await orderStatus(fault.order)).toMatchObject({ s: 'closed', c: expect.any(Date) });
    // A person's order is theirs to close.
    expect((await orderStatus(manual.id)).s).toBe('submitted');

    expect((await t.call('POST', '/api/ball/fallproject/restore', { token: admin, body: [projectId] })).body.data).toEqual({ restored: 1 });
    expect(await openCounts()).toEqual(afterArchive);
    // Healthy again: no channel holds the old fault (the demo simulator plays a board from its stored channels).
    const channels = await t.database.db.select({ r: fallDetectChannel.result }).from(fallDetectChannel).where(eq(fallDetectChannel.detectId, boardId));
    expect(channels.every((c) => c.r === 'normal')).toBe(true);
    const [unitRow] = await t.database.db.select({ state: fallEqInfo.state }).from(fallEqInfo).where(eq(fallEqInfo.id, unit));
    expect(unitRow.state).not.toBe('broken');
    const wall = await t.call('GET', `/api/wall/project/${projectId}`, { token: admin });
    expect(wall.body.data.kpis.openWarnings).toBe(0);

    // A board archived on its own during a fault: the same.
    const second = await openFault(projectId, boardId, unit);
    expect((await openCounts()).office).toBe(afterArchive.office + 1);
    expect((await t.call('POST', '/api/ball/falldetect/delete', { token: admin, body: [boardId] })).body.data).toEqual({ deleted: 0, archived: 1 });
    const afterBoard = await openCounts();
    expect(afterBoard).toEqual(afterArchive);
    expect((await orderStatus(second.order)).s).toBe('closed');
    const [bw] = (await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 1, projectId }, lang: 'zh-CN' })).body.data.list;
    expect(bw).toMatchObject({ id: second.warning, result: 'closed', note: '检测板已归档，随之关闭' });
  });

  it('keeps showing and restoring archived rows to administrators', async () => {
    const projectId = await seedProject(t);
    await completedOrder(projectId, null, '2026-01-05', 1);
    await t.call('POST', '/api/ball/fallproject/delete', { token: admin, body: [projectId] });
    for (const username of ['manager', 'viewer']) {
      const token = await t.tokenFor(username);
      expect((await t.call('POST', '/api/ball/fallproject/restore', { token, body: [projectId] })).status).toBe(403);
      expect((await t.call('POST', '/api/ball/fallproject/list', { token, body: { page: 1, limit: 10, archived: true } })).status).toBe(403);
      expect((await t.call('POST', '/api/ball/fallproject/list', { token, body: { page: 1, limit: 10 } })).status).toBe(200);
    }
    const manager = await t.tokenFor('manager');
    expect((await t.call('POST', '/api/ball/falleqinfo/restore', { token: manager, body: [1] })).status).toBe(403);
    expect((await t.call('POST', '/api/ball/falldetect/restore', { token: manager, body: [1] })).status).toBe(403);
    const { token: restorer } = await t.userWith(['fall-project#list', 'fall-project#restore']);
    expect((await t.call('POST', '/api/ball/fallproject/restore', { token: restorer, body: [projectId] })).body.data).toEqual({ restored: 1 });
  });

  it('refuses in the database itself to erase history (a direct DELETE fails)', async () => {
    const projectId = await seedProject(t);
    const unit = await seedEquipment(t, projectId);
    await completedOrder(projectId, unit, '2026-01-07', 3);
    await expect(t.database.query('DELETE FROM fall_project WHERE id = $1', [projectId])).rejects.toThrow();
    await expect(t.database.query('DELETE FROM fall_eq_info WHERE id = $1', [unit])).rejects.toThrow();
    expect(await t.database.db.select().from(fallProject).where(eq(fallProject.id, projectId))).toHaveLength(1);
  });

  it('refuses (409) to delete a device model in use or a role its users hold, naming them', async () => {
    const device = await t.call('POST', '/api/ball/falldevice/save', { token: admin, body: { name: 'Pump X', category: 'pump' } });
    const deviceId = device.body.data.id;
    const projectId = await seedProject(t);
    const [unit] = await t.database.db.insert(fallEqInfo).values({ name: 'P1', projectId, deviceId }).returning({ id: fallEqInfo.id });
    const refused = await t.call('POST', '/api/ball/falldevice/delete', { token: admin, body: [deviceId] });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Device model Pump X is used by 1 piece of equipment: it cannot be deleted');
    await t.call('POST', '/api/ball/falleqinfo/delete', { token: admin, body: [unit.id] });
    expect((await t.call('POST', '/api/ball/falldevice/delete', { token: admin, body: [deviceId] })).body.data).toEqual({ deleted: 1 });

    const { userId } = await t.userWith(['fall-project#list']);
    const [held] = await t.database.db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId));
    const [role] = await t.database.db.select({ name: sysRole.name }).from(sysRole).where(eq(sysRole.id, held.roleId));
    const roleRefused = await t.call('POST', '/api/sys/role/delete', { token: admin, body: [held.roleId] });
    expect(roleRefused.status).toBe(409);
    expect(roleRefused.body.msg).toBe(`Role ${role.name} has 1 user: it cannot be deleted`);
    // The database refuses it too.
    await expect(t.database.query('DELETE FROM sys_role WHERE id = $1', [held.roleId])).rejects.toThrow();
  });

  it('refuses (409) to delete a bill with state changes, deletes one still in its first state', async () => {
    const customer = await t.call('POST', '/api/app/user/save', { token: admin, body: { name: 'Wang' } });
    const bill = async () =>
      (await t.call('POST', '/api/app/bill/save', { token: admin, body: { userId: customer.body.data.id, cardNumber: '6222020200112233', amount: 10 } })).body.data;
    const [fresh, moved] = [await bill(), await bill()];
    expect((await t.call('POST', '/api/app/bill/state', { token: admin, body: { id: moved.id, billState: '1' } })).status).toBe(200);
    const refused = await t.call('POST', '/api/app/bill/delete', { token: admin, body: [fresh.id, moved.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`Bill ${moved.number} has 1 state change: it cannot be deleted`);
    expect((await t.call('POST', '/api/app/bill/delete', { token: admin, body: [fresh.id] })).body.data).toEqual({ deleted: 1 });
  });
});
