import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { BoardSimulator } from '../../../devices/simulator';
import { seedBoards } from './board-fixtures';
import { ReadingIngest } from './ingest';
import { CHATTER_COUNT, CHATTER_SECONDS, sweepConditions } from './readings';

/**
 * Alarm conditioning at the source and chattering (docs/alarms.md), through the ingest with explicit
 * reading times: the simulator plays the boards, a reading every 2 s of simulated time.
 */
describe('alarm conditioning: on-delay, off-delay, deadband, N in M, and chattering', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);
  const STEP = 2_000;

  interface WarningRow {
    id: number;
    at: Date;
    result: string | null;
    chatter: number;
    detect_id: number;
    channel: number;
    deal_at: Date | null;
  }
  const warnings = (boardId: number) =>
    t.database.query<WarningRow>(`SELECT id, at, result, chatter, detect_id, channel, deal_at FROM fall_warning WHERE detect_id = $1 AND kind = 'channel' ORDER BY at, id`, [boardId]);

  /** A board of the simulator (unit 1) with its own ingest; `play` sends the simulator's reading at each time. */
  async function board(prefix: string, settings: Record<string, unknown> = {}) {
    const [b] = await seedBoards(t.database, projectId, 1, { prefix });
    if (Object.keys(settings).length) {
      const res = await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: b.id, channels: [{ ch: 1, ...settings }] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const sim = new BoardSimulator({ units: [1], faultRate: 0 });
    sim.addBoard(1);
    for (let ch = 1; ch <= 9; ch++) sim.hold(1, ch, { switch: 0, analog: 50 });
    const ingest = new ReadingIngest(t.app, { maxRows: 40, maxWaitMs: 5 });
    /** Sends a reading at each time from..to (ms since T0, every STEP), `at(ms)` setting channel 1 first. */
    const play = async (from: number, to: number, at: (ms: number) => { switch?: 0 | 1; analog?: number }) => {
      const sent: Promise<unknown>[] = [];
      for (let ms = from; ms <= to; ms += STEP) {
        sim.hold(1, 1, { switch: 0, analog: 50, ...at(ms) });
        sent.push(ingest.submit(b.id, sim.reading(1), 'demo', { at: new Date(T0 + ms) }));
        // A batch at a time: the readings of one board apply in their order either way.
        if (sent.length >= 30) await Promise.all(sent.splice(0));
      }
      await Promise.all(sent);
      await ingest.drain();
    };
    return { id: b.id, play, ingest };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Conditioning park' });
  });
  afterAll(() => t.close());

  it('a channel crossing its limit 20 times an hour for 10 s each: 20 alarms unconditioned, none with a 30 s on-delay', async () => {
    const HOUR = 3_600_000;
    // Every 3 minutes, 10 s over the limit (a pump's inrush at each start).
    const over = (ms: number) => (ms % 180_000 < 10_000 ? { analog: 130 } : {});
    const plain = await board('FLICK0');
    const delayed = await board('FLICK30', { onDelaySeconds: 30 });
    await plain.play(0, HOUR - STEP, over);
    for (let ms = 0; ms < HOUR; ms += 60_000) {
      // The sweep looks too, as the device jobs do: nothing has held 30 s.
      await delayed.play(ms, ms + 60_000 - STEP, over);
      expect((await sweepConditions(t.app, new Date(T0 + ms + 60_000))).opened).toEqual([]);
    }
    expect(await warnings(plain.id)).toHaveLength(20);
    expect(await warnings(delayed.id)).toHaveLength(0);
    // Conditioning sends no more readings one by one than the alarms it spares would have.
    expect(delayed.ingest.stats().slow).toBeLessThanOrEqual(plain.ingest.stats().slow);
  }, 240_000);

  it('the ingest fast path: only a reading that changes a state, or meets a condition under way, goes one by one', async () => {
    const b = await board('FAST', { onDelaySeconds: 30 });
    let ms = 0;
    /** One reading in a batch of its own; how many readings went through applyReading for it. */
    const one = async (over: { analog?: number }) => {
      const before = b.ingest.stats().slow;
      await b.play(ms, ms, () => over);
      ms += STEP;
      return b.ingest.stats().slow - before;
    };
    expect(await one({})).toBe(1); // the board comes online
    expect(await one({})).toBe(0);
    expect(await one({ analog: 130 })).toBe(1); // the condition begins: its on-delay runs
    expect(await one({ analog: 130 })).toBe(1); // identical, but the on-delay may have run out
    expect(await one({})).toBe(1); // normal again: the pending condition stops
    expect(await one({})).toBe(0);
    expect(await warnings(b.id)).toHaveLength(0);
    const [ch] = await t.database.query<{ pending: Date | null }>(`SELECT pending_since AS pending FROM fall_detect_channel WHERE detect_id = $1 AND ch = 1`, [b.id]);
    expect(ch.pending).toBeNull();
  });

  it('a true fault held 60 s alarms within on-delay + 5 s of its start, with identical readings after it, and clears after its off-delay', async () => {
    const b = await board('HELD', { onDelaySeconds: 30, offDelaySeconds: 20 });
    const start = 10_000;
    await b.play(0, 120_000, (ms) => (ms >= start && ms < start + 60_000 ? { analog: 130 } : {}));
    const [w, ...more] = await warnings(b.id);
    expect(more).toEqual([]);
    const after = w.at.getTime() - (T0 + start);
    expect(after).toBeGreaterThanOrEqual(30_000);
    expect(after).toBeLessThanOrEqual(35_000);
    // Normal from start + 60 s: closed once 20 s of normal readings (and three of them) have passed.
    expect(w.result).toBe('fixed');
    const cleared = w.deal_at!.getTime() - (T0 + start + 60_000);
    expect(cleared).toBeGreaterThanOrEqual(20_000);
    expect(cleared).toBeLessThanOrEqual(22_000);
  }, 120_000);

  it('a board that sends rarely: the sweep fires the on-delay and the off-delay that ran out with no new reading', async () => {
    const b = await board('RARE', { onDelaySeconds: 30, offDelaySeconds: 30 });
    await b.play(0, 0, () => ({ analog: 130 }));
    expect((await sweepConditions(t.app, new Date(T0 + 29_000))).opened).toEqual([]);
    const fired = await sweepConditions(t.app, new Date(T0 + 31_000));
    expect(fired.opened).toHaveLength(1);
    const [w] = await warnings(b.id);
    expect(w).toMatchObject({ id: fired.opened[0], result: null });
    // Three normal readings (detect.closeAfterNormal), then silence: closed once 30 s of normal have passed.
    await b.play(40_000, 44_000, () => ({}));
    expect((await sweepConditions(t.app, new Date(T0 + 60_000))).closed).toEqual([]);
    expect((await sweepConditions(t.app, new Date(T0 + 71_000))).closed).toEqual([w.id]);
    const [ch] = await t.database.query<{ result: string; pending: Date | null; normal: Date | null }>(
      `SELECT result, pending_since AS pending, normal_since AS normal FROM fall_detect_channel WHERE detect_id = $1 AND ch = 1`,
      [b.id],
    );
    expect(ch).toEqual({ result: 'normal', pending: null, normal: null });
  });

  it('a value flickering around its limit with a deadband does not chatter: 1 alarm, not many; back inside the band it clears', async () => {
    // 103, 98, 98, 98, 103, …: across the limit of 100 and back, never below 95.
    const flicker = (ms: number) => ({ analog: (ms / STEP) % 4 === 0 ? 103 : 98 });
    const plain = await board('BAND0');
    const banded = await board('BAND5', { deadband: 5 });
    await plain.play(0, 600_000, flicker);
    await banded.play(0, 600_000, flicker);
    // Unconditioned: an alarm at each crossing once three normal readings closed the last one.
    expect((await warnings(plain.id)).length).toBeGreaterThan(10);
    const [one, ...more] = await warnings(banded.id);
    expect(more).toEqual([]);
    expect(one.result).toBeNull();
    await banded.play(602_000, 604_000, () => ({ analog: 96 }));
    expect((await warnings(banded.id))[0].result).toBeNull();
    await banded.play(606_000, 610_000, () => ({ analog: 94 }));
    expect((await warnings(banded.id))[0].result).toBe('fixed');
  }, 120_000);

  it('N times in M minutes on a switch input: the 3rd fault within 10 minutes alarms, 3 spread over longer do not, a stuck contact does', async () => {
    const b = await board('NINM', { repeatCount: 3, repeatMinutes: 10 });
    const pulses = (starts: number[]) => (ms: number) => (starts.some((s) => ms >= s && ms < s + 4_000) ? { switch: 1 as const } : {});
    // Faults at 0, 5 and 11 minutes: never 3 within 10 minutes.
    await b.play(0, 12 * 60_000, pulses([0, 5 * 60_000, 11 * 60_000]));
    expect(await warnings(b.id)).toHaveLength(0);
    // A 4th at 14 minutes: with 5 and 11, three within 10 minutes.
    await b.play(12 * 60_000 + STEP, 15 * 60_000, pulses([14 * 60_000]));
    const [w, ...more] = await warnings(b.id);
    expect(more).toEqual([]);
    expect(w.at.getTime()).toBe(T0 + 14 * 60_000);

    // A contact stuck closed counts once, but holding it for the whole window alarms too.
    const stuck = await board('STUCK', { repeatCount: 3, repeatMinutes: 2 });
    await stuck.play(0, 150_000, () => ({ switch: 1 }));
    const [s] = await warnings(stuck.id);
    expect(s.at.getTime()).toBe(T0 + 120_000);
  }, 120_000);

  it('the device model is the default, the channel overrides it; the dialog reads both', async () => {
    const dev = await t.call('POST', '/api/ball/falldevice/save', { token: admin, body: { name: 'Inrush pump', category: 'pump', model: 'IP-30', onDelaySeconds: 30 } });
    expect(dev.status, JSON.stringify(dev.body)).toBe(200);
    const unit = await seedEquipment(t, projectId, 'Pump with a model');
    await t.database.query(`UPDATE fall_eq_info SET device_id = $1 WHERE id = $2`, [dev.body.data.id, unit]);
    const inherits = await board('MODEL', { equipmentId: unit });
    const overrides = await board('OWN', { equipmentId: unit, onDelaySeconds: 0 });
    const burst = (ms: number) => (ms >= 4_000 && ms < 14_000 ? { analog: 130 } : {});
    await inherits.play(0, 30_000, burst);
    await overrides.play(0, 30_000, burst);
    expect(await warnings(inherits.id)).toHaveLength(0);
    expect(await warnings(overrides.id)).toHaveLength(1);
    const info = await t.call('GET', `/api/ball/falldetect/info/${inherits.id}`, { token: admin });
    expect(info.body.data.channels[0]).toMatchObject({ onDelaySeconds: null, model: { onDelaySeconds: 30, deadband: null } });
    expect(info.body.data.channels[1]).toMatchObject({ onDelaySeconds: null, model: null });
    const own = await t.call('GET', `/api/ball/falldetect/info/${overrides.id}`, { token: admin });
    expect(own.body.data.channels[0]).toMatchObject({ onDelaySeconds: 0, model: { onDelaySeconds: 30 } });
    // Cleared back to inherit with '' (an emptied input).
    const cleared = await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, body: { id: overrides.id, channels: [{ ch: 1, onDelaySeconds: '' }] } });
    expect(cleared.status).toBe(200);
    expect((await t.call('GET', `/api/ball/falldetect/info/${overrides.id}`, { token: admin })).body.data.channels[0].onDelaySeconds).toBeNull();
    const list = await t.call('POST', '/api/ball/falldevice/list', { token: admin, body: { page: 1, limit: 50, keyword: 'IP-30' } });
    expect(list.body.data.list[0]).toMatchObject({ model: 'IP-30', onDelaySeconds: 30, offDelaySeconds: null });
  });

  it('refuses bad settings with a 400 naming the field, in both languages', async () => {
    const [b] = await seedBoards(t.database, projectId, 1, { prefix: 'BAD' });
    const refused = async (settings: Record<string, unknown>, lang = 'en') => {
      const res = await t.call('POST', '/api/ball/falldetect/channels/update', { token: admin, lang, body: { id: b.id, channels: [{ ch: 1, ...settings }] } });
      expect(res.status, JSON.stringify(settings)).toBe(400);
      return res.body.data.fields as Record<string, string>;
    };
    expect(await refused({ onDelaySeconds: -1 })).toEqual({ 'channels.0.onDelaySeconds': 'Invalid value' });
    expect(await refused({ offDelaySeconds: 1e9 })).toEqual({ 'channels.0.offDelaySeconds': 'Invalid value' });
    expect(await refused({ onDelaySeconds: 1.5 })).toEqual({ 'channels.0.onDelaySeconds': 'Invalid value' });
    expect(await refused({ deadband: -2 })).toEqual({ 'channels.0.deadband': 'Invalid value' });
    expect(await refused({ repeatCount: 0 })).toEqual({ 'channels.0.repeatCount': 'Invalid value' });
    expect(await refused({ repeatMinutes: 100_000 })).toEqual({ 'channels.0.repeatMinutes': 'Invalid value' });
    // The range is 0–100: a band of 50 would never let an alarm clear.
    expect(await refused({ deadband: 50 })).toEqual({ 'channels.0.deadband': 'The deadband must be less than half the range' });
    expect(await refused({ deadband: 50 }, 'zh-CN')).toEqual({ 'channels.0.deadband': '死区须小于量程的一半' });
    const dev = await t.call('POST', '/api/ball/falldevice/save', { token: admin, body: { name: 'Bad model', category: 'pump', offDelaySeconds: -5 } });
    expect(dev.status).toBe(400);
    expect(dev.body.data.fields).toEqual({ offDelaySeconds: 'Invalid value' });
  });

  it('chattering: the 3rd alarm of a channel within 60 s is marked, recomputable from the journal, and listed', async () => {
    const b = await board('CHAT');
    // Faulty one reading in four (three normal readings close it): an alarm every 8 s.
    await b.play(0, 200_000, (ms) => ((ms / STEP) % 4 === 0 ? { analog: 130 } : {}));
    const rows = await warnings(b.id);
    expect(rows.length).toBeGreaterThan(20);
    // Recomputed from the rows: the board and channel's warnings in the 60 s up to each one, itself included.
    const all = await t.database.query<WarningRow>(`SELECT id, at, chatter, detect_id, channel FROM fall_warning WHERE kind = 'channel'`);
    let mismatches = 0;
    for (const w of all) {
      const n = all.filter((o) => o.detect_id === w.detect_id && o.channel === w.channel && o.at.getTime() <= w.at.getTime() && o.at.getTime() >= w.at.getTime() - CHATTER_SECONDS * 1000).length;
      if ((n >= CHATTER_COUNT ? n : 0) !== Number(w.chatter)) mismatches += 1;
    }
    expect(mismatches).toBe(0);
    expect(rows.slice(0, 2).map((w) => Number(w.chatter))).toEqual([0, 0]);
    expect(Number(rows[2].chatter)).toBe(3);
    expect(Math.max(...rows.map((w) => Number(w.chatter)))).toBe(8); // 60 s / 8 s, both ends in
    const list = await t.call('POST', '/api/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 100, detectId: b.id } });
    const byId = new Map((list.body.data.list as { id: number; chatter: number }[]).map((w) => [w.id, w.chatter]));
    expect(rows.every((w) => byId.get(w.id) === Number(w.chatter))).toBe(true);
  }, 120_000);
});
