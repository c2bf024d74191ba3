import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CHATTER_ALARMS, CHATTER_SECONDS, FLOOD_ALARMS, HEALTH_TOP_SOURCES, STALE_HOURS, type AlarmHealth } from '@shared/contracts/alarm-health';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedEquipment, seedProject } from '@tests/helpers/work-fixtures';
import { seedBoards } from '../operations/detect/board-fixtures';
import { applyReading, checkOffline } from '../operations/detect/readings';
import { prng } from '../../db/seed/site-plan';

/**
 * The alarm system's health recomputed from the journal's rows, independently of the server's SQL:
 * every figure, and every figure's drill-down total, must agree (0 mismatches).
 */

const FROM = '2025-03-01';
const TO = '2025-03-03';
const START = Date.parse(`${FROM}T00:00:00Z`);
const END = Date.parse(`${TO}T00:00:00Z`) + 86_400_000;
const BUCKET = 600_000;

interface Alarm {
  id?: number;
  at: number;
  level: string;
  kind: 'channel' | 'offline';
  projectId: number;
  board: number;
  ch: number;
  ackAt: number | null;
  dealAt: number | null;
  /** suppressed_by and shelved_by as written. */
  cause: string | null;
  shelvedBy: string;
}

/** An operation-log row as written (sys_log). */
interface Log {
  module: string;
  action: string;
  target: number;
  at: number;
  params: Record<string, unknown>;
}

/** A unit as written: its project, its out-of-service column, archived or not. */
interface Unit {
  id: number;
  projectId: number;
  outAt: number | null;
  archived: boolean;
}

/**
 * Shelving, suppression by cause and units out of service, computed here from the rows and the log:
 * an alarm of the range counts as shelved when its row says so (its cause, a shelver kept) or a shelve
 * log row names it; under a cause when its row keeps that cause or a log row's list names it (a unit's
 * outOfService `suppressed`, its inService `released`, a window's windowStart `suppressed`, its
 * windowEnd `released`, a board's boardOffline `suppressed`, its boardOnline `released`, an unshelve
 * whose `now` is the cause). A unit was out in the range when one of
 * its out-of-service spells (from an outOfService row to its next inService row, or open) overlaps it,
 * or it is out now since before the range's end.
 */
function expectedSuppression(all: Alarm[], logs: Log[], units: Unit[], projectId?: number) {
  const mine = (x: { projectId: number }) => projectId === undefined || x.projectId === projectId;
  const a = all.filter((x) => x.at >= START && x.at < END && mine(x));
  const named = (module: string, action: string, list: string, id: number) =>
    logs.some((l) => l.module === module && l.action === action && Array.isArray(l.params[list]) && (l.params[list] as number[]).includes(id));
  const unshelvedInto = (x: Alarm, cause: string) => logs.some((l) => l.module === 'ball/fallwarning' && l.action === 'unshelve' && l.target === x.id && l.params.now === cause);
  const shelved = a.filter((x) => x.cause === 'shelved' || x.shelvedBy !== '' || logs.some((l) => l.module === 'ball/fallwarning' && l.action === 'shelve' && l.target === x.id));
  const under = (cause: string) =>
    a.filter(
      (x) =>
        x.cause === cause ||
        unshelvedInto(x, cause) ||
        (cause === 'board_offline' && (named('ball/falldetect', 'boardOffline', 'suppressed', x.id!) || named('ball/falldetect', 'boardOnline', 'released', x.id!))) ||
        (cause === 'maintenance' && (named('ball/fallalarmwindow', 'windowStart', 'suppressed', x.id!) || named('ball/fallalarmwindow', 'windowEnd', 'released', x.id!))) ||
        (cause === 'out_of_service' && (named('ball/falleqinfo', 'outOfService', 'suppressed', x.id!) || named('ball/falleqinfo', 'inService', 'released', x.id!))),
    );
  const shelvedNow = all.filter((x) => x.dealAt === null && x.cause === 'shelved' && mine(x));
  const live = units.filter((u) => !u.archived && mine(u));
  const spells = (u: Unit) => {
    const mineLogs = logs.filter((l) => l.module === 'ball/falleqinfo' && l.target === u.id).sort((x, y) => x.at - y.at);
    const out: [number, number][] = [];
    for (const [i, l] of mineLogs.entries()) {
      if (l.action !== 'outOfService') continue;
      const back = mineLogs.slice(i + 1).find((m) => m.action === 'inService');
      out.push([l.at, back ? back.at : Infinity]);
    }
    return out;
  };
  const outInRange = live.filter((u) => (u.outAt !== null && u.outAt < END) || spells(u).some(([s, e]) => s < END && e > START));
  const outNow = live.filter((u) => u.outAt !== null);
  return {
    ids: { shelved, shelvedNow, board_offline: under('board_offline'), maintenance: under('maintenance'), out_of_service: under('out_of_service'), outNow, outInRange },
    figures: {
      shelved: shelved.length,
      shelvedNow: shelvedNow.length,
      suppressed: { board_offline: under('board_offline').length, maintenance: under('maintenance').length, out_of_service: under('out_of_service').length },
      outOfServiceNow: outNow.length,
      outOfService: outInRange.length,
    },
  };
}

/** percentile_cont: the linear interpolation between the ranks around p·(n−1). */
function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const v = [...values].sort((a, b) => a - b);
  const pos = p * (v.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return v[lo] + (v[hi] - v[lo]) * (pos - lo);
}

/** The health of a journal, computed here from its rows. */
function expected(all: Alarm[], now: number) {
  const a = all.filter((x) => x.at >= START && x.at < END);
  const buckets = Math.ceil((END - START) / BUCKET);
  const bucketOf = (x: Alarm) => Math.floor((x.at - START) / BUCKET);
  const perBucket = new Map<number, number>();
  for (const x of a) perBucket.set(bucketOf(x), (perBucket.get(bucketOf(x)) ?? 0) + 1);
  const flood = new Set([...perBucket].filter(([, n]) => n > FLOOD_ALARMS).map(([b]) => b));
  const episodes: number[][] = [];
  for (const b of [...flood].sort((x, y) => x - y)) {
    const last = episodes[episodes.length - 1];
    if (last && last[last.length - 1] === b - 1) last.push(b);
    else episodes.push([b]);
  }
  const key = (x: Alarm) => `${x.board}:${x.ch}`;
  const bySource = new Map<string, Alarm[]>();
  for (const x of a) bySource.set(key(x), [...(bySource.get(key(x)) ?? []), x]);
  const chattering = new Set<Alarm>();
  for (const list of bySource.values()) {
    for (const end of list) {
      const inWindow = list.filter((x) => x.at >= end.at - CHATTER_SECONDS * 1000 && x.at <= end.at);
      if (inWindow.length >= CHATTER_ALARMS) inWindow.forEach((x) => chattering.add(x));
    }
  }
  const stale = a.filter((x) => (x.dealAt ?? now) - x.at > STALE_HOURS * 3_600_000);
  const acked = a.filter((x) => x.ackAt !== null);
  const delays = acked.map((x) => (x.ackAt! - x.at) / 1000);
  const byLevel: Record<string, number> = {};
  for (const x of a) byLevel[x.level] = (byLevel[x.level] ?? 0) + 1;
  const top = [...bySource]
    .map(([k, list]) => ({ key: k, board: list[0].board, ch: list[0].ch, count: list.length }))
    .sort((x, y) => y.count - x.count || x.board - y.board || x.ch - y.ch)
    .slice(0, HEALTH_TOP_SOURCES);
  return {
    rows: a,
    ids: {
      all: a,
      flood: a.filter((x) => flood.has(bucketOf(x))),
      chattering: a.filter((x) => chattering.has(x)),
      stale,
      acked,
      bucket: (b: number) => a.filter((x) => bucketOf(x) === b),
      source: (k: string) => bySource.get(k) ?? [],
      level: (l: string) => a.filter((x) => x.level === l),
    },
    figures: {
      buckets,
      total: a.length,
      avgPerBucket: a.length / buckets,
      peakPerBucket: Math.max(0, ...perBucket.values()),
      floodBuckets: flood.size,
      floodShare: flood.size / buckets,
      floodEpisodes: episodes.map((e) => ({ first: e[0], last: e[e.length - 1], alarms: e.reduce((n, b) => n + perBucket.get(b)!, 0) })),
      floodAlarms: a.filter((x) => flood.has(bucketOf(x))).length,
      top: top.map((s) => ({ key: s.key, count: s.count })),
      topShare: a.length ? top.reduce((n, s) => n + s.count, 0) / a.length : 0,
      chatteringSources: new Set([...chattering].map(key)).size,
      chatteringAlarms: chattering.size,
      stale: stale.length,
      byLevel,
      acked: acked.length,
      ackMedianSeconds: percentile(delays, 0.5),
      ackP90Seconds: percentile(delays, 0.9),
      series: [...perBucket].sort(([x], [y]) => x - y).map(([bucket, count]) => ({ bucket, count })),
    },
  };
}

describe('the alarm system health (fall/alarm-health)', () => {
  let t: TestApp;
  let manager: string;
  const journal: Alarm[] = [];
  const logs: Log[] = [];
  const units: Unit[] = [];
  let p1 = 0;
  const body = { from: FROM, to: TO };

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.tokenFor('admin');
    const rnd = prng(38_2026);
    p1 = await seedProject(t, { name: 'Health P1', nameEn: 'Health P1' });
    const p2 = await seedProject(t, { name: 'Health P2', nameEn: 'Health P2' });
    const boards = [...(await seedBoards(t.database, p1, 3, { prefix: 'HA' })).map((b) => ({ ...b, projectId: p1 })), ...(await seedBoards(t.database, p2, 3, { prefix: 'HB' })).map((b) => ({ ...b, projectId: p2 }))];
    const levels = ['info', 'warning', 'critical'];
    const add = (at: number, board = boards[Math.floor(rnd() * boards.length)], ch = Math.floor(rnd() * 10)) => {
      const ack = rnd() < 0.7 ? at + Math.round(5_000 + rnd() * 1_800_000) : null;
      const stand = rnd() < 0.08 ? 25 * 3_600_000 + rnd() * 3_600_000 : rnd() * 3_600_000;
      journal.push({ at: Math.round(at), level: levels[Math.floor(rnd() * 3)], kind: ch === 0 ? 'offline' : 'channel', projectId: board.projectId, board: board.id, ch, ackAt: ack, dealAt: Math.round(at + stand), cause: null, shelvedBy: '' });
    };
    // A background of alarms over the range and a day either side of it.
    for (let i = 0; i < 400; i++) add(START - 86_400_000 + rnd() * (END - START + 2 * 86_400_000));
    // Floods: two buckets in a row over the limit, one alone, and one at the limit (not a flood).
    const inBucket = (bucket: number) => journal.filter((x) => x.at >= START + bucket * BUCKET && x.at < START + (bucket + 1) * BUCKET).length;
    for (const [bucket, n] of [[100, 15], [101, 12], [250, 11], [300, FLOOD_ALARMS]] as const) {
      for (let i = inBucket(bucket); i < n; i++) add(START + bucket * BUCKET + 1_000 + rnd() * (BUCKET - 2_000));
    }
    // Chattering: four alarms in 50 s on one channel; three 35 s apart on another (70 s: not chattering).
    for (let i = 0; i < 4; i++) add(START + 7_200_000 + i * 16_000, boards[0], 3);
    for (let i = 0; i < 3; i++) add(START + 9_000_000 + i * 35_000, boards[1], 5);
    // The range's first instant is in it, its end is not.
    add(START, boards[2], 1);
    add(END, boards[2], 2);
    // A source whose one alarm was raised before the range and stands shelved.
    add(START - 3_600_000, boards[3], 12);
    const early = journal[journal.length - 1];
    journal.sort((x, y) => x.at - y.at);
    // One alarm of each source is left open (the open-warning index allows one): its latest.
    const latest = new Map<string, Alarm>();
    for (const x of journal) latest.set(`${x.board}:${x.ch}`, x);
    for (const x of latest.values()) if (rnd() < 0.5) x.dealAt = null;
    // Suppression as the rows keep it: a cause (now, or when it closed), a shelving that ended (its shelver kept).
    const causes = ['shelved', 'board_offline', 'maintenance', 'out_of_service'];
    for (const x of journal) {
      const r = rnd();
      if (r < 0.15) x.cause = causes[Math.floor(rnd() * causes.length)];
      if (x.cause === 'shelved' || (r >= 0.15 && r < 0.2)) x.shelvedBy = 'op';
    }
    // Open shelved warnings raised before the range: shelved now, not alarms of the range.
    for (const x of latest.values()) if (x.dealAt === null && rnd() < 0.3) [x.cause, x.shelvedBy] = ['shelved', 'op'];
    [early.dealAt, early.cause, early.shelvedBy] = [null, 'shelved', 'op'];
    for (const x of journal) {
      const [row] = await t.database.query<{ id: number }>(
        `INSERT INTO fall_warning (at, info, kind, level, project_id, detect_id, channel, ack_at, ack_by, deal_at, result, dealt_by, suppressed_by, shelved_by)
         VALUES ($1, 'x', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [new Date(x.at).toISOString(), x.kind, x.level, x.projectId, x.board, x.ch || null, x.ackAt ? new Date(x.ackAt).toISOString() : null, x.ackAt ? 'op' : '',
          x.dealAt ? new Date(x.dealAt).toISOString() : null, x.dealAt ? 'fixed' : null, x.dealAt ? 'op' : '', x.cause, x.shelvedBy],
      );
      x.id = Number(row.id);
    }
    // Units: out now since before the range (no log), out now since inside it (logged), in and out before
    // it, out across its start, out and back inside it, out after it and back, and an archived one out now.
    const DAY = 86_400_000;
    const unitsOf = [p1, p1, p1, p1, p2, p2, p2, p1];
    for (const [i, projectId] of unitsOf.entries()) units.push({ id: await seedEquipment(t, projectId, `Health unit ${i}`), projectId, outAt: null, archived: false });
    const [u0, u1, u2, u3, u4, u5, u6, u7] = units;
    u0.outAt = START - 5 * DAY;
    u1.outAt = START + DAY;
    u7.outAt = START + DAY;
    u7.archived = true;
    const spell = (u: Unit, out: number, back?: number) => {
      logs.push({ module: 'ball/falleqinfo', action: 'outOfService', target: u.id, at: out, params: { reason: 'r', until: null, suppressed: [] } });
      if (back !== undefined) logs.push({ module: 'ball/falleqinfo', action: 'inService', target: u.id, at: back, params: { released: [] } });
    };
    spell(u1, START + DAY);
    spell(u2, START - 2 * DAY, START - DAY);
    spell(u3, START - DAY, START + DAY);
    spell(u4, START + DAY, START + 1.5 * DAY);
    spell(u5, END + DAY / 2, END + DAY);
    spell(u6, START - DAY, START); // back at the range's first instant: not out in it
    // The log naming alarms: shelves of alarms whose rows forgot it, the lists of a unit's and a window's
    // changes (some naming alarms outside the range), unshelves into a cause.
    const pick = () => journal[Math.floor(rnd() * journal.length)].id!;
    const picks = (n: number) => Array.from({ length: n }, pick);
    for (let i = 0; i < 12; i++) logs.push({ module: 'ball/fallwarning', action: 'shelve', target: pick(), at: START + rnd() * DAY, params: { reason: 'r', minutes: 30 } });
    for (let i = 0; i < 10; i++) logs.push({ module: 'ball/fallwarning', action: 'unshelve', target: pick(), at: START + rnd() * DAY, params: { reason: 'r', now: ['board_offline', 'maintenance', 'out_of_service', null][i % 4] } });
    logs.push({ module: 'ball/falleqinfo', action: 'outOfService', target: u0.id, at: START - 6 * DAY, params: { suppressed: picks(6) } });
    logs.push({ module: 'ball/falleqinfo', action: 'inService', target: u0.id, at: START - 5.5 * DAY, params: { released: picks(5) } });
    logs.push({ module: 'ball/fallalarmwindow', action: 'windowStart', target: p1, at: START + DAY, params: { window: 1, suppressed: picks(7) } });
    logs.push({ module: 'ball/fallalarmwindow', action: 'windowEnd', target: p1, at: START + 1.2 * DAY, params: { window: 1, released: picks(4) } });
    logs.push({ module: 'ball/fallalarmwindow', action: 'windowEnd', target: p2, at: START + 1.2 * DAY, params: { window: 2 } });
    logs.push({ module: 'ball/falldetect', action: 'boardOffline', target: boards[0].id, at: START + 0.5 * DAY, params: { suppressed: picks(5) } });
    logs.push({ module: 'ball/falldetect', action: 'boardOnline', target: boards[0].id, at: START + 0.6 * DAY, params: { released: picks(3) } });
    logs.push({ module: 'ball/falldetect', action: 'boardOnline', target: boards[1].id, at: START + 0.7 * DAY, params: { released: [] } });
    for (const u of units) {
      await t.database.query(`UPDATE fall_eq_info SET out_of_service_at = $1, out_of_service_reason = $2, archived_at = $3 WHERE id = $4`, [
        u.outAt === null ? null : new Date(u.outAt).toISOString(), u.outAt === null ? '' : 'repair', u.archived ? new Date().toISOString() : null, u.id]);
    }
    for (const l of logs) {
      await t.database.query(`INSERT INTO sys_log (module, action, target, params, at) VALUES ($1, $2, $3, $4, $5)`, [l.module, l.action, String(l.target), JSON.stringify(l.params), new Date(l.at).toISOString()]);
    }
  }, 120_000);
  afterAll(() => t.close());

  it('recomputes every figure and every drill-down from the rows: 0 mismatches', async () => {
    const res = await t.call('POST', '/api/ball/alarmhealth/figures', { token: manager, body });
    expect(res.status).toBe(200);
    const h = res.body.data as AlarmHealth;
    const want = expected(journal, Date.now());
    const mismatches: string[] = [];
    const same = (name: string, got: unknown, exp: unknown) => {
      const close = typeof got === 'number' && typeof exp === 'number' ? Math.abs(got - exp) < 1e-6 * Math.max(1, Math.abs(exp)) + 1e-3 : JSON.stringify(got) === JSON.stringify(exp);
      if (!close) mismatches.push(`${name}: got ${JSON.stringify(got)}, expected ${JSON.stringify(exp)}`);
    };
    const f = want.figures;
    for (const k of ['buckets', 'total', 'avgPerBucket', 'peakPerBucket', 'floodBuckets', 'floodShare', 'floodAlarms', 'topShare', 'chatteringSources', 'chatteringAlarms', 'stale', 'acked', 'ackMedianSeconds', 'ackP90Seconds'] as const) {
      same(k, h[k], f[k]);
    }
    same('floodEpisodes', h.floodEpisodes, f.floodEpisodes);
    const sorted = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([x], [y]) => x.localeCompare(y)));
    same('byLevel', sorted(h.byLevel), sorted(f.byLevel));
    same('series', h.series, f.series);
    same('top', h.top.map((s) => ({ key: s.key, count: s.count })), f.top);
    // The fixture's own shape: what the figures are meant to catch is in it.
    expect(f.floodEpisodes.map((e) => [e.first, e.last])).toEqual([[100, 101], [250, 250]]);
    expect(f.chatteringSources).toBeGreaterThanOrEqual(1);
    expect(f.stale).toBeGreaterThan(0);

    // Each figure's drill-down lists exactly the alarms it counts.
    const drill = async (figure: string, key?: string) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const r = await t.call('POST', '/api/ball/alarmhealth/drill', { token: manager, body: { ...body, figure, key, page, limit: 200 } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        ids.push(...r.body.data.rows.map((x: { id: number }) => x.id));
        if (ids.length >= r.body.data.total || !r.body.data.rows.length) {
          same(`${figure} ${key ?? ''} total`, r.body.data.total, ids.length);
          return ids;
        }
      }
    };
    const idsOf = (list: Alarm[]) => list.map((x) => x.id).sort((x, y) => x! - y!);
    const check = async (figure: string, list: Alarm[], key?: string) => same(`${figure} ${key ?? ''} rows`, (await drill(figure, key)).sort((x, y) => x - y), idsOf(list));
    await check('all', want.ids.all);
    await check('flood', want.ids.flood);
    await check('chattering', want.ids.chattering);
    await check('stale', want.ids.stale);
    await check('acked', want.ids.acked);
    for (const b of [0, 100, 101, 250, 300]) await check('bucket', want.ids.bucket(b), String(b));
    for (const s of f.top) await check('source', want.ids.source(s.key), s.key);
    for (const l of Object.keys(f.byLevel)) await check('level', want.ids.level(l), l);
    expect(mismatches).toEqual([]);
  });

  it('recomputes shelving, suppression by cause and the units out of service from the rows and the log: 0 mismatches', async () => {
    const mismatches: string[] = [];
    const same = (name: string, got: unknown, exp: unknown) => {
      if (JSON.stringify(got) !== JSON.stringify(exp)) mismatches.push(`${name}: got ${JSON.stringify(got)}, expected ${JSON.stringify(exp)}`);
    };
    const pages = async (url: string, b: Record<string, unknown>, name: string) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const r = await t.call('POST', url, { token: manager, body: { ...b, page, limit: 200 } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        ids.push(...r.body.data.rows.map((x: { id: number }) => x.id));
        if (ids.length >= r.body.data.total || !r.body.data.rows.length) {
          same(`${name} total`, r.body.data.total, ids.length);
          return ids.sort((x, y) => x - y);
        }
      }
    };
    const idsOf = (list: { id?: number }[]) => list.map((x) => x.id!).sort((x, y) => x - y);
    for (const projectId of [undefined, p1]) {
      const q = { ...body, ...(projectId ? { projectId } : {}) };
      const res = await t.call('POST', '/api/ball/alarmhealth/figures', { token: manager, body: q });
      expect(res.status).toBe(200);
      const h = res.body.data as AlarmHealth;
      const want = expectedSuppression(journal, logs, units, projectId);
      const tag = projectId ? 'p1 ' : '';
      for (const k of ['shelved', 'shelvedNow', 'suppressed', 'outOfServiceNow', 'outOfService'] as const) same(`${tag}${k}`, h[k], want.figures[k]);
      same(`${tag}shelved rows`, await pages('/api/ball/alarmhealth/drill', { ...q, figure: 'shelved' }, `${tag}shelved`), idsOf(want.ids.shelved));
      same(`${tag}shelvedNow rows`, await pages('/api/ball/alarmhealth/drill', { ...q, figure: 'shelvedNow' }, `${tag}shelvedNow`), idsOf(want.ids.shelvedNow));
      for (const cause of ['board_offline', 'maintenance', 'out_of_service'] as const) {
        same(`${tag}${cause} rows`, await pages('/api/ball/alarmhealth/drill', { ...q, figure: 'suppressed', key: cause }, `${tag}${cause}`), idsOf(want.ids[cause]));
      }
      same(`${tag}outOfServiceNow rows`, await pages('/api/ball/alarmhealth/units', { ...q, figure: 'outOfServiceNow' }, `${tag}outOfServiceNow`), idsOf(want.ids.outNow));
      same(`${tag}outOfService rows`, await pages('/api/ball/alarmhealth/units', { ...q, figure: 'outOfService' }, `${tag}outOfService`), idsOf(want.ids.outInRange));
      // The fixture's own shape: each figure has something to count, and something it must leave out.
      if (!projectId) {
        expect(want.figures.shelvedNow).toBeGreaterThan(0);
        expect(Object.values(want.figures.suppressed).every((n) => n > 0)).toBe(true);
        expect(want.ids.outInRange.map((u) => units.indexOf(u))).toEqual([0, 1, 3, 4]);
        expect(want.ids.outNow.map((u) => units.indexOf(u))).toEqual([0, 1]);
        expect(want.ids.shelvedNow.some((x) => x.at < START)).toBe(true);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('counts a channel alarm its board’s absence held exactly once under "board offline", through the live paths, once the board is back', async () => {
    // A project and board of its own, today (the live paths write the time of now).
    const projectId = await seedProject(t, { name: 'Health P3', nameEn: 'Health P3' });
    const [b] = await seedBoards(t.database, projectId, 1, { prefix: 'HC' });
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const q = { from: yesterday, to: today, projectId };
    const reading = (faulty: number[]) => Array.from({ length: 9 }, (_, i) => ({ ch: i + 1, switch: (faulty.includes(i + 1) ? 1 : 0) as 0 | 1, analog: 50 }));
    await applyReading(t.app, b.id, reading([]));
    // Channels 1 and 2 alarm; the board falls silent and goes offline (both suppressed), then comes back
    // with channel 1 still faulty (released: its row's cause is cleared) and 2 normal (still suppressed).
    const opened = (await applyReading(t.app, b.id, reading([1, 2]))).opened;
    expect(opened).toHaveLength(2);
    await t.database.query(`UPDATE fall_detect SET last_seen = now() - interval '1 hour' WHERE id = $1`, [b.id]);
    await checkOffline(t.app);
    await applyReading(t.app, b.id, reading([1]));
    const rows = await t.database.query<{ id: number; suppressed_by: string | null }>(`SELECT id, suppressed_by FROM fall_warning WHERE id = ANY($1::int[]) ORDER BY id`, [opened]);
    expect(rows.map((r) => r.suppressed_by)).toEqual([null, 'board_offline']);
    // The operation log has the board's absence and its return, naming the warnings.
    const log = await t.database.query<{ action: string; params: { suppressed?: number[]; released?: number[] } }>(
      `SELECT action, params FROM sys_log WHERE module = 'ball/falldetect' AND target = $1 ORDER BY id`, [String(b.id)]);
    expect(log.map((l) => l.action)).toEqual(['boardOffline', 'boardOnline']);
    expect([...log[0].params.suppressed!].sort()).toEqual([...opened].sort());
    expect(log[1].params.released).toEqual([opened[0]]);

    const res = await t.call('POST', '/api/ball/alarmhealth/figures', { token: manager, body: q });
    expect(res.status).toBe(200);
    const h = res.body.data as AlarmHealth;
    // Counted once each: the released one through the log, the one still suppressed by its row and the log both.
    expect(h.suppressed.board_offline).toBe(2);
    expect(h.total).toBe(3);
    const drill = await t.call('POST', '/api/ball/alarmhealth/drill', { token: manager, body: { ...q, figure: 'suppressed', key: 'board_offline', limit: 200 } });
    expect(drill.status).toBe(200);
    expect(drill.body.data.total).toBe(2);
    expect(drill.body.data.rows.map((r: { id: number }) => r.id).sort()).toEqual([...opened].sort());
    // The board's own offline alarm is not one its absence suppressed.
    expect(drill.body.data.rows.every((r: { kind: string }) => r.kind === 'channel')).toBe(true);
  });

  it('exports the figures, the sources, the flood episodes and the alarms as a workbook', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ball/alarmhealth/export', headers: { authorization: `Bearer ${manager}`, 'accept-language': 'en' }, payload: body });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Health figures', 'Top alarm sources', 'Flood episodes', 'Units out of service', 'Alarms']);
    const want = expected(journal, Date.now());
    expect(book.getWorksheet('Alarms')!.rowCount - 1).toBe(want.figures.total);
    expect(book.getWorksheet('Flood episodes')!.rowCount - 1).toBe(2);
    const figures = book.getWorksheet('Health figures')!;
    const total = figures.getRows(2, figures.rowCount - 1)!.find((r) => r.getCell(1).value === 'Alarms');
    expect(total?.getCell(2).value).toBe(want.figures.total);
    const s = expectedSuppression(journal, logs, units);
    const value = (label: string) => figures.getRows(2, figures.rowCount - 1)!.find((r) => r.getCell(1).value === label)?.getCell(2).value;
    expect(value('Alarms shelved')).toBe(s.figures.shelved);
    expect(value('Shelved now')).toBe(s.figures.shelvedNow);
    expect(value('Suppressed: board offline')).toBe(s.figures.suppressed.board_offline);
    expect(value('Suppressed: maintenance window')).toBe(s.figures.suppressed.maintenance);
    expect(value('Suppressed: unit out of service')).toBe(s.figures.suppressed.out_of_service);
    expect(value('Units out of service now')).toBe(s.figures.outOfServiceNow);
    expect(value('Units out of service in the range')).toBe(s.figures.outOfService);
    expect(book.getWorksheet('Units out of service')!.rowCount - 1).toBe(s.figures.outOfService);
  });

  it('answers bad input with a 400 naming the field, and refuses a caller without the permission', async () => {
    const bad = async (b: unknown, field: string) => {
      const r = await t.call('POST', '/api/ball/alarmhealth/figures', { token: manager, body: b });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(field);
    };
    await bad({ from: '2025-03-05', to: '2025-03-01' }, 'to');
    await bad({ from: '2024-01-01', to: '2025-03-01' }, 'from');
    await bad({ from: '2025-02-30', to: '2025-03-01' }, 'from');
    const drill = await t.call('POST', '/api/ball/alarmhealth/drill', { token: manager, body: { ...body, figure: 'source', key: 'pump' } });
    expect(drill.status).toBe(400);
    expect(JSON.stringify(drill.body)).toContain('key');
    const cause = await t.call('POST', '/api/ball/alarmhealth/drill', { token: manager, body: { ...body, figure: 'suppressed', key: 'shelved' } });
    expect(cause.status).toBe(400);
    expect(JSON.stringify(cause.body)).toContain('key');
    const unit = await t.call('POST', '/api/ball/alarmhealth/units', { token: manager, body: { ...body, figure: 'stale' } });
    expect(unit.status).toBe(400);
    expect(JSON.stringify(unit.body)).toContain('figure');
    const zh = await t.call('POST', '/api/ball/alarmhealth/figures', { token: manager, body: { from: '2025-03-05', to: '2025-03-01' }, lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body)).toMatch(/[\u4e00-\u9fff]/);
    const viewer = await t.userWith(['fall-detect#list']);
    expect((await t.call('POST', '/api/ball/alarmhealth/figures', { token: viewer.token, body })).status).toBe(403);
    expect((await t.call('POST', '/api/ball/alarmhealth/units', { token: viewer.token, body: { ...body, figure: 'outOfServiceNow' } })).status).toBe(403);
    const reader = await t.userWith(['fall-alarm-health#list']);
    expect((await t.call('POST', '/api/ball/alarmhealth/figures', { token: reader.token, body })).status).toBe(200);
    expect((await t.call('POST', '/api/ball/alarmhealth/export', { token: reader.token, body })).status).toBe(403);
  });
});
