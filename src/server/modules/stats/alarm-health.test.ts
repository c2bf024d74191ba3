import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CHATTER_ALARMS, CHATTER_SECONDS, FLOOD_ALARMS, HEALTH_TOP_SOURCES, STALE_HOURS, type AlarmHealth } from '@shared/contracts/alarm-health';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { seedBoards } from '../operations/detect/board-fixtures';
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
  const body = { from: FROM, to: TO };

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.tokenFor('admin');
    const rnd = prng(38_2026);
    const p1 = await seedProject(t, { name: 'Health P1', nameEn: 'Health P1' });
    const p2 = await seedProject(t, { name: 'Health P2', nameEn: 'Health P2' });
    const boards = [...(await seedBoards(t.database, p1, 3, { prefix: 'HA' })).map((b) => ({ ...b, projectId: p1 })), ...(await seedBoards(t.database, p2, 3, { prefix: 'HB' })).map((b) => ({ ...b, projectId: p2 }))];
    const levels = ['info', 'warning', 'critical'];
    const add = (at: number, board = boards[Math.floor(rnd() * boards.length)], ch = Math.floor(rnd() * 10)) => {
      const ack = rnd() < 0.7 ? at + Math.round(5_000 + rnd() * 1_800_000) : null;
      const stand = rnd() < 0.08 ? 25 * 3_600_000 + rnd() * 3_600_000 : rnd() * 3_600_000;
      journal.push({ at: Math.round(at), level: levels[Math.floor(rnd() * 3)], kind: ch === 0 ? 'offline' : 'channel', projectId: board.projectId, board: board.id, ch, ackAt: ack, dealAt: Math.round(at + stand) });
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
    journal.sort((x, y) => x.at - y.at);
    // One alarm of each source is left open (the open-warning index allows one): its latest.
    const latest = new Map<string, Alarm>();
    for (const x of journal) latest.set(`${x.board}:${x.ch}`, x);
    for (const x of latest.values()) if (rnd() < 0.5) x.dealAt = null;
    for (const x of journal) {
      const [row] = await t.database.query<{ id: number }>(
        `INSERT INTO fall_warning (at, info, kind, level, project_id, detect_id, channel, ack_at, ack_by, deal_at, result, dealt_by)
         VALUES ($1, 'x', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [new Date(x.at).toISOString(), x.kind, x.level, x.projectId, x.board, x.ch || null, x.ackAt ? new Date(x.ackAt).toISOString() : null, x.ackAt ? 'op' : '',
          x.dealAt ? new Date(x.dealAt).toISOString() : null, x.dealAt ? 'fixed' : null, x.dealAt ? 'op' : ''],
      );
      x.id = Number(row.id);
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

  it('exports the figures, the sources, the flood episodes and the alarms as a workbook', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ball/alarmhealth/export', headers: { authorization: `Bearer ${manager}`, 'accept-language': 'en' }, payload: body });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Health figures', 'Top alarm sources', 'Flood episodes', 'Alarms']);
    const want = expected(journal, Date.now());
    expect(book.getWorksheet('Alarms')!.rowCount - 1).toBe(want.figures.total);
    expect(book.getWorksheet('Flood episodes')!.rowCount - 1).toBe(2);
    const figures = book.getWorksheet('Health figures')!;
    const total = figures.getRows(2, figures.rowCount - 1)!.find((r) => r.getCell(1).value === 'Alarms');
    expect(total?.getCell(2).value).toBe(want.figures.total);
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
    const zh = await t.call('POST', '/api/ball/alarmhealth/figures', { token: manager, body: { from: '2025-03-05', to: '2025-03-01' }, lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body)).toMatch(/[\u4e00-\u9fff]/);
    const viewer = await t.userWith(['fall-detect#list']);
    expect((await t.call('POST', '/api/ball/alarmhealth/figures', { token: viewer.token, body })).status).toBe(403);
    const reader = await t.userWith(['fall-alarm-health#list']);
    expect((await t.call('POST', '/api/ball/alarmhealth/figures', { token: reader.token, body })).status).toBe(200);
    expect((await t.call('POST', '/api/ball/alarmhealth/export', { token: reader.token, body })).status).toBe(403);
  });
});
