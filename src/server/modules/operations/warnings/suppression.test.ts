import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallDetect, fallEqInfo, fallOrder, fallWarning, sysLog } from '../../../db/schema';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { applyReading, checkOffline } from '../detect/readings';
import { escalateAlarms } from './warnings.service';
import { sweepSuppression } from './suppression';

const CLOSE_AFTER = 3;
const normal = (ch: number) => ({ ch, switch: 0 as const, analog: 50 });
const fault = (ch: number) => ({ ch, switch: 1 as const, analog: 50 });
const MINUTE = 60_000;

/**
 * Shelving, out of service and suppression by cause (docs/alarms.md): a suppressed alarm stays an
 * open warning (counted as one) but leaves the walls' strip, does not sound and does not escalate;
 * it comes back when its cause ends — by hand, or at its end within one sweep of the device jobs.
 */
describe('alarm suppression: shelving, out of service, board offline', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let viewer: string;
  let projectId: number;
  let autoProject: number;

  /** A board with channel n wired to units[n-1], heard from once with all channels normal. */
  const board = async (project: number, units: number[], no: string) => {
    const res = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId: project, boardName: `Board ${no}`, boardNo: no, pollSeconds: 5 } });
    expect(res.status).toBe(200);
    const id = res.body.data.id as number;
    const up = await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id, channels: units.map((equipmentId, i) => ({ ch: i + 1, equipmentId })) } });
    expect(up.status).toBe(200);
    await applyReading(t.app, id, units.map((_, i) => normal(i + 1)));
    return id;
  };
  const alarms = async (body: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/ball/fallwarning/alarms', { token: operator, body });
    expect(res.status).toBe(200);
    return res.body.data as { list: { id: number }[]; shelved: number; shelveMaxMinutes: number };
  };
  const openTotal = async (project: number) => {
    const res = await t.call('POST', '/api/ball/fallwarning/latest', { token: operator, body: { projectId: project } });
    expect(res.status).toBe(200);
    return res.body.data.openTotal as number;
  };
  const warning = async (id: number) => (await t.database.db.select().from(fallWarning).where(eq(fallWarning.id, id)))[0];
  const openOf = async (boardId: number, ch: number) =>
    (await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.detectId, boardId), eq(fallWarning.channel, ch), isNull(fallWarning.result))))[0];
  const logs = async (action: string, target: number) =>
    t.database.db.select().from(sysLog).where(and(eq(sysLog.action, action), eq(sysLog.target, String(target))));
  const shelve = (body: Record<string, unknown>, lang?: string) => t.call('POST', '/api/ball/fallwarning/shelve', { token: operator, body, lang });
  const service = (body: Record<string, unknown>, token = operator) => t.call('POST', '/api/ball/fallwarning/service', { token, body });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    operator = await t.tokenFor('operator');
    viewer = await t.tokenFor('viewer');
    projectId = await seedProject(t, { name: 'Shelf park' });
    autoProject = await seedProject(t, { name: 'Shelf auto', autoOrder: true });
  });
  afterAll(() => t.close());

  it('shelves one alarm with a reason up to the maximum: off the strip, counted as shelved and still open, not escalated; logged', async () => {
    const unit = await seedEquipment(t, projectId, 'Shelf pump');
    const b = await board(projectId, [unit], 'SH-1');
    const id = (await applyReading(t.app, b, [fault(1)])).opened[0];
    expect((await alarms({ projectId })).list.map((a) => a.id)).toContain(id);
    const open = await openTotal(projectId);

    // The permission, the target, the reason and the maximum: 403 or a 400 naming the field, in both languages.
    expect((await t.call('POST', '/api/ball/fallwarning/shelve', { token: viewer, body: { id, minutes: 30, reason: 'x' } })).status).toBe(403);
    const noReason = await shelve({ id, minutes: 30, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.body.data.fields)).toEqual(['reason']);
    expect((await shelve({ id, equipmentId: unit, minutes: 30, reason: 'x' })).body.data.fields).toHaveProperty('id');
    expect((await shelve({ id, reason: 'x' })).body.data.fields).toHaveProperty('minutes');
    const max = (await alarms()).shelveMaxMinutes;
    expect(max).toBe(480);
    const tooLongEn = await shelve({ id, minutes: max + 1, reason: 'Pump swap' }, 'en');
    expect(tooLongEn.status).toBe(400);
    expect(tooLongEn.body.msg).toBe('An alarm may be shelved for at most 480 minutes (setting alarm.shelveMaxMinutes)');
    expect(tooLongEn.body.data.fields.minutes).toMatch(/alarm\.shelveMaxMinutes/);
    const tooLongCn = await shelve({ id, minutes: max + 1, reason: 'Pump swap' }, 'zh-CN');
    expect(tooLongCn.body.msg).toBe('告警最多可搁置 480 分钟（设置 alarm.shelveMaxMinutes）');
    expect((await warning(id)).suppressedBy).toBeNull();

    const before = Date.now();
    const res = await shelve({ id, minutes: 30, reason: 'Pump swap tonight' });
    expect(res.status).toBe(200);
    expect(res.body.data.ids).toEqual([id]);
    const row = await warning(id);
    expect(row).toMatchObject({ suppressedBy: 'shelved', shelvedBy: 'operator', shelveReason: 'Pump swap tonight', result: null });
    expect(row.shelvedUntil!.getTime()).toBeGreaterThanOrEqual(before + 30 * MINUTE - 1000);
    const wall = await alarms({ projectId });
    expect(wall.list.map((a) => a.id)).not.toContain(id);
    expect(wall.shelved).toBe(1);
    expect((await alarms()).shelved).toBeGreaterThanOrEqual(1);
    // Still an open warning: every open count stays as it was.
    expect(await openTotal(projectId)).toBe(open);
    const [logged] = await logs('shelve', id);
    expect(logged).toMatchObject({ username: 'operator', module: 'ball/fallwarning', menuCode: 'fall-detect', success: true });
    expect(logged.params).toMatchObject({ reason: 'Pump swap tonight', until: row.shelvedUntil!.toISOString(), minutes: 30 });

    // Long past the escalation time, a shelved alarm does not escalate.
    await t.database.db.update(fallWarning).set({ at: new Date(Date.now() - 60 * MINUTE), soundingSince: new Date(Date.now() - 60 * MINUTE) }).where(eq(fallWarning.id, id));
    expect((await escalateAlarms(t.app)).map((r) => r.id)).not.toContain(id);
    expect((await warning(id)).escalatedAt).toBeNull();

    // Unshelved by hand it is back on the strip, unacknowledged; logged.
    const back = await t.call('POST', '/api/ball/fallwarning/unshelve', { token: operator, body: { id } });
    expect(back.status).toBe(200);
    expect((await alarms({ projectId })).list.map((a) => a.id)).toContain(id);
    expect((await logs('unshelve', id))[0]).toMatchObject({ username: 'operator' });
    const again = await t.call('POST', '/api/ball/fallwarning/unshelve', { token: operator, body: { id }, lang: 'en' });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('There is no shelved alarm');
  });

  it('unshelves at expiry within one sweep and sounds again while the fault stands; a fault that cleared while shelved stays closed', async () => {
    const pump = await seedEquipment(t, projectId, 'Expiry pump');
    const fan = await seedEquipment(t, projectId, 'Expiry fan');
    const b = await board(projectId, [pump, fan], 'SH-2');
    const out = await applyReading(t.app, b, [fault(1), fault(2)]);
    expect(out.opened).toHaveLength(2);
    const [standing, clearing] = out.opened;
    await t.call('POST', '/api/ball/fallwarning/ack', { token: operator, body: { id: standing } });
    // All alarms of a unit at once: equipmentId.
    expect((await shelve({ equipmentId: pump, minutes: 5, reason: 'Known leak' })).body.data.ids).toEqual([standing]);
    expect((await shelve({ id: clearing, minutes: 5, reason: 'Fan check' })).status).toBe(200);
    expect((await alarms({ projectId })).shelved).toBeGreaterThanOrEqual(2);

    // The fan reads normal while shelved: its warning closes as ever, and keeps its cause in the journal.
    for (let i = 0; i < CLOSE_AFTER; i += 1) await applyReading(t.app, b, [fault(1), normal(2)]);
    expect(await warning(clearing)).toMatchObject({ result: 'fixed', suppressedBy: 'shelved' });

    // Not yet due: nothing moves. Past the end: the standing one is back, unacknowledged, on the strip.
    expect((await sweepSuppression(t.app, new Date(Date.now() + 4 * MINUTE))).unshelved).not.toContain(standing);
    const swept = await sweepSuppression(t.app, new Date(Date.now() + 6 * MINUTE));
    expect(swept.unshelved).toContain(standing);
    expect(swept.unshelved).not.toContain(clearing);
    expect(await warning(standing)).toMatchObject({ suppressedBy: null, ackAt: null, result: null, shelveReason: 'Known leak' });
    expect((await alarms({ projectId })).list.map((a) => a.id)).toContain(standing);
    const [logged] = await logs('unshelve', standing);
    expect(logged).toMatchObject({ username: 'system', userId: null });
    expect(logged.params).toMatchObject({ reason: '[[text.shelveExpired]]', shelvedBy: 'operator', shelveReason: 'Known leak' });
  });

  it('a unit out of service raises no alarm while its readings are stored; back in service (by hand or at its end) the standing fault alarms', async () => {
    const unit = await seedEquipment(t, autoProject, 'Drained basin');
    const b = await board(autoProject, [unit], 'OS-1');
    const bad = await service({ equipmentId: unit, inService: false, reason: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields)).toEqual(['reason']);
    expect((await service({ equipmentId: unit, inService: false, reason: 'x' }, viewer)).status).toBe(403);
    const past = await service({ equipmentId: unit, inService: false, reason: 'Winter', until: new Date(Date.now() - MINUTE).toISOString() });
    expect(past.body.data.fields).toHaveProperty('until');
    expect((await service({ equipmentId: unit, inService: true })).status).toBe(400);

    const res = await service({ equipmentId: unit, inService: false, reason: 'Drained for winter' });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, unit));
    expect(row).toMatchObject({ outOfServiceReason: 'Drained for winter', outOfServiceBy: 'operator', outOfServiceUntil: null });
    expect(row.outOfServiceAt).not.toBeNull();
    expect((await logs('outOfService', unit))[0].params).toMatchObject({ reason: 'Drained for winter', until: null });
    const listed = await t.call('POST', '/api/ball/falleqinfo/list', { token: operator, body: { outOfService: 'yes', projectId: autoProject } });
    expect(listed.body.data.list.map((r: { id: number }) => r.id)).toEqual([unit]);

    // The fault is stored (channel faulty, a warning in the journal) but suppressed, without an order.
    const opened = (await applyReading(t.app, b, [{ ch: 1, switch: 1, analog: 42 }])).opened;
    expect(opened).toHaveLength(1);
    const w = await warning(opened[0]);
    expect(w).toMatchObject({ suppressedBy: 'out_of_service', result: null, orderId: null });
    const [ch] = (await t.call('GET', `/api/ball/falldetect/info/${b}`, { token: operator })).body.data.channels;
    expect(ch).toMatchObject({ analogValue: 42, result: 'fault' });
    expect((await alarms({ projectId: autoProject })).list.map((a) => a.id)).not.toContain(w.id);
    expect(await openTotal(autoProject)).toBe(1);
    expect((await t.database.db.select().from(fallOrder).where(eq(fallOrder.projectId, autoProject)))).toHaveLength(0);

    // Back in service by hand: the standing fault alarms again (the same warning).
    const backRes = await service({ equipmentId: unit, inService: true });
    expect(backRes.status).toBe(200);
    expect(backRes.body.data.released).toBe(1);
    expect((await warning(w.id)).suppressedBy).toBeNull();
    expect((await alarms({ projectId: autoProject })).list.map((a) => a.id)).toContain(w.id);
    expect((await logs('inService', unit))[0]).toMatchObject({ username: 'operator' });

    // Out again, with an end: the sweep past the end brings it back by itself.
    const until = new Date(Date.now() + 10 * MINUTE);
    expect((await service({ equipmentId: unit, inService: false, reason: 'Seal repair', until: until.toISOString() })).body.data.suppressed).toBe(1);
    expect((await warning(w.id)).suppressedBy).toBe('out_of_service');
    expect((await sweepSuppression(t.app, new Date(until.getTime() - MINUTE))).returned).not.toContain(unit);
    expect((await sweepSuppression(t.app, new Date(until.getTime() + 1000))).returned).toContain(unit);
    expect((await warning(w.id)).suppressedBy).toBeNull();
    const [back] = await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, unit));
    expect(back.outOfServiceAt).toBeNull();
    const auto = (await logs('inService', unit)).find((l) => l.username === 'system');
    expect(auto?.params).toMatchObject({ reason: '[[text.serviceEnded]]', outOfServiceReason: 'Seal repair', released: [w.id] });
  });

  it('a board gone offline suppresses its channels’ alarms behind one offline alarm; on its return only those still faulty alarm again, no new warnings', async () => {
    const units = [await seedEquipment(t, projectId, 'Off A'), await seedEquipment(t, projectId, 'Off B'), await seedEquipment(t, projectId, 'Off C')];
    const b = await board(projectId, units, 'OF-1');
    const opened = (await applyReading(t.app, b, [fault(1), fault(2), fault(3)])).opened;
    expect(opened).toHaveLength(3);
    const open = await openTotal(projectId);

    await t.database.db.update(fallDetect).set({ lastSeen: new Date(Date.now() - 3600_000) }).where(eq(fallDetect.id, b));
    await checkOffline(t.app);
    await checkOffline(t.app);
    const offline = await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.detectId, b), eq(fallWarning.kind, 'offline')));
    expect(offline).toHaveLength(1);
    for (const id of opened) expect((await warning(id)).suppressedBy).toBe('board_offline');
    const strip = (await alarms({ projectId })).list.map((a) => a.id);
    expect(strip).toContain(offline[0].id);
    for (const id of opened) expect(strip).not.toContain(id);
    // The channels' warnings are still open, and so is the board's: one more open warning, none fewer.
    expect(await openTotal(projectId)).toBe(open + 1);

    // Back: channel 1 still faulty alarms again; 2 and 3 read normal and close quietly; no new warning opens.
    const first = await applyReading(t.app, b, [fault(1), normal(2), normal(3)]);
    expect(first.opened).toEqual([]);
    expect(first.closed).toContain(offline[0].id);
    expect((await warning(opened[0])).suppressedBy).toBeNull();
    expect((await warning(opened[1])).suppressedBy).toBe('board_offline');
    const back = (await alarms({ projectId })).list.map((a) => a.id);
    expect(back).toContain(opened[0]);
    expect(back).not.toContain(opened[1]);
    expect(back).not.toContain(opened[2]);
    for (let i = 1; i < CLOSE_AFTER; i += 1) await applyReading(t.app, b, [fault(1), normal(2), normal(3)]);
    expect(await warning(opened[1])).toMatchObject({ result: 'fixed', suppressedBy: 'board_offline' });
    expect((await openOf(b, 1)).id).toBe(opened[0]);
    // The journal lists them by cause.
    const journal = await t.call('POST', '/api/ball/fallwarning/list', { token: operator, body: { detectId: b, suppressed: 'board_offline' } });
    expect(journal.body.data.list.map((r: { id: number }) => r.id).sort()).toEqual([opened[1], opened[2]].sort());
  });
});
