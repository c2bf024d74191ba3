import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { channelTrendSchema, type ChannelTrend } from '@shared/contracts/detect';
import { seedProject } from '@tests/helpers/work-fixtures';
import { seedBoards } from './board-fixtures';
import { rollUpTrends } from './trends';

/**
 * One channel's readable trend (issue 26): the buckets of each range recompute from the raw rows
 * seeded here, whichever rollup (hour, minute) or raw rows the server reads them from; the fault
 * marks are the channel's warnings opened in the range; the back-office and wall routes check
 * permission, data scope and their query. Runs on both engines (vitest.pg.config.ts).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CH = 2;

interface Seeded {
  at: number;
  analog: number;
  fault: boolean;
}

/** What a range's buckets must be, from the seeded readings alone. */
function expected(rows: Seeded[], body: ChannelTrend) {
  const from = Date.parse(body.from);
  const to = Date.parse(body.to);
  const step = body.stepSeconds * 1000;
  const buckets = new Map<number, { min: number; max: number; sum: number; count: number; faults: number }>();
  for (const r of rows) {
    if (r.at < from || r.at > to) continue;
    const t = Math.floor(r.at / step) * step;
    const b = buckets.get(t) ?? { min: Infinity, max: -Infinity, sum: 0, count: 0, faults: 0 };
    b.min = Math.min(b.min, r.analog);
    b.max = Math.max(b.max, r.analog);
    b.sum += r.analog;
    b.count += 1;
    b.faults += r.fault ? 1 : 0;
    buckets.set(t, b);
  }
  return [...buckets.entries()].sort(([a], [b]) => a - b).map(([t, b]) => ({ t: new Date(t).toISOString(), min: b.min, max: b.max, avg: b.sum / b.count, count: b.count, faults: b.faults }));
}

describe('a channel trend: 1 h, 24 h, 7 days from the rollups, with fault marks, range and unit', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  let otherProject: number;
  let boardId: number;
  let otherBoard: number;
  const rows: Seeded[] = [];
  const warnings: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    projectId = await seedProject(t, { name: 'Trend park' });
    otherProject = await seedProject(t, { name: 'Elsewhere' });
    [{ id: boardId }] = await seedBoards(t.database, projectId, 1, { prefix: 'TRD' });
    [{ id: otherBoard }] = await seedBoards(t.database, otherProject, 1, { prefix: 'OTH' });
    const up = await t.call('POST', '/api/ball/falldetect/channels/update', {
      token: admin,
      body: { id: boardId, channels: [{ ch: CH, label: '水位', labelEn: 'Water level', unit: 'kPa', analogMin: 25, analogMax: 70 }] },
    });
    expect(up.status).toBe(200);

    // A reading every 7 minutes (and 13 s) over 8 days, then a few in the last minutes, which the
    // rollup below has not reached when it ran.
    const now = Date.now();
    for (let k = 1; k * 7 * MINUTE < 8 * 24 * HOUR; k++) rows.push({ at: now - k * 7 * MINUTE - 13_000, analog: 20 + ((k * 37) % 60) + (k % 3) / 4, fault: k % 50 === 0 });
    const all = rows.map((r) => ({ ...r }));
    const switches = (r: Seeded) => Array.from({ length: 9 }, (_, i) => (i === CH - 1 && r.fault ? 1 : 0));
    const analogs = (r: Seeded) => Array.from({ length: 9 }, (_, i) => (i === CH - 1 ? r.analog : 50 + i));
    await t.database.query(
      `INSERT INTO detect_reading (detect_id, at, switches, analogs, source)
       SELECT $1, to_timestamp(a / 1000.0), s::smallint[], v::float8[], 'test'
         FROM unnest($2::float8[], $3::text[], $4::text[]) AS x(a, s, v)`,
      [boardId, all.map((r) => r.at), all.map((r) => `{${switches(r).join(',')}}`), all.map((r) => `{${analogs(r).join(',')}}`)],
    );
    // The rollup from the start of the seeded rows to a few minutes ago: the oldest are in hours, then minutes, then raw.
    await t.database.query(`UPDATE detect_trend_mark SET upto = '2000-01-01T00:00:00Z'`);
    await rollUpTrends(t.app, new Date(now - 20 * MINUTE));
    const late = [{ at: now - 2 * MINUTE, analog: 66.5, fault: false }, { at: now - 30_000, analog: 12, fault: true }];
    for (const r of late) {
      await t.database.query(`INSERT INTO detect_reading (detect_id, at, switches, analogs, source) VALUES ($1, $2, $3, $4, 'test')`, [boardId, new Date(r.at).toISOString(), switches(r), analogs(r)]);
      rows.push(r);
    }

    // Warnings on the channel: 30 min ago (every range, open), 3 days ago (7 d only), 9 days ago (none); one on another channel.
    const warn = async (name: string, agoMs: number, ch: number, dealt = false) => {
      const [w] = await t.database.query<{ id: number }>(
        `INSERT INTO fall_warning (at, info, kind, level, project_id, detect_id, channel, deal_at, result)
         VALUES ($1, 'x', 'channel', 'critical', $2, $3, $4, $5, $6) RETURNING id`,
        [new Date(now - agoMs).toISOString(), projectId, boardId, ch, dealt ? new Date(now - agoMs + MINUTE).toISOString() : null, dealt ? 'done' : null],
      );
      warnings[name] = Number(w.id);
    };
    await warn('recent', 30 * MINUTE, CH);
    await warn('days', 3 * 24 * HOUR, CH, true);
    await warn('old', 9 * 24 * HOUR, CH, true);
    await warn('otherChannel', 10 * MINUTE, CH + 1);
  }, 120_000);
  afterAll(() => t.close());

  it('reads the same buckets the seeded rows give, in minutes, 5 minutes and hours, up to now', async () => {
    // The rollups are really used: the raw rows they hold are gone, as the retention purge would leave them.
    const gone = await t.database.query(`DELETE FROM detect_reading WHERE detect_id = $1 AND at < (SELECT upto FROM detect_trend_mark WHERE grain = 'm') RETURNING 1`, [boardId]);
    expect(gone.length).toBeGreaterThan(1000);
    for (const [range, step, grain, buckets] of [['1h', 60, 'minute', 60], ['24h', 300, 'minute', 288], ['7d', 3600, 'hour', 168]] as const) {
      const res = await t.call('GET', `/api/ball/falldetect/trend/${boardId}/channel/${CH}?range=${range}`, { token: admin });
      expect(res.status, range).toBe(200);
      const body = channelTrendSchema.parse(res.body.data);
      expect(body).toMatchObject({ boardId, ch: CH, range, grain, stepSeconds: step, unit: 'kPa', analogMin: 25, analogMax: 70, label: '水位', labelEn: 'Water level' });
      expect((Date.parse(body.to) - Date.parse(body.from)) / 1000 / step, range).toBeLessThanOrEqual(buckets);
      const want = expected(rows, body);
      expect(want.length, range).toBeGreaterThan(5);
      expect(body.points.map(({ avg: _avg, ...p }) => p), range).toEqual(want.map(({ avg: _avg, ...p }) => p));
      body.points.forEach((p, i) => expect(p.avg).toBeCloseTo(want[i].avg, 9));
      // The newest bucket holds the reading of 30 s ago (raw, not rolled up yet) with its closed switch.
      expect(body.points.at(-1)!.faults, range).toBeGreaterThanOrEqual(1);
      expect(body.points.at(-1)!.min, range).toBe(12);
      const marks = body.marks.map((m) => m.id);
      expect(marks, range).toEqual(range === '7d' ? [warnings.days, warnings.recent] : [warnings.recent]);
    }
    const week = channelTrendSchema.parse((await t.call('GET', `/api/ball/falldetect/trend/${boardId}/channel/${CH}?range=7d`, { token: admin })).body.data);
    expect(week.marks[0]).toMatchObject({ level: 'critical', kind: 'channel' });
    expect(week.marks[0].dealAt).not.toBeNull();
    expect(week.marks[1].dealAt).toBeNull();
    // 24 h is the default; a channel without readings has no points.
    const quiet = await t.call('GET', `/api/ball/falldetect/trend/${otherBoard}/channel/5`, { token: admin });
    expect(quiet.body.data).toMatchObject({ range: '24h', points: [], marks: [], unit: '', analogMin: 0, analogMax: 100 });
  });

  it('checks the query strictly, the permission and the data scope on the back-office', async () => {
    const base = `/api/ball/falldetect/trend/${boardId}/channel`;
    for (const bad of [`${base}/${CH}?range=2h`, `${base}/0`, `${base}/10`, `${base}/1x`, `${base}/${CH}?range=1h&extra=1`, `${base}/${CH}?range=1h&range=7d`, `/api/ball/falldetect/trend/01/channel/2`]) {
      const res = await t.call('GET', bad, { token: admin, lang: 'en' });
      expect(res.status, bad).toBe(400);
    }
    expect((await t.call('GET', `/api/ball/falldetect/trend/99999999/channel/2`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `${base}/${CH}`)).status).toBe(401);
    expect((await t.call('GET', `${base}/${CH}`, { token: (await t.userWith(['fall-order#list'])).token })).status).toBe(403);
    expect((await t.call('GET', `${base}/${CH}`, { token: (await t.userWith(['fall-detect#info'])).token })).status).toBe(200);
    const scoped = await t.userWith(['fall-detect#info']);
    await t.database.query(`UPDATE sys_role SET data_scope = 'projects' WHERE code = $1`, [`r_${scoped.username}`]);
    await t.database.query(`INSERT INTO sys_role_project (role_id, project_id) SELECT id, $2 FROM sys_role WHERE code = $1`, [`r_${scoped.username}`, otherProject]);
    expect((await t.call('GET', `${base}/${CH}`, { token: scoped.token })).status).toBe(403);
    expect((await t.call('GET', `/api/ball/falldetect/trend/${otherBoard}/channel/1`, { token: scoped.token })).status).toBe(200);
  });

  it('serves walls: a display token and wall readers for a board of the project, in their scope', async () => {
    const wall = (project: number, q: string, token?: string) => t.call('GET', `/api/wall/project/${project}/trend?${q}`, { token });
    const manager = await t.tokenFor('manager');
    const display = (await t.call('POST', '/api/wall/display-token', { token: manager, body: { label: 'Trend wall' } })).body.data.token as string;
    const res = await wall(projectId, `board=${boardId}&ch=${CH}&range=1h`, display);
    expect(res.status).toBe(200);
    const body = channelTrendSchema.parse(res.body.data);
    expect(body.points).toEqual(channelTrendSchema.parse((await t.call('GET', `/api/ball/falldetect/trend/${boardId}/channel/${CH}?range=1h`, { token: admin })).body.data).points);
    expect((await wall(projectId, `board=${boardId}&ch=${CH}`)).status).toBe(401);
    // A board of another project, asked through this project's wall: not found, never its data.
    expect((await wall(projectId, `board=${otherBoard}&ch=1`, display)).status).toBe(404);
    for (const bad of [`ch=${CH}`, `board=${boardId}`, `board=${boardId}&ch=${CH}&range=1d`, `board=x&ch=1`, `board=${boardId}&ch=${CH}&hours=1`]) {
      expect((await wall(projectId, bad, display)).status, bad).toBe(400);
    }
    const scoped = await t.userWith(['fall-project#info']);
    await t.database.query(`UPDATE sys_role SET data_scope = 'projects' WHERE code = $1`, [`r_${scoped.username}`]);
    await t.database.query(`INSERT INTO sys_role_project (role_id, project_id) SELECT id, $2 FROM sys_role WHERE code = $1`, [`r_${scoped.username}`, otherProject]);
    expect((await wall(projectId, `board=${boardId}&ch=${CH}`, scoped.token)).status).toBe(403);
    expect((await wall(otherProject, `board=${otherBoard}&ch=1`, scoped.token)).status).toBe(200);
    expect((await wall(projectId, `board=${boardId}&ch=${CH}`, (await t.userWith(['fall-order#list'])).token)).status).toBe(403);
    // An archived board is off the walls, its trend too.
    await t.database.query(`UPDATE fall_detect SET archived_at = now() WHERE id = $1`, [otherBoard]);
    expect((await wall(otherProject, `board=${otherBoard}&ch=1`, scoped.token)).status).toBe(404);
  });
});
