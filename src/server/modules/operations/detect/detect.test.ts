import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fallDetect, fallDetectChannel, fallEqInfo, fallOrder, fallWarning } from '../../../db/schema';
import { BoardSimulator, freePort } from '../../../devices/simulator';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { applyReading, checkOffline, isFault } from './readings';
import { pollBoard, pollDueBoards } from './poller';
import { renderText } from '@shared/server-text';
import { signReading } from '../../../devices/signing';
import type { SignedReading } from '@shared/contracts/detect';

const allNormal = () => Array.from({ length: 9 }, (_, i) => ({ ch: i + 1, switch: 0 as const, analog: 50 }));

describe('fall/detect boards, the device protocol and warnings', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  let autoProject: number;
  let pump: number;
  let boardId: number;
  const PROJECT_KEY = 'lakeside-001';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Lakeside', uniqueKey: PROJECT_KEY });
    autoProject = await seedProject(t, { name: 'Auto park', autoOrder: true });
    pump = await seedEquipment(t, projectId, 'Pump 1');
    const res = await t.call('POST', '/api/ball/falldetect/save', {
      token: admin,
      body: { projectId, slave: 3, ip: '127.0.0.1', boardName: 'Pump room', boardNo: 'B-01', posX: 0.25, posY: 0.5, pollSeconds: 5 },
    });
    expect(res.status).toBe(200);
    boardId = res.body.data.id;
  });
  afterAll(() => t.close());

  it('creates a board with nine channels, edits channels and checks their equipment project', async () => {
    const info = await t.call('GET', `/api/ball/falldetect/info/${boardId}`, { token: admin });
    expect(info.body.data).toMatchObject({ boardName: 'Pump room', port: 502, slave: 3, hasKey: false, projectName: 'Lakeside' });
    expect(info.body.data).not.toHaveProperty('boardKeyHash');
    expect(info.body.data.channels.map((c: { ch: number }) => c.ch)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const up = await t.call('POST', '/api/ball/falldetect/channels/update', {
      token: admin,
      body: { id: boardId, channels: [{ ch: 1, label: 'Main pump', equipmentId: pump, analogMin: 10, analogMax: 90 }] },
    });
    expect(up.status).toBe(200);
    const after = await t.call('GET', `/api/ball/falldetect/info/${boardId}`, { token: admin });
    expect(after.body.data.channels[0]).toMatchObject({ label: 'Main pump', equipmentId: pump, equipmentName: 'Pump 1', analogMin: 10, analogMax: 90 });
    const foreign = await seedEquipment(t, autoProject, 'Elsewhere');
    const wrong = await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: boardId, channels: [{ ch: 2, equipmentId: foreign }] } });
    expect(wrong.body.data.fields).toEqual({ 'channels.0.equipmentId': 'The equipment does not belong to the chosen project' });
    const range = await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: boardId, channels: [{ ch: 2, analogMin: 5, analogMax: 1 }] } });
    expect(range.status).toBe(400);
    const bad = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId, slave: 300, port: 0, boardName: '', posX: 2 } });
    expect(bad.body.data.fields).toMatchObject({ slave: 'Invalid value', port: 'Invalid value', boardName: 'This field is required', posX: 'Invalid value' });
    const list = await t.call('POST', '/api/ball/falldetect/list', { token: admin, body: { page: 1, limit: 10, projectId } });
    expect(list.body.data.list[0]).toMatchObject({ boardNo: 'B-01', faultCount: 0 });
    expect(list.body.data.list[0]).not.toHaveProperty('boardKeyHash');
  });

  it('finds a board as either list shows it: its Chinese or English name, or its number', async () => {
    const made = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId, boardName: '三号检测板', boardNameEn: 'Board 3', boardNo: 'SEARCH-03' } });
    expect(made.status).toBe(200);
    const ids = async (boardName: string) =>
      ((await t.call('POST', '/api/ball/falldetect/list', { token: admin, body: { projectId, boardName, page: 1, limit: 50 } })).body.data.list as { id: number }[]).map((b) => b.id);
    for (const q of ['Board', 'board 3', '三号', 'SEARCH-03']) expect(await ids(q), q).toContain(made.body.data.id);
    expect(await ids('Board 4')).not.toContain(made.body.data.id);
  });

  it('the fault rule: switch 1, or analog outside its range', () => {
    expect(isFault({ switch: 1, analog: 50 }, { analogMin: 0, analogMax: 100 })).toBe(true);
    expect(isFault({ switch: 0, analog: 100.5 }, { analogMin: 0, analogMax: 100 })).toBe(true);
    expect(isFault({ switch: 0, analog: -1 }, { analogMin: 0, analogMax: 100 })).toBe(true);
    expect(isFault({ switch: 0, analog: 100 }, { analogMin: 0, analogMax: 100 })).toBe(false);
  });

  it('accepts HTTP reports only signed with the issued board key, within the clock-skew window, once', async () => {
    let seq = 0;
    const body = (key: string, over: Record<string, unknown> = {}) => signReading(key, { boardNo: 'B-01', at: Date.now(), seq: ++seq, channels: allNormal(), ...over } as SignedReading);
    const report = (headers: Record<string, string>, payload: unknown) => t.call('POST', '/api/ball/detect/report', { headers, body: payload });
    const refusal = async () => (await t.database.db.select().from(fallDetect).where(eq(fallDetect.id, boardId)))[0];
    expect((await report({}, body('anything'))).status).toBe(401);
    expect((await report({ 'x-project-key': PROJECT_KEY }, body('anything'))).status).toBe(403); // no key issued yet
    await vi.waitFor(async () => expect((await refusal()).refusedReason).toBe('noKey'));
    const issued = await t.call('POST', '/api/ball/falldetect/key', { token: admin, body: { id: boardId } });
    const key = issued.body.data.boardKey as string;
    expect(key.length).toBeGreaterThan(20);
    const [stored] = await t.database.db.select().from(fallDetect).where(eq(fallDetect.id, boardId));
    expect(stored.boardKeyHash).not.toContain(key);
    expect((await t.call('GET', `/api/ball/falldetect/info/${boardId}`, { token: admin })).body.data.hasKey).toBe(true);
    expect((await report({ 'x-project-key': PROJECT_KEY }, body(key + 'x'))).status).toBe(403);
    expect((await report({ 'x-project-key': 'other-project' }, body(key))).status).toBe(403);
    // A body changed after signing, or a signature moved onto another body, is refused.
    const signed = body(key);
    expect((await report({ 'x-project-key': PROJECT_KEY }, { ...signed, body: signed.body.replace('"analog":50', '"analog":51') })).status).toBe(403);
    // Old firmware sending its key is refused, and shown as such on the board.
    const legacy = await report({ 'x-project-key': PROJECT_KEY, 'x-board-key': key }, { boardNo: 'B-01', channels: allNormal() });
    expect(legacy.status).toBe(403);
    await vi.waitFor(async () => expect((await refusal()).refusedReason).toBe('unsigned'));
    const good = await report({ 'x-project-key': PROJECT_KEY }, signed);
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual({ opened: [], closed: [], orders: [] });
    // The same signed reading again is a replay: 409, applied once.
    const replay = await report({ 'x-project-key': PROJECT_KEY }, signed);
    expect(replay.status).toBe(409);
    expect(replay.body.msg).toMatch(/already/);
    // A reading outside the clock-skew window (either way) is refused with its own message, and recorded.
    const skew = (await t.app.settings.get('detect.clockSkewSeconds')) * 1000;
    const stale = await report({ 'x-project-key': PROJECT_KEY }, body(key, { at: Date.now() - skew - 5_000 }));
    expect(stale.status).toBe(403);
    expect(stale.body.msg).toMatch(/clock/);
    expect((await report({ 'x-project-key': PROJECT_KEY }, body(key, { at: Date.now() + skew + 5_000 }))).status).toBe(403);
    await vi.waitFor(async () => expect((await refusal()).refusedReason).toMatch(/stale|future/));
    const byId = await report({ 'x-project-key': PROJECT_KEY }, signReading(key, { boardId, at: Date.now(), seq: 1, channels: [{ ch: 10, switch: 2, analog: 'x' }] } as never));
    expect(byId.status).toBe(400);
    expect(Object.keys(byId.body.data.fields).sort()).toEqual(['body.channels.0.analog', 'body.channels.0.ch', 'body.channels.0.switch']);
    // A reading naming one channel twice is refused, not guessed at.
    const twice = await report({ 'x-project-key': PROJECT_KEY }, body(key, { channels: [{ ch: 1, switch: 0, analog: 50 }, { ch: 1, switch: 1, analog: 0 }] }));
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body.data.fields)).toEqual(['body.channels']);
    expect(twice.body.data.fields['body.channels']).toMatch(/twice|两次/);
    const [seen] = await t.database.db.select().from(fallDetect).where(eq(fallDetect.id, boardId));
    expect(seen.online).toBe(true);
    expect(seen.lastSeen).not.toBeNull();
    const reissue = await t.call('POST', '/api/ball/falldetect/key', { token: admin, body: { id: boardId } });
    expect((await report({ 'x-project-key': PROJECT_KEY }, body(key))).status).toBe(403);
    await vi.waitFor(async () => expect((await refusal()).refusedReason).toBe('signature'));
    const list = await t.call('POST', '/api/ball/falldetect/list', { token: admin, body: { page: 1, limit: 10, projectId } });
    const row = list.body.data.list.find((b: { id: number }) => b.id === boardId);
    expect(row).toMatchObject({ refusedReason: 'signature' });
    expect(Date.parse(row.refusedSince)).toBeLessThanOrEqual(Date.parse(row.refusedAt));
    expect((await report({ 'x-project-key': PROJECT_KEY }, body(reissue.body.data.boardKey))).status).toBe(200);
    const noPerm = await t.userWith(['fall-detect#update']);
    expect((await t.call('POST', '/api/ball/falldetect/key', { token: noPerm.token, body: { id: boardId } })).status).toBe(403);
  });

  it('a fault opens one warning and breaks the equipment; N normal readings close it as fixed', async () => {
    const fault = allNormal().map((c) => (c.ch === 1 ? { ...c, switch: 1 as const } : c));
    const first = await applyReading(t.app, boardId, fault);
    expect(first.opened).toHaveLength(1);
    expect(first.orders).toEqual([]); // this project has no autoOrder
    const again = await applyReading(t.app, boardId, fault);
    expect(again.opened).toEqual([]);
    const open = await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.detectId, boardId), isNull(fallWarning.result)));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'channel', channel: 1, level: 'critical', equipmentId: pump, projectId });
    // Stored as a message key with parameters, read in the reader's language (one language per screen).
    expect(renderText(open[0].info, 'en')).toContain('Pump room CH1 Main pump');
    const [e] = await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, pump));
    expect(e.state).toBe('broken');

    // closeAfterNormal defaults to 3
    expect((await applyReading(t.app, boardId, allNormal())).closed).toEqual([]);
    expect((await applyReading(t.app, boardId, allNormal())).closed).toEqual([]);
    const third = await applyReading(t.app, boardId, allNormal());
    expect(third.closed).toEqual([open[0].id]);
    const [closed] = await t.database.db.select().from(fallWarning).where(eq(fallWarning.id, open[0].id));
    expect(closed).toMatchObject({ result: 'fixed', dealtBy: 'system' });
    expect(closed.dealAt).not.toBeNull();
    expect((await t.database.db.select().from(fallEqInfo).where(eq(fallEqInfo.id, pump)))[0].state).toBe('normal');
    const [ch1] = await t.database.db.select().from(fallDetectChannel).where(and(eq(fallDetectChannel.detectId, boardId), eq(fallDetectChannel.ch, 1)));
    expect(ch1.result).toBe('normal');

    // analog outside the channel range (10..90) is a fault too, at warning level
    const analog = await applyReading(t.app, boardId, [{ ch: 1, switch: 0, analog: 95 }]);
    expect(analog.opened).toHaveLength(1);
    const [w] = await t.database.db.select().from(fallWarning).where(eq(fallWarning.id, analog.opened[0]));
    expect(w.level).toBe('warning');
  });

  it('opens a maintenance order linked both ways when the project asks for it', async () => {
    const eq1 = await seedEquipment(t, autoProject, 'Jet pump');
    const created = await t.call('POST', '/api/ball/falldetect/save', { token: admin, body: { projectId: autoProject, boardName: 'Jet board', boardNo: 'J-1' } });
    const id = created.body.data.id;
    await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id, channels: [{ ch: 4, equipmentId: eq1, label: 'Jet' }] } });
    const out = await applyReading(t.app, id, [{ ch: 4, switch: 1, analog: 0 }]);
    expect(out.orders).toHaveLength(1);
    const [order] = await t.database.db.select().from(fallOrder).where(eq(fallOrder.id, out.orders[0]));
    expect(order).toMatchObject({ source: 'warning', warningId: out.opened[0], equipmentId: eq1, projectId: autoProject, status: 'submitted', priority: 'high' });
    const [warning] = await t.database.db.select().from(fallWarning).where(eq(fallWarning.id, out.opened[0]));
    expect(warning.orderId).toBe(order.id);
    // a second fault on the same equipment while the order is open joins that order
    await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id, channels: [{ ch: 5, equipmentId: eq1 }] } });
    const second = await applyReading(t.app, id, [{ ch: 5, switch: 1, analog: 0 }]);
    expect(second.orders).toEqual([order.id]);
    // a person deals with a warning: fixed clears the channel, so a lasting fault opens a new one
    const deal = await t.call('POST', '/api/ball/fallwarning/deal', { token: admin, body: { id: out.opened[0], result: 'fixed', note: 'Replaced relay' } });
    expect(deal.body.data).toMatchObject({ result: 'fixed', dealtBy: 'admin' });
    expect((await t.call('POST', '/api/ball/fallwarning/deal', { token: admin, body: { id: out.opened[0], result: 'fixed' } })).body.msg).toBe('This warning has already been dealt with');
    const reopened = await applyReading(t.app, id, [{ ch: 4, switch: 1, analog: 0 }]);
    expect(reopened.opened).toHaveLength(1);
    const notFixed = await t.call('POST', '/api/ball/fallwarning/deal', { token: admin, body: { id: reopened.opened[0], result: 'not_fixed' } });
    expect(notFixed.status).toBe(200);
    expect((await applyReading(t.app, id, [{ ch: 4, switch: 1, analog: 0 }])).opened).toEqual([]);
  });

  it('raises one offline warning for a silent board and closes it when the board reports again', async () => {
    await t.database.query(`UPDATE fall_detect SET last_seen = now() - interval '1 hour', online = true WHERE id = $1`, [boardId]);
    const opened = await checkOffline(t.app);
    const mine = await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.detectId, boardId), eq(fallWarning.kind, 'offline')));
    expect(mine).toHaveLength(1);
    expect(opened).toContain(mine[0].id);
    expect((await t.database.db.select().from(fallDetect).where(eq(fallDetect.id, boardId)))[0].online).toBe(false);
    await checkOffline(t.app);
    expect(await t.database.db.select().from(fallWarning).where(and(eq(fallWarning.detectId, boardId), eq(fallWarning.kind, 'offline')))).toHaveLength(1);
    const back = await applyReading(t.app, boardId, allNormal());
    expect(back.closed).toContain(mine[0].id);
    // a board heard recently is not offline
    expect(await checkOffline(t.app)).not.toContain(mine[0].id);
  });

  it('polls a board over Modbus TCP from the simulator and applies the reading', async () => {
    const sim = new BoardSimulator({ units: [3, 4], random: () => 0.5 });
    const served = await sim.serveModbus('127.0.0.1', 0);
    try {
      sim.set(3, 2, { switch: 1 });
      sim.set(3, 7, { analog: 72.5 });
      const reading = await pollBoard({ ip: '127.0.0.1', port: served.port, slave: 3 });
      expect(reading).toHaveLength(9);
      expect(reading[1]).toEqual({ ch: 2, switch: 1, analog: 50 });
      expect(reading[6]).toEqual({ ch: 7, switch: 0, analog: 72.5 });
      await t.database.db.update(fallDetect).set({ port: served.port, lastSeen: null }).where(eq(fallDetect.id, boardId));
      const sweep = await pollDueBoards(t.app);
      expect(sweep.failed).toBe(0);
      expect(sweep.polled).toBeGreaterThanOrEqual(1);
      const [ch2] = await t.database.db.select().from(fallDetectChannel).where(and(eq(fallDetectChannel.detectId, boardId), eq(fallDetectChannel.ch, 2)));
      expect(ch2).toMatchObject({ switchValue: 1, result: 'fault' });
      // an unknown unit id is an error reply, not a hang
      await expect(pollBoard({ ip: '127.0.0.1', port: served.port, slave: 9 }, 1000)).rejects.toBeDefined();
    } finally {
      await served.close();
    }
    await expect(pollBoard({ ip: '127.0.0.1', port: await freePort(), slave: 1 }, 1000)).rejects.toBeDefined();
  });

  it('simulated ticks drift values and sometimes fault', () => {
    let n = 0;
    const sim = new BoardSimulator({ units: [1], faultRate: 1, faultTicks: 2, random: () => ((n = (n + 0.37) % 1), n) });
    sim.tick();
    const faulty = sim.reading(1).filter((c) => isFault(c, { analogMin: 0, analogMax: 100 }));
    expect(faulty.length).toBeGreaterThan(0);
  });

  it('lists warnings with names and filters, and serves the latest to the wall', async () => {
    const list = await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 50, projectId } });
    expect(list.body.data.total).toBeGreaterThan(0);
    expect(list.body.data.list[0]).toMatchObject({ projectName: 'Lakeside', boardName: 'Pump room' });
    const open = await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 50, result: 'open', detectId: boardId } });
    expect(open.body.data.list.every((w: { result: string | null }) => w.result === null)).toBe(true);
    const info = await t.call('GET', `/api/ball/fallwarning/info/${list.body.data.list[0].id}`, { token: admin });
    expect(info.body.data.id).toBe(list.body.data.list[0].id);
    const wall = await t.userWith(['ship-scene#view']);
    const latest = await t.call('POST', '/api/ball/fallwarning/latest', { token: wall.token, body: { limit: 2 } });
    expect(latest.status).toBe(200);
    expect(latest.body.data.list).toHaveLength(2);
    const openAll = await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 1, result: 'open' } });
    expect(latest.body.data.openTotal).toBe(openAll.body.data.total);
    expect((await t.call('POST', '/api/ball/fallwarning/list', { token: wall.token, body: { page: 1, limit: 5 } })).status).toBe(403);
    const viewer = await t.tokenFor('viewer');
    expect((await t.call('POST', '/api/ball/fallwarning/deal', { token: viewer, body: { id: 1, result: 'fixed' } })).status).toBe(403);
    expect((await t.call('POST', '/api/ball/fallwarning/deal', { body: { id: 1, result: 'fixed' } })).status).toBe(401);
    const bad = await t.call('POST', '/api/ball/fallwarning/deal', { token: admin, body: { id: 1, result: 'maybe' } });
    expect(bad.body.data.fields).toEqual({ result: 'This field is required' });
  });

  it.each([
    ['POST', '/api/ball/falldetect/list', { page: 1, limit: 10 }],
    ['GET', '/api/ball/falldetect/info/1', undefined],
    ['POST', '/api/ball/falldetect/save', { projectId: 1, boardName: 'x' }],
    ['POST', '/api/ball/falldetect/update', { id: 1 }],
    ['POST', '/api/ball/falldetect/channels/update', { id: 1, channels: [{ ch: 1 }] }],
    ['POST', '/api/ball/falldetect/delete', [1]],
    ['POST', '/api/ball/fallwarning/list', { page: 1, limit: 10 }],
  ] as const)('%s %s: 401 without a token, 403 with an unrelated permission', async (method, url, body) => {
    expect((await t.call(method, url, { body })).status).toBe(401);
    const { token } = await t.userWith(['fall-order#list']);
    expect((await t.call(method, url, { token, body })).status).toBe(403);
  });
});
