import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallDetect, fallProject, fallWarning, sysLog } from '../../../db/schema';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { applyReading, checkOffline } from '../detect/readings';
import { escalateAlarms } from './warnings.service';
import { sweepSuppression } from './suppression';
import { windowAt, windowIntervals, type StoredWindow } from './windows';

const normal = (ch: number) => ({ ch, switch: 0 as const, analog: 50 });
const fault = (ch: number) => ({ ch, switch: 1 as const, analog: 50 });
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso).getTime();
const weekly = (id: number, days: (1 | 2 | 3 | 4 | 5 | 6 | 7)[], start: string, end: string): StoredWindow => ({ id, kind: 'weekly', slots: [{ days, start, end }], dateFrom: null, dateTo: null });
const dates = (id: number, from: string, to: string): StoredWindow => ({ id, kind: 'dates', slots: [], dateFrom: from, dateTo: to });
/** The one occurrence of a window around `instant` (a day either side). */
const occurrence = (w: StoredWindow, zone: string, instant: number) => windowIntervals(w, zone, instant - 24 * HOUR, instant + 24 * HOUR).find((i) => i.start <= instant && instant < i.end);

/**
 * Alarm maintenance windows (docs/alarms.md "Maintenance windows"): the instants a window holds, in
 * the project's own zone across daylight-saving changes (Europe/Berlin, America/New_York), and what a
 * window does to a project's alarms through the API and the device jobs' sweep.
 */
describe('maintenance windows across daylight saving', () => {
  it('Europe/Berlin: a 01:00–05:00 window is 3 h on the spring day and 5 h in autumn, starting and ending at the local minute', () => {
    const night = weekly(1, [7], '01:00', '05:00');
    // 2026-03-29: clocks jump 02:00 CET → 03:00 CEST. 01:00 CET = 00:00Z; 05:00 CEST = 03:00Z.
    expect(occurrence(night, 'Europe/Berlin', at('2026-03-29T01:00:00Z'))).toEqual({ start: at('2026-03-29T00:00:00Z'), end: at('2026-03-29T03:00:00Z') });
    expect(windowAt([night], 'Europe/Berlin', at('2026-03-29T00:00:00Z') - 1)).toBeNull();
    expect(windowAt([night], 'Europe/Berlin', at('2026-03-29T00:00:00Z'))).toEqual({ id: 1, until: at('2026-03-29T03:00:00Z') });
    expect(windowAt([night], 'Europe/Berlin', at('2026-03-29T03:00:00Z'))).toBeNull();
    // 2026-10-25: clocks fall back 03:00 CEST → 02:00 CET. 01:00 CEST = 23:00Z the day before; 05:00 CET = 04:00Z.
    expect(occurrence(night, 'Europe/Berlin', at('2026-10-25T01:00:00Z'))).toEqual({ start: at('2026-10-24T23:00:00Z'), end: at('2026-10-25T04:00:00Z') });
    expect(windowAt([night], 'Europe/Berlin', at('2026-10-25T04:00:00Z') - 1)?.id).toBe(1);
    expect(windowAt([night], 'Europe/Berlin', at('2026-10-25T04:00:00Z'))).toBeNull();
    // A window past midnight that starts before the change and ends after it: Saturday 22:00 CET → Sunday 06:00 CEST.
    expect(occurrence(weekly(2, [6], '22:00', '06:00'), 'Europe/Berlin', at('2026-03-29T01:00:00Z'))).toEqual({ start: at('2026-03-28T21:00:00Z'), end: at('2026-03-29T04:00:00Z') });
    // Whole days over the change: midnight CET of the 28th to midnight CEST after the 29th, 47 h.
    expect(occurrence(dates(3, '2026-03-28', '2026-03-29'), 'Europe/Berlin', at('2026-03-29T12:00:00Z'))).toEqual({ start: at('2026-03-27T23:00:00Z'), end: at('2026-03-29T22:00:00Z') });
  });

  it('America/New_York: a nightly 20:00–08:00 window is 11 h on the spring night and 13 h in autumn', () => {
    const nightly = weekly(1, [1, 2, 3, 4, 5, 6, 7], '20:00', '08:00');
    // 2026-03-08: 02:00 EST → 03:00 EDT. Saturday 20:00 EST = 01:00Z; Sunday 08:00 EDT = 12:00Z.
    expect(occurrence(nightly, 'America/New_York', at('2026-03-08T06:00:00Z'))).toEqual({ start: at('2026-03-08T01:00:00Z'), end: at('2026-03-08T12:00:00Z') });
    // 2026-11-01: 02:00 EDT → 01:00 EST. Saturday 20:00 EDT = 00:00Z; Sunday 08:00 EST = 13:00Z.
    expect(occurrence(nightly, 'America/New_York', at('2026-11-01T06:00:00Z'))).toEqual({ start: at('2026-11-01T00:00:00Z'), end: at('2026-11-01T13:00:00Z') });
    expect(windowAt([nightly], 'America/New_York', at('2026-11-01T13:00:00Z') - 1)?.until).toBe(at('2026-11-01T13:00:00Z'));
    expect(windowAt([nightly], 'America/New_York', at('2026-11-01T13:00:00Z'))).toBeNull();
    // Of two windows that hold an instant, the one that ends last is in force.
    const drain = dates(9, '2026-10-31', '2026-11-02');
    expect(windowAt([nightly, drain], 'America/New_York', at('2026-11-01T06:00:00Z'))).toEqual({ id: 9, until: at('2026-11-03T05:00:00Z') });
  });
});

describe('maintenance windows: suppression and escalation through the API and the sweep', () => {
  let t: TestApp;
  let manager: string;
  let operator: string;
  let viewer: string;
  let berlin: number;
  let york: number;
  const save = (body: Record<string, unknown>, lang?: string, token = manager) => t.call('POST', '/api/ball/fallalarmwindow/save', { token, body, lang });

  /** A board with channel n wired to units[n-1], heard from once with all channels normal. */
  const board = async (project: number, units: number[], no: string) => {
    const res = await t.call('POST', '/api/ball/falldetect/save', { token: manager, body: { projectId: project, boardName: `Board ${no}`, boardNo: no, pollSeconds: 5 } });
    expect(res.status).toBe(200);
    const id = res.body.data.id as number;
    expect((await t.call('POST', '/api/ball/falldetect/channels/update', { token: manager, body: { id, channels: units.map((equipmentId, i) => ({ ch: i + 1, equipmentId })) } })).status).toBe(200);
    await applyReading(t.app, id, units.map((_, i) => normal(i + 1)));
    return id;
  };
  const strip = async (projectId: number) => {
    const res = await t.call('POST', '/api/ball/fallwarning/alarms', { token: operator, body: { projectId } });
    expect(res.status).toBe(200);
    return res.body.data as { list: { id: number }[]; total: number };
  };
  const warning = async (id: number) => (await t.database.db.select().from(fallWarning).where(eq(fallWarning.id, id)))[0];
  const project = async (id: number) => (await t.database.db.select({ windowId: fallProject.alarmWindowId, until: fallProject.alarmWindowUntil }).from(fallProject).where(eq(fallProject.id, id)))[0];
  const list = async (projectId: number) => (await t.call('POST', '/api/ball/fallalarmwindow/list', { token: manager, body: { projectId, page: 1, limit: 50 } })).body.data.list as { id: number; active: boolean; activeUntil: string | null }[];

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.tokenFor('manager');
    operator = await t.tokenFor('operator');
    viewer = await t.tokenFor('viewer');
    berlin = await seedProject(t, { name: 'Spree fountains', timeZone: 'Europe/Berlin' });
    york = await seedProject(t, { name: 'Hudson cascade', timeZone: 'America/New_York' });
  });
  afterAll(() => t.close());

  it('refuses a window it cannot keep with a 400 naming the field, in both languages; reading and writing need the right', async () => {
    const noSlots = await save({ projectId: berlin, name: 'Night', kind: 'weekly', slots: [] }, 'en');
    expect(noSlots.status).toBe(400);
    expect(noSlots.body.data.fields).toEqual({ slots: 'A weekly window needs at least one slot of hours' });
    const backwards = await save({ projectId: berlin, name: 'Drain', kind: 'dates', dateFrom: '2026-12-10', dateTo: '2026-12-01' }, 'en');
    expect(backwards.status).toBe(400);
    expect(backwards.body.data.fields).toEqual({ dateTo: 'The end date cannot be before the start date' });
    const backwardsCn = await save({ projectId: berlin, name: 'Drain', kind: 'dates', dateFrom: '2026-12-10', dateTo: '2026-12-01' }, 'zh-CN');
    expect(backwardsCn.body.data.fields.dateTo).toBe('结束日期不能早于开始日期');
    const noDates = await save({ projectId: berlin, name: 'Drain', kind: 'dates' }, 'en');
    expect(Object.keys(noDates.body.data.fields).sort()).toEqual(['dateFrom', 'dateTo']);
    expect((await save({ projectId: berlin, name: 'Drain', kind: 'dates', dateFrom: '2026-02-30', dateTo: '2026-03-02' })).body.data.fields).toHaveProperty('dateFrom');
    expect((await save({ projectId: berlin, name: 'Long', kind: 'dates', dateFrom: '2026-01-01', dateTo: '2027-01-02' }, 'en')).body.data.fields).toEqual({ dateTo: 'A date window lasts at most 366 days' });
    expect((await save({ projectId: berlin, name: 'Bad hour', kind: 'weekly', slots: [{ days: [1], start: '25:00', end: '05:00' }] })).body.data.fields).toHaveProperty('slots.0.start');
    expect((await save({ projectId: berlin, name: 'x', kind: 'monthly', slots: [] })).body.data.fields).toHaveProperty('kind');
    expect((await save({ projectId: 999_999, name: 'x', kind: 'weekly', slots: [{ days: [1], start: '01:00', end: '02:00' }] })).status).toBe(400);
    expect((await save({ projectId: berlin, name: 'x', kind: 'weekly', slots: [{ days: [1], start: '01:00', end: '02:00' }] }, undefined, viewer)).status).toBe(403);
    expect((await t.call('POST', '/api/ball/fallalarmwindow/list', { token: operator, body: {} })).status).toBe(403);
    // A project's zone is an IANA name; anything else is refused where it is set.
    const zone = await t.call('POST', '/api/ball/fallproject/update', { token: manager, body: { id: berlin, timeZone: 'Mars/Olympus' }, lang: 'en' });
    expect(zone.status).toBe(400);
    expect(zone.body.data.fields).toHaveProperty('timeZone');
    // An update is checked as the whole window it makes.
    const ok = await save({ projectId: york, name: 'Drain', kind: 'dates', dateFrom: '2030-01-01', dateTo: '2030-01-31' });
    expect(ok.status).toBe(200);
    const shrink = await t.call('POST', '/api/ball/fallalarmwindow/update', { token: manager, body: { id: ok.body.data.id, dateTo: '2029-12-01' }, lang: 'en' });
    expect(shrink.status).toBe(400);
    expect(shrink.body.data.fields).toEqual({ dateTo: 'The end date cannot be before the start date' });
    expect((await t.call('POST', '/api/ball/fallalarmwindow/delete', { token: manager, body: [ok.body.data.id] })).status).toBe(200);
  });

  it('suppresses a project\'s alarms from the window\'s local start to its end across the spring change, pauses escalation, and sounds them again', async () => {
    const pump = await seedEquipment(t, berlin, 'Spree pump');
    const jet = await seedEquipment(t, berlin, 'Spree jet');
    const b = await board(berlin, [pump, jet], 'SP-1');
    const standing = (await applyReading(t.app, b, [fault(1), normal(2)])).opened[0];
    expect((await strip(berlin)).list.map((a) => a.id)).toContain(standing);

    const res = await save({ projectId: berlin, name: 'Sunday cleaning', kind: 'weekly', slots: [{ days: [7], start: '01:00', end: '05:00' }], reason: 'Nozzles cleaned' });
    expect(res.status).toBe(200);
    const windowId = res.body.data.id as number;

    // One minute before 01:00 CET on the spring day: not yet.
    await sweepSuppression(t.app, new Date(at('2026-03-29T00:00:00Z') - 60_000));
    expect(await project(berlin)).toEqual({ windowId: null, until: null });
    expect((await warning(standing)).suppressedBy).toBeNull();

    // 01:00 local: in force until 05:00 CEST (03:00Z), the standing alarm suppressed and off the strip, still open.
    const start = await sweepSuppression(t.app, new Date('2026-03-29T00:00:00Z'));
    expect(start.windows.entered).toEqual([berlin]);
    expect(await project(berlin)).toEqual({ windowId, until: new Date('2026-03-29T03:00:00Z') });
    expect(await warning(standing)).toMatchObject({ suppressedBy: 'maintenance', result: null });
    expect((await strip(berlin)).list.map((a) => a.id)).not.toContain(standing);
    expect((await list(berlin)).find((w) => w.id === windowId)).toMatchObject({ active: true, activeUntil: '2026-03-29T03:00:00.000Z' });
    const [logged] = await t.database.db.select().from(sysLog).where(and(eq(sysLog.action, 'windowStart'), eq(sysLog.target, String(berlin))));
    expect(logged).toMatchObject({ username: 'system', module: 'ball/fallalarmwindow', menuCode: 'fall-alarmwindow' });
    expect(logged.params).toMatchObject({ window: windowId, until: '2026-03-29T03:00:00.000Z', suppressed: [standing] });

    // A fault raised in the window opens suppressed, without an order; an offline board's warning too.
    const inWindow = (await applyReading(t.app, b, [fault(1), fault(2)])).opened[0];
    expect(await warning(inWindow)).toMatchObject({ suppressedBy: 'maintenance' });
    const quiet = await board(berlin, [await seedEquipment(t, berlin, 'Spree lights')], 'SP-2');
    await t.database.db.update(fallDetect).set({ lastSeen: new Date(Date.now() - HOUR) }).where(eq(fallDetect.id, quiet));
    const offline = await checkOffline(t.app);
    const [offlineWarning] = await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.detectId, quiet), eq(fallWarning.kind, 'offline'), isNull(fallWarning.result)));
    expect(offline).toContain(offlineWarning.id);
    expect(offlineWarning.suppressedBy).toBe('maintenance');

    // Long past the escalation time, nothing of the project escalates while the window holds.
    await t.database.db.update(fallWarning).set({ at: new Date(Date.now() - 2 * HOUR), soundingSince: new Date(Date.now() - 2 * HOUR) }).where(eq(fallWarning.projectId, berlin));
    const escalated = (await escalateAlarms(t.app)).map((r) => r.id);
    expect(escalated).not.toContain(standing);
    expect(escalated).not.toContain(inWindow);

    // Still in force one millisecond before 05:00 CEST; at 05:00 it ends and every alarm sounds again.
    await sweepSuppression(t.app, new Date(at('2026-03-29T03:00:00Z') - 1));
    expect((await project(berlin)).windowId).toBe(windowId);
    const end = await sweepSuppression(t.app, new Date('2026-03-29T03:00:00Z'));
    expect(end.windows.left).toEqual([berlin]);
    expect(await project(berlin)).toEqual({ windowId: null, until: null });
    for (const id of [standing, inWindow, offlineWarning.id]) expect((await warning(id)).suppressedBy).toBeNull();
    expect((await strip(berlin)).list.map((a) => a.id)).toEqual(expect.arrayContaining([standing, inWindow, offlineWarning.id]));
    const [ended] = await t.database.db.select().from(sysLog).where(and(eq(sysLog.action, 'windowEnd'), eq(sysLog.target, String(berlin))));
    expect((ended.params as { released: number[] }).released.sort()).toEqual([standing, inWindow, offlineWarning.id].sort());
    // The board heard again closes its offline warning; the channels clear with their readings.
    await t.call('POST', '/api/ball/fallalarmwindow/delete', { token: manager, body: [windowId] });
  });

  it('a shelved alarm stays shelved through a window and, unshelved inside one, stays suppressed by it; deleting the window in force releases at once', async () => {
    const pump = await seedEquipment(t, york, 'Hudson pump');
    const fan = await seedEquipment(t, york, 'Hudson fan');
    const b = await board(york, [pump, fan], 'HU-1');
    const [shelvedOne, plain] = (await applyReading(t.app, b, [fault(1), fault(2)])).opened;
    expect((await t.call('POST', '/api/ball/fallwarning/shelve', { token: operator, body: { id: shelvedOne, minutes: 60, reason: 'Seal on order' } })).status).toBe(200);

    // The autumn night in New York: in force from 20:00 EDT to 08:00 EST, 13 h.
    const res = await save({ projectId: york, name: 'Nights', kind: 'weekly', slots: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '20:00', end: '08:00' }] });
    const windowId = res.body.data.id as number;
    await sweepSuppression(t.app, new Date('2026-11-01T00:00:00Z'));
    expect(await project(york)).toEqual({ windowId, until: new Date('2026-11-01T13:00:00Z') });
    expect((await warning(shelvedOne)).suppressedBy).toBe('shelved');
    expect((await warning(plain)).suppressedBy).toBe('maintenance');

    // Unshelved while the window holds: suppressed by the window, not sounding.
    expect((await t.call('POST', '/api/ball/fallwarning/unshelve', { token: operator, body: { id: shelvedOne } })).status).toBe(200);
    expect((await warning(shelvedOne)).suppressedBy).toBe('maintenance');

    // The window deleted (archived): the project leaves it at once, its alarms sound again.
    expect((await t.call('POST', '/api/ball/fallalarmwindow/delete', { token: manager, body: [windowId] })).status).toBe(200);
    expect(await project(york)).toEqual({ windowId: null, until: null });
    expect((await warning(shelvedOne)).suppressedBy).toBeNull();
    expect((await warning(plain)).suppressedBy).toBeNull();
    expect(await list(york)).toEqual([]);
  });
});
