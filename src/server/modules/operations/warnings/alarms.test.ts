import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallWarning, sysConfig, sysLog, sysSession } from '../../../db/schema';
import { newToken } from '../../../lib/password';
import { seedProject } from '@tests/helpers/work-fixtures';
import { applyReading } from '../detect/readings';
import { escalateAlarms } from './warnings.service';
import type { LiveEvent } from '@shared/live';

const normal = (ch: number) => ({ ch, switch: 0 as const, analog: 50 });
const switchFault = (ch: number) => ({ ch, switch: 1 as const, analog: 50 });
const analogOut = (ch: number) => ({ ch, switch: 0 as const, analog: 500 });

/** Alarms on the walls: what pops up, acknowledging, the permission, escalation and the push. */
describe('alarms: acknowledge, escalate, push', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let viewer: string;
  let projectId: number;
  let otherProject: number;
  let boardId: number;
  let otherBoard: number;
  let published: LiveEvent[];

  async function board(project: number, no: string): Promise<number> {
    const res = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId: project, slave: 1, ip: '127.0.0.1', boardName: `Board ${no}`, boardNo: no, pollSeconds: 5 } });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }

  async function displayToken(label: string): Promise<string> {
    const { token, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'display', label, expiresAt: null });
    return token;
  }

  const alarms = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/ball/fallwarning/alarms', { token, body });
    expect(res.status).toBe(200);
    return res.body.data as { list: { id: number; level: string; projectId: number; overdue: boolean; escalatedAt: string | null }[]; total: number; flood: { raised: number; active: boolean; groups: unknown[] }; sounds: Record<string, string>; levels: string[]; escalateMinutes: number; muteMinutes: number };
  };
  const setSetting = async (key: string, value: string) => {
    const res = await t.call('POST', '/api/sys/config/update', { token: admin, body: { key, value } });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    operator = await t.tokenFor('operator');
    viewer = await t.tokenFor('viewer');
    projectId = await seedProject(t, { name: 'Lakeside' });
    otherProject = await seedProject(t, { name: 'Hillside' });
    boardId = await board(projectId, 'A-01');
    otherBoard = await board(otherProject, 'B-01');
    const publish = t.app.live.publish.bind(t.app.live);
    vi.spyOn(t.app.live, 'publish').mockImplementation(async (e) => {
      published.push(e);
      return publish(e);
    });
  });
  afterAll(() => t.close());

  it('pops up open, unacknowledged warnings of the levels that pop up, per project, with the sounds of the settings', async () => {
    const critical = (await applyReading(t.app, boardId, [switchFault(1), normal(2)])).opened[0];
    const warning = (await applyReading(t.app, boardId, [switchFault(1), analogOut(2)])).opened[0];
    const elsewhere = (await applyReading(t.app, otherBoard, [switchFault(3)])).opened[0];
    const all = await alarms(await displayToken('Control room'));
    expect(all.list.map((a) => a.id)).toEqual(expect.arrayContaining([critical, warning, elsewhere]));
    expect(all.list.find((a) => a.id === critical)).toMatchObject({ level: 'critical', overdue: false, escalatedAt: null });
    expect(all.sounds).toEqual({ info: 'none', warning: 'chime', critical: 'siren' });
    expect(all.levels).toEqual(['warning', 'critical']);
    expect(all.escalateMinutes).toBe(10);
    expect(all.muteMinutes).toBe(15);
    // A wall reads how long its mute lasts from the setting, a fraction of a minute included.
    await setSetting('alarm.muteMinutes', '0.05');
    expect((await alarms(operator, { projectId })).muteMinutes).toBe(0.05);
    await setSetting('alarm.muteMinutes', '15');
    const mine = await alarms(operator, { projectId });
    expect(mine.list.map((a) => a.id).sort()).toEqual([critical, warning].sort());

    // The levels and sounds are settings; a typo in them falls back to the default, never silence.
    await setSetting('alarm.popupLevels', 'critical');
    await setSetting('alarm.sounds', '{"critical":"beep","warning":"kazoo"}');
    const criticalOnly = await alarms(operator, { projectId });
    expect(criticalOnly.list.map((a) => a.id)).toEqual([critical]);
    expect(criticalOnly.sounds).toEqual({ info: 'none', warning: 'chime', critical: 'beep' });
    await setSetting('alarm.popupLevels', 'nonsense');
    expect((await alarms(operator, { projectId })).levels).toEqual(['warning', 'critical']);
    await setSetting('alarm.popupLevels', 'warning,critical');
    await setSetting('alarm.sounds', '{"info":"none","warning":"chime","critical":"siren"}');
  });

  it('acknowledges with the button permission only, records who and when, logs it and pushes it to the project walls', async () => {
    const [w] = await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.detectId, boardId), eq(fallWarning.channel, 1)));
    // A viewer and a kiosk display (viewer role) may look but not acknowledge; bad input is a 400 in the caller's language.
    expect((await t.call('POST', '/api/ball/fallwarning/ack', { token: viewer, body: { id: w.id } })).status).toBe(403);
    const kiosk = await displayToken('Control room');
    expect((await t.call('POST', '/api/ball/fallwarning/ack', { token: kiosk, body: { id: w.id } })).status).toBe(403);
    const bad = await t.call('POST', '/api/ball/fallwarning/ack', { token: operator, body: { id: 'x' }, lang: 'zh-CN' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await t.call('POST', '/api/ball/fallwarning/ack', { token: operator, body: { id: 987654 } })).status).toBe(404);

    published = [];
    const before = Date.now();
    const res = await t.call('POST', '/api/ball/fallwarning/ack', { token: operator, body: { id: w.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: w.id, ackBy: 'operator' });
    const [row] = await t.database.db.select().from(fallWarning).where(eq(fallWarning.id, w.id));
    expect(row.ackBy).toBe('operator');
    expect(row.ackAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Acknowledged is not dealt with: the warning stays open, off the walls.
    expect(row.result).toBeNull();
    expect(published).toContainEqual(expect.objectContaining({ topic: 'warning', projectId, id: w.id }));
    expect((await alarms(operator, { projectId })).list.map((a) => a.id)).not.toContain(w.id);
    const info = await t.call('GET', `/api/ball/fallwarning/info/${w.id}`, { token: operator });
    expect(info.body.data).toMatchObject({ ackBy: 'operator', result: null, overdue: false });
    const unacked = await t.call('POST', '/api/ball/fallwarning/list', { token: operator, body: { page: 1, limit: 50, ack: 'unacked', projectId } });
    expect(unacked.body.data.list.map((x: { id: number }) => x.id)).not.toContain(w.id);
    const acked = await t.call('POST', '/api/ball/fallwarning/list', { token: operator, body: { page: 1, limit: 50, ack: 'acked' } });
    expect(acked.body.data.list.map((x: { id: number }) => x.id)).toEqual([w.id]);

    // Twice: the second wall learns it was done already.
    const again = await t.call('POST', '/api/ball/fallwarning/ack', { token: admin, body: { id: w.id } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('This alarm has already been acknowledged');
    // The operation log has it, as the action the log screen names.
    const logged = await t.database.db.select().from(sysLog).where(and(eq(sysLog.action, 'ack'), eq(sysLog.username, 'operator'), eq(sysLog.success, true)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ module: 'ball/fallwarning', menuCode: 'fall-detect', statusCode: 200 });

    // A dealt-with warning cannot be acknowledged.
    const [dealt] = await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.detectId, boardId), eq(fallWarning.channel, 2)));
    expect((await t.call('POST', '/api/ball/fallwarning/deal', { token: operator, body: { id: dealt.id, result: 'not_fixed' } })).status).toBe(200);
    expect((await t.call('POST', '/api/ball/fallwarning/ack', { token: operator, body: { id: dealt.id } })).body.msg).toBe('This warning has already been dealt with');
  });

  it('a display whose role is granted the button acknowledges from the wall, logged by its label', async () => {
    const [role] = await t.database.query<{ id: number }>("SELECT id FROM sys_role WHERE code = 'viewer'");
    const [button] = await t.database.query<{ id: number }>("SELECT id FROM sys_menu WHERE perms = 'fall-detect#ack'");
    await t.database.query('INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2)', [role.id, button.id]);
    try {
      const [w] = await t.database.db.select().from(fallWarning).where(eq(fallWarning.detectId, otherBoard));
      const kiosk = await displayToken('Lobby wall');
      const session = await t.call('GET', '/api/wall/session', { token: kiosk });
      expect(session.body.data.perms).toContain('fall-detect#ack');
      const res = await t.call('POST', '/api/ball/fallwarning/ack', { token: kiosk, body: { id: w.id } });
      expect(res.status).toBe(200);
      expect(res.body.data.ackBy).toBe('Lobby wall');
      const logged = await t.database.db.select().from(sysLog).where(and(eq(sysLog.action, 'ack'), eq(sysLog.username, 'Lobby wall')));
      expect(logged).toHaveLength(1);
      expect(logged[0].target).toBe(String(w.id));
    } finally {
      await t.database.query('DELETE FROM sys_role_menu WHERE role_id = $1 AND menu_id = $2', [role.id, button.id]);
    }
  });

  it('escalates an alarm left unacknowledged past the setting once, marks it overdue and pushes it', async () => {
    const opened = (await applyReading(t.app, boardId, [switchFault(5)])).opened[0];
    const fresh = (await applyReading(t.app, boardId, [switchFault(6)])).opened[0];
    // Opened 11 minutes ago: past the default 10.
    await t.database.db.update(fallWarning).set({ at: new Date(Date.now() - 11 * 60_000), soundingSince: new Date(Date.now() - 11 * 60_000) }).where(eq(fallWarning.id, opened));
    // Raised 40 minutes ago but sounding for 2 (released from a shelving): its wait started again (0060).
    await t.database.db.update(fallWarning).set({ at: new Date(Date.now() - 40 * 60_000), soundingSince: new Date(Date.now() - 2 * 60_000) }).where(eq(fallWarning.id, fresh));
    published = [];
    const escalated = await escalateAlarms(t.app);
    expect(escalated).toEqual([{ id: opened, projectId }]);
    expect(published).toContainEqual(expect.objectContaining({ topic: 'warning', projectId }));
    const list = (await alarms(operator, { projectId })).list;
    expect(list.find((a) => a.id === opened)).toMatchObject({ overdue: true });
    expect(list.find((a) => a.id === opened)!.escalatedAt).not.toBeNull();
    expect(list.find((a) => a.id === fresh)).toMatchObject({ overdue: false, escalatedAt: null });
    const listed = await t.call('POST', '/api/ball/fallwarning/list', { token: operator, body: { page: 1, limit: 50, projectId } });
    expect(listed.body.data.list.find((x: { id: number }) => x.id === opened).overdue).toBe(true);
    // Once: a second sweep finds nothing new.
    expect(await escalateAlarms(t.app)).toEqual([]);
    // 0 minutes: alarms never escalate and never read overdue.
    await setSetting('alarm.escalateMinutes', '0');
    await t.database.db.update(fallWarning).set({ at: new Date(Date.now() - 60 * 60_000), soundingSince: new Date(Date.now() - 60 * 60_000) }).where(eq(fallWarning.id, fresh));
    expect(await escalateAlarms(t.app)).toEqual([]);
    expect((await alarms(operator, { projectId })).list.every((a) => !a.overdue)).toBe(true);
    await setSetting('alarm.escalateMinutes', '10');
    // Acknowledged alarms never escalate.
    expect((await t.call('POST', '/api/ball/fallwarning/ack', { token: operator, body: { id: fresh } })).status).toBe(200);
    expect(await escalateAlarms(t.app)).toEqual([]);
  });

  it('counts every alarm a wall holds, and groups them by project and unit while more than 10 were raised in 10 minutes', async () => {
    const flooded = await seedProject(t, { name: 'Flooded', nameEn: 'Flooded' });
    const boards = [await board(flooded, 'F-01'), await board(flooded, 'F-02')];
    const calm = await alarms(admin, { projectId: flooded });
    expect(calm).toMatchObject({ total: 0, flood: { raised: 0, active: false, groups: [] } });
    // Nine channels of two boards trip: 18 alarms within the minute, on a wall that lists 50 at most.
    for (const b of boards) await applyReading(t.app, b, Array.from({ length: 9 }, (_, i) => switchFault(i + 1)));
    const flood = (await alarms(admin, { projectId: flooded })) as unknown as {
      list: unknown[];
      total: number;
      flood: { raised: number; active: boolean; groups: { detectId: number | null; equipmentId: number | null; count: number; level: string }[] };
    };
    expect(flood.total).toBe(18);
    expect(flood.flood.raised).toBe(18);
    expect(flood.flood.active).toBe(true);
    // No channel is wired to a unit: one group per board, each with its nine alarms, critical.
    expect(flood.flood.groups.map((g) => [g.detectId, g.equipmentId, g.count, g.level]).sort()).toEqual(boards.map((b) => [b, null, 9, 'critical']).sort());
    // The groups hold what the list's count holds.
    expect(flood.flood.groups.reduce((n, g) => n + g.count, 0)).toBe(flood.total);
    // Acknowledged alarms leave the groups; the rate still counts what was raised.
    const ackAll = await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { projectId: flooded, page: 1, limit: 50 } });
    for (const w of ackAll.body.data.list.slice(0, 9)) await t.call('POST', '/api/ball/fallwarning/ack', { token: admin, body: { id: w.id } });
    const after = (await alarms(admin, { projectId: flooded })) as unknown as { total: number; flood: { raised: number; groups: { count: number }[] } };
    expect(after.total).toBe(9);
    expect(after.flood.raised).toBe(18);
    expect(after.flood.groups.reduce((n, g) => n + g.count, 0)).toBe(9);
    // Another project's wall is not in this flood.
    expect((await alarms(admin, { projectId: otherProject })).flood).toMatchObject({ active: false });
  });

  it('the settings show on the configuration screen', async () => {
    const rows = await t.database.db.select({ key: sysConfig.key }).from(sysConfig);
    expect(rows.map((r) => r.key)).toEqual(expect.arrayContaining(['alarm.popupLevels', 'alarm.sounds', 'alarm.escalateMinutes', 'alarm.muteMinutes']));
  });
});
