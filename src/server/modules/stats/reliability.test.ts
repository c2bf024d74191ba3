import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Reliability, ReliabilityEpisodes } from '@shared/contracts/reliability';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { seedBoards } from '../operations/detect/board-fixtures';
import { prng } from '../../db/seed/site-plan';
import { sysUser, sysUserRole } from '../../db/schema';
import { hashPassword } from '../../lib/password';

/**
 * Reliability figures (availability in show hours, MTTR, MTBF, repeats) recomputed here from the
 * rows the test writes (warnings and a calendar), by a method of its own: the range is cut at every
 * fault's and show's edge and each piece is judged by its middle instant. 0 mismatches.
 */

const FROM = '2025-03-01';
const TO = '2025-03-10';
const START = Date.parse(`${FROM}T00:00:00Z`);
const END = Date.parse(`${TO}T00:00:00Z`) + 86_400_000;
const H = 3_600_000;
const D = 86_400_000;
/** Project A (Asia/Shanghai, UTC+8, no daylight saving) shows 19:00–21:00 local every day (11:00–13:00 UTC) except its holiday. */
const HOLIDAY = '2025-03-05';

interface Fault {
  id?: number;
  unit: number;
  board: number;
  ch: number;
  at: number;
  dealAt: number | null;
}
interface Unit {
  id: number;
  projectId: number;
  deviceId: number | null;
  board: number;
  channels: number[];
}

/** The show hours of a project in [START, END), written out by hand. */
function showsOf(allHours: boolean): [number, number][] {
  if (allHours) return [[START, END]];
  const out: [number, number][] = [];
  for (let d = START; d < END; d += D) {
    if (new Date(d).toISOString().slice(0, 10) === HOLIDAY) continue;
    out.push([d + 11 * H, d + 13 * H]);
  }
  return out;
}

function expectedUnit(faults: Fault[], shows: [number, number][], now: number) {
  const spans = faults.map((f) => [f.at, f.dealAt ?? now] as [number, number]).filter(([a, b]) => b > a);
  const cuts = new Set<number>([START, END]);
  for (const [a, b] of [...spans, ...shows]) for (const p of [a, b]) if (p > START && p < END) cuts.add(p);
  const points = [...cuts].sort((x, y) => x - y);
  let showMs = 0;
  let downtimeMs = 0;
  let downtimeShowMs = 0;
  let episodes = 0;
  let wasDown = false;
  for (let i = 0; i + 1 < points.length; i++) {
    const len = points[i + 1] - points[i];
    const mid = points[i] + len / 2;
    const down = spans.some(([a, b]) => a <= mid && mid < b);
    const show = shows.some(([a, b]) => a <= mid && mid < b);
    if (show) showMs += len;
    if (down) downtimeMs += len;
    if (down && show) downtimeShowMs += len;
    if (down && !wasDown) episodes++;
    wasDown = down;
  }
  return { showMs, downtimeMs, downtimeShowMs, episodes };
}

describe('reliability figures (fall/stats reliability)', () => {
  let t: TestApp;
  let admin: string;
  const faults: Fault[] = [];
  const units: Unit[] = [];
  let pA = 0;
  let pB = 0;
  const q = `from=${FROM}&to=${TO}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const rnd = prng(39_2026);
    pA = await seedProject(t, { name: 'Rel A', nameEn: 'Rel A', timeZone: 'Asia/Shanghai' });
    pB = await seedProject(t, { name: 'Rel B', nameEn: 'Rel B', timeZone: 'Asia/Shanghai', dailyShowTime: '' });
    await t.database.query(
      `INSERT INTO fall_calendar_entry (project_id, kind, name, slots) VALUES ($1, 'programme', 'Nightly', $2::jsonb)`,
      [pA, JSON.stringify([{ days: [1, 2, 3, 4, 5, 6, 7], start: '19:00', end: '21:00' }])],
    );
    await t.database.query(`INSERT INTO fall_calendar_entry (project_id, kind, name, date_from, date_to) VALUES ($1, 'holiday', 'Inspection', $2, $2)`, [pA, HOLIDAY]);
    const models = await t.database.query<{ id: number }>(`INSERT INTO fall_device (name, name_en, category) VALUES ('泵X', 'Pump X', 'pump'), ('灯Y', 'Light Y', 'light') RETURNING id`);
    const [mx, my] = models.map((m) => Number(m.id));
    const [ba] = await seedBoards(t.database, pA, 1, { prefix: 'RA' });
    const [bb] = await seedBoards(t.database, pB, 1, { prefix: 'RB' });
    const plan: [number, number | null, number, number[]][] = [[pA, mx, ba.id, [1, 2]], [pA, mx, ba.id, [3]], [pA, my, ba.id, [4, 5]], [pB, mx, bb.id, [1, 2]], [pB, null, bb.id, [3]], [pA, my, ba.id, [6]]];
    for (const [projectId, deviceId, board, channels] of plan) {
      const [row] = await t.database.query<{ id: number }>(`INSERT INTO fall_eq_info (name, name_en, project_id, device_id) VALUES ('u', 'u', $1, $2) RETURNING id`, [projectId, deviceId]);
      units.push({ id: Number(row.id), projectId, deviceId, board, channels });
    }
    // The last unit has no fault at all: availability 1, MTTR and MTBF null.
    for (const u of units.slice(0, -1)) {
      for (let i = 0; i < 14; i++) {
        const ch = u.channels[Math.floor(rnd() * u.channels.length)];
        const at = Math.round(START - 35 * D + rnd() * (END - START + 36 * D));
        const len = rnd() < 0.1 ? 0 : Math.round(rnd() < 0.5 ? rnd() * 3 * H : rnd() * 40 * H);
        faults.push({ unit: u.id, board: u.board, ch, at, dealAt: at + len });
      }
      // Edges: a fault from before the range into it, one that touches another's end, one raised at the range's end (outside it).
      faults.push({ unit: u.id, board: u.board, ch: u.channels[0], at: START - 5 * H, dealAt: START + 12 * H });
      faults.push({ unit: u.id, board: u.board, ch: u.channels[0], at: START + 12 * H, dealAt: START + 20 * H });
      faults.push({ unit: u.id, board: u.board, ch: u.channels[0], at: START + 3 * D, dealAt: START + 3 * D + 2 * H });
      faults.push({ unit: u.id, board: u.board, ch: u.channels[0], at: START + 3 * D + H, dealAt: START + 3 * D + 90 * 60_000 });
      faults.push({ unit: u.id, board: u.board, ch: u.channels[0], at: END, dealAt: END + H });
    }
    faults.sort((a, b) => a.at - b.at);
    // Only one warning of a channel may stand open: the latest of some channels are.
    const latest = new Map<string, Fault>();
    for (const f of faults) latest.set(`${f.board}:${f.ch}`, f);
    for (const f of latest.values()) if (rnd() < 0.6 && f.at < END) f.dealAt = null;
    for (const f of faults) {
      const [row] = await t.database.query<{ id: number }>(
        `INSERT INTO fall_warning (at, info, kind, level, project_id, detect_id, channel, equipment_id, deal_at, result, dealt_by)
         VALUES ($1, 'x', 'channel', 'warning', (SELECT project_id FROM fall_eq_info WHERE id = $4), $2, $3, $4, $5, $6, $7) RETURNING id`,
        [new Date(f.at).toISOString(), f.board, f.ch, f.unit, f.dealAt === null ? null : new Date(f.dealAt).toISOString(), f.dealAt === null ? null : 'fixed', f.dealAt === null ? '' : 'op'],
      );
      f.id = Number(row.id);
    }
    // Warnings that are not faults: a board's offline warning (no channel) and one on no unit.
    await t.database.query(`INSERT INTO fall_warning (at, info, kind, project_id, detect_id) VALUES ($1, 'off', 'offline', $2, $3)`, [new Date(START + D).toISOString(), pA, ba.id]);
    await t.database.query(`INSERT INTO fall_warning (at, info, kind, project_id, detect_id, channel, deal_at) VALUES ($1, 'free', 'channel', $2, $3, 9, $4)`, [new Date(START + D).toISOString(), pA, ba.id, new Date(START + 2 * D).toISOString()]);
  }, 120_000);
  afterAll(() => t.close());

  function expected(now: number) {
    const perUnit = units.map((u) => {
      const own = faults.filter((f) => f.unit === u.id);
      const figures = expectedUnit(own, showsOf(u.projectId === pB), now);
      const raised = own.filter((f) => f.at >= START && f.at < END);
      const prevGap = (f: Fault) => {
        const before = faults.filter((g) => g.board === f.board && g.ch === f.ch && g.at < f.at);
        return before.length ? f.at - Math.max(...before.map((g) => g.at)) : Infinity;
      };
      return {
        u,
        ...figures,
        faults: raised.length,
        repeat7d: raised.filter((f) => prevGap(f) <= 7 * D).length,
        repeat30d: raised.filter((f) => prevGap(f) <= 30 * D).length,
      };
    });
    return perUnit;
  }

  const ratios = (s: { showMs: number; downtimeMs: number; downtimeShowMs: number; episodes: number }) => ({
    availability: s.showMs > 0 ? 1 - s.downtimeShowMs / s.showMs : null,
    mttrMs: s.episodes ? s.downtimeMs / s.episodes : null,
    mtbfMs: s.episodes ? (s.showMs - s.downtimeShowMs) / s.episodes : null,
  });

  it('recomputes every figure per unit, model and project from the rows: 0 mismatches', async () => {
    const res = await t.call('GET', `/api/ball/stats/reliability?${q}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got: Reliability = res.body.data;
    const want = expected(Date.now());
    const mismatches: string[] = [];
    const same = (where: string, a: number | null, b: number | null) => {
      if (a === null || b === null ? a !== b : Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b))) mismatches.push(`${where}: got ${a}, want ${b}`);
    };
    const fields = ['showMs', 'downtimeMs', 'downtimeShowMs', 'episodes', 'faults', 'repeat7d', 'repeat30d'] as const;
    const compare = (where: string, g: Record<string, number | null> | undefined, w: Record<string, number>) => {
      if (!g) return void mismatches.push(`${where}: missing`);
      for (const k of fields) same(`${where}.${k}`, g[k], w[k]);
      const r = ratios(w as never);
      for (const k of ['availability', 'mttrMs', 'mtbfMs'] as const) same(`${where}.${k}`, g[k], r[k]);
    };
    const ours = got.units.filter((u) => units.some((x) => x.id === u.equipmentId));
    expect(ours).toHaveLength(units.length);
    for (const w of want) compare(`unit ${w.u.id}`, got.units.find((u) => u.equipmentId === w.u.id) as never, w as never);
    const sum = (list: typeof want) => Object.fromEntries(fields.map((k) => [k, list.reduce((n, x) => n + x[k], 0)])) as Record<(typeof fields)[number], number>;
    for (const p of [pA, pB]) compare(`project ${p}`, got.projects.find((x) => x.projectId === p) as never, sum(want.filter((w) => w.u.projectId === p)));
    expect(got.projects.find((x) => x.projectId === pA)?.basis).toBe('calendar');
    expect(got.projects.find((x) => x.projectId === pB)?.basis).toBe('allHours');
    // Models span projects: compare on the project filter, where only our units are.
    const onlyA = (await t.call('GET', `/api/ball/stats/reliability?${q}&projectId=${pA}`, { token: admin })).body.data as Reliability;
    expect(onlyA.units.map((u) => u.equipmentId).sort()).toEqual(units.filter((u) => u.projectId === pA).map((u) => u.id).sort());
    for (const m of new Set(units.filter((u) => u.projectId === pA).map((u) => u.deviceId))) {
      compare(`model ${m}`, onlyA.models.find((x) => x.deviceId === m) as never, sum(want.filter((w) => w.u.projectId === pA && w.u.deviceId === m)));
    }
    compare('totals A', onlyA.totals as never, sum(want.filter((w) => w.u.projectId === pA)));
    expect(mismatches).toEqual([]);
    // The figures are not trivial: downtime in and out of show hours, repeats, an empty unit.
    const all = sum(want);
    expect(all.downtimeShowMs).toBeGreaterThan(0);
    expect(all.downtimeMs).toBeGreaterThan(all.downtimeShowMs);
    expect(all.repeat7d).toBeGreaterThan(0);
    expect(all.repeat30d).toBeGreaterThan(all.repeat7d);
    const empty = got.units.find((u) => u.equipmentId === units[units.length - 1].id)!;
    expect([empty.availability, empty.mttrMs, empty.mtbfMs, empty.episodes]).toEqual([1, null, null, 0]);
  });

  it('drills a unit down to its episodes, whose rows add up to its figures', async () => {
    const got: Reliability = (await t.call('GET', `/api/ball/stats/reliability?${q}`, { token: admin })).body.data;
    for (const u of units) {
      const res = await t.call('GET', `/api/ball/stats/reliability/episodes?${q}&equipmentId=${u.id}`, { token: admin });
      expect(res.status).toBe(200);
      const e: ReliabilityEpisodes = res.body.data;
      const fig = got.units.find((x) => x.equipmentId === u.id)!;
      expect(e.episodes).toHaveLength(fig.episodes);
      expect(e.episodes.reduce((n, x) => n + x.downtimeMs, 0)).toBe(fig.downtimeMs);
      expect(e.episodes.reduce((n, x) => n + x.downtimeShowMs, 0)).toBe(fig.downtimeShowMs);
      const ids = e.episodes.flatMap((x) => x.faults.map((f) => f.id));
      expect(new Set(ids).size).toBe(ids.length);
      // Every fault whose interval reaches into the range is in one episode; the others listed are the unit's, merged into one that does.
      const reaching = faults.filter((f) => f.unit === u.id && f.at < END && (f.dealAt ?? Infinity) > START && (f.dealAt ?? Infinity) > f.at).map((f) => f.id!);
      expect(reaching.filter((id) => !ids.includes(id))).toEqual([]);
      expect(ids.filter((id) => faults.find((f) => f.id === id)?.unit !== u.id)).toEqual([]);
      for (const ep of e.episodes) expect(ep.faults.some((f) => reaching.includes(f.id))).toBe(true);
    }
    expect((await t.call('GET', `/api/ball/stats/reliability/episodes?${q}&equipmentId=99999999`, { token: admin })).status).toBe(404);
  });

  it('exports the figures per unit, model and project as sheets of the statistics workbook', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ball/stats/export', headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' }, payload: { from: FROM, to: TO, granularity: 'day', projectId: pA } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Reliability by unit');
    expect(sheet).toBeDefined();
    expect(sheet!.rowCount - 1).toBe(units.filter((u) => u.projectId === pA).length);
    expect(book.getWorksheet('Reliability by model')).toBeDefined();
    expect(book.getWorksheet('Reliability by project')!.rowCount - 1).toBe(1);
    // The project's row carries the answer's own figures, each under its heading (hours to 0.01, availability to 0.0001).
    const api = (await t.call('GET', `/api/ball/stats/reliability?${q}&projectId=${pA}`, { token: admin })).body.data as Reliability;
    const p = api.projects.find((x) => x.projectId === pA)!;
    const projects = book.getWorksheet('Reliability by project')!;
    const heads = (projects.getRow(1).values as unknown[]).map(String);
    const cell = (head: string) => projects.getRow(2).getCell(heads.indexOf(head)).value;
    const hours = (ms: number | null) => (ms === null ? null : Number((ms / 3_600_000).toFixed(2)));
    expect({
      availability: cell('Availability'), episodes: cell('Downtime episodes'), show: cell('Show hours'), downtime: cell('Downtime hours'), inShow: cell('Downtime in show hours'),
      mttr: cell('MTTR (hours)'), mtbf: cell('MTBF (show hours)'), repeat7d: cell('Repeats within 7 days'), repeat30d: cell('Repeats within 30 days'),
    }).toEqual({
      availability: Number(p.availability!.toFixed(4)), episodes: p.episodes, show: hours(p.showMs), downtime: hours(p.downtimeMs), inShow: hours(p.downtimeShowMs),
      mttr: hours(p.mttrMs), mtbf: hours(p.mtbfMs), repeat7d: p.repeat7d, repeat30d: p.repeat30d,
    });
    expect(p.episodes).toBeGreaterThan(0);
  });

  it('answers bad input with a 400 naming the field in both languages, and needs the permission', async () => {
    const bad = async (query: string, field: string, lang?: string) => {
      const r = await t.call('GET', `/api/ball/stats/reliability${query}`, { token: admin, lang });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(field);
      return r;
    };
    await bad('?from=2025-03-05&to=2025-03-01', 'to');
    await bad('?from=2023-01-01&to=2025-03-01', 'from');
    await bad('?from=2025-02-30&to=2025-03-01', 'from');
    await bad(`?${q}&projectId=abc`, 'projectId');
    await bad(`?${q}&zzz=1`, 'zzz');
    const zh = await bad('?from=2025-03-05&to=2025-03-01', 'to', 'zh-CN');
    expect(JSON.stringify(zh.body)).toMatch(/[\u4e00-\u9fff]/);
    const en = await bad('?from=2025-03-05&to=2025-03-01', 'to', 'en');
    expect(JSON.stringify(en.body)).not.toMatch(/[\u4e00-\u9fff]/);
    const ep = await t.call('GET', `/api/ball/stats/reliability/episodes?${q}&equipmentId=x`, { token: admin });
    expect(ep.status).toBe(400);
    expect(JSON.stringify(ep.body)).toContain('equipmentId');
    const viewer = await t.userWith(['fall-detect#list']);
    expect((await t.call('GET', `/api/ball/stats/reliability?${q}`, { token: viewer.token })).status).toBe(403);
    expect((await t.call('GET', `/api/ball/stats/reliability/episodes?${q}&equipmentId=${units[0].id}`, { token: viewer.token })).status).toBe(403);
    const reader = await t.userWith(['fall-stats#list']);
    expect((await t.call('GET', `/api/ball/stats/reliability?${q}`, { token: reader.token })).status).toBe(200);
  });

  it('keeps to the caller\'s data scope: its projects\' units only, another project refused, another unit not found', async () => {
    const menus = (await t.database.query<{ id: number }>('SELECT id FROM sys_menu')).map((m) => m.id);
    const role = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'rel_scoped', name: 'rel scoped', menuIdList: menus, dataScope: 'projects', projectIdList: [pA] } });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const [u] = await t.database.db.insert(sysUser).values({ username: 'relscoped', passwordHash: await hashPassword('scoped-pw') }).returning({ id: sysUser.id });
    await t.database.db.insert(sysUserRole).values({ userId: u.id, roleId: role.body.data.id });
    const token = await t.tokenFor('relscoped');
    const mine = (await t.call('GET', `/api/ball/stats/reliability?${q}`, { token })).body.data as Reliability;
    const admins = (await t.call('GET', `/api/ball/stats/reliability?${q}&projectId=${pA}`, { token: admin })).body.data as Reliability;
    expect(mine).toEqual(admins);
    expect((await t.call('GET', `/api/ball/stats/reliability?${q}&projectId=${pB}`, { token })).status).toBe(403);
    const other = units.find((x) => x.projectId === pB)!;
    expect((await t.call('GET', `/api/ball/stats/reliability/episodes?${q}&equipmentId=${other.id}`, { token })).status).toBe(404);
  });
});
