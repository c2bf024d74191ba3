import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEVICE_CATEGORY, WATER_TYPE, XMZT } from '@shared/dictionaries';
import { ORDER_PRIORITIES } from '@shared/contracts/order';
import { EQUIPMENT_STATES } from '@shared/contracts/wall';
import { DEAL_RESULTS } from '@shared/contracts/warning';
import { SENSOR_KINDS } from '@shared/contracts/sensor';
import { sysUser, sysUserRole } from '../db/schema';
import { hashPassword } from './password';

// Property (issue 25, docs/access.md "Data scope"): for a random history and random scopes, every
// answer a scoped user gets equals the administrator's answer filtered to the scope — each list, its
// listAll and total, and every statistics call — and every write naming a project outside the scope
// (or a row of one) is a 403 that changes nothing. The history is drawn from a seeded PRNG: the seed
// is printed, and SCOPE_SEED=<n> replays it. Sized for a loaded 2-core machine: 6 projects, a few
// dozen rows, three scoped users.
//
// Statistics are checked two ways: a scoped user asking about one of its projects gets exactly the
// administrator's answer for that project; asking without a project, a user scoped to one project
// gets exactly that too, and a user of several gets, for every count, the sum of the administrator's
// per-project answers (a mean, median or rate is not a sum, so those are covered by the one-project
// scope). Project counts, areas and water types are recomputed from the project rows.

const SEED = Number(process.env.SCOPE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const DAY = 86_400_000;
const PROJECTS = 6;

/** mulberry32: small, seedable, good enough to draw histories. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(SEED);
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(list: readonly T[]): T => list[int(list.length)];
const maybe = (p: number) => rand() < p;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A unit's project, for the rows that find theirs through it (spare parts), read before the lists are compared. */
const unitProject = new Map<number, number>();

/** The lists a scoped user reads, and where each row says its project (null: a row of no project). */
const LISTS: { api: string; project: (row: Record<string, unknown>) => unknown; listAll: boolean }[] = [
  { api: '/ball/fallproject', project: (r) => r.id, listAll: true },
  { api: '/ball/falleqinfo', project: (r) => r.projectId, listAll: true },
  { api: '/ball/fallorder', project: (r) => r.projectId, listAll: true },
  { api: '/ball/fallreport', project: (r) => r.projectId, listAll: true },
  { api: '/ball/falldetect', project: (r) => r.projectId, listAll: true },
  { api: '/ball/fallwarning', project: (r) => r.projectId, listAll: false },
  { api: '/ball/falltrain', project: (r) => r.projectId, listAll: true },
  { api: '/ball/falldraw', project: (r) => r.projectId, listAll: true },
  { api: '/ball/fallmonitor', project: (r) => r.projectId, listAll: true },
  { api: '/ball/fallothers', project: (r) => r.projectId, listAll: true },
  { api: '/ball/fallspare', project: (r) => unitProject.get(r.equipmentId as number), listAll: true },
  { api: '/ship/scene', project: (r) => r.projectId, listAll: true },
];

/** Figures that are not sums over projects: checked exactly by the one-project scope instead. */
const NOT_ADDITIVE = /Hours$|Rate|rate|availability|^period$|^from$|^to$|^granularity$|^page$|^limit$|^pages$/;
/** Rows and top-N tables inside an answer: compared as rows (or by the one-project scope), not summed. */
const ROWS = new Set(['list', 'boards', 'places']);

/** Every count of `actual` equals the sum of the same count over `parts` (arrays matched by their key). */
function expectSums(actual: unknown, parts: unknown[], path: string): void {
  if (typeof actual === 'number') {
    const leaf = path.split('.').pop() as string;
    if (NOT_ADDITIVE.test(leaf)) return;
    expect(actual, `${path} (seed ${SEED})`).toBe(parts.reduce<number>((n, p) => n + (p as number), 0));
    return;
  }
  if (Array.isArray(actual)) {
    const keyOf = (x: unknown, i: number) => {
      const o = x as Record<string, unknown>;
      return String(o?.period ?? o?.category ?? o?.status ?? o?.waterType ?? o?.area ?? i);
    };
    for (const [i, item] of actual.entries()) {
      const k = keyOf(item, i);
      const same = parts.map((p) => (p as unknown[]).find((x, j) => keyOf(x, j) === k));
      // A key no project has is zero everywhere, so compare it with zeros (a missing part adds nothing).
      expectSums(item, same.filter((x) => x !== undefined), `${path}[${k}]`);
    }
    return;
  }
  if (actual && typeof actual === 'object') {
    for (const [k, v] of Object.entries(actual)) if (!ROWS.has(k)) expectSums(v, parts.map((p) => (p as Record<string, unknown>)[k]), `${path}.${k}`);
  }
}

describe(`data scope: a scoped user's answers are the administrator's, filtered (seed ${SEED})`, () => {
  let t: TestApp;
  let admin: string;
  const projects: number[] = [];
  const users: { token: string; scope: number[] }[] = [];
  const from = isoDay(Date.now() - 40 * DAY);
  const to = isoDay(Date.now());

  const as = (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => t.call(method, `/api${path}`, { token, body });
  const inScope = (scope: number[], project: unknown) => project === null || scope.includes(project as number);
  /** What the rows a write may touch look like now: equal before and after a refused write. */
  const digest = async () =>
    t.database.query(`SELECT
      (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM fall_project x) AS p,
      (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM fall_eq_info x) AS e,
      (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM fall_order x) AS o,
      (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM fall_report x) AS r,
      (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM fall_warning x) AS w,
      (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM fall_train x) AS tr,
      (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM fall_monitor x) AS m`);

  beforeAll(async () => {
    console.warn(`data-scope property: seed ${SEED} (replay with SCOPE_SEED=${SEED})`);
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    const one = async (sql: string, params: unknown[]) => (await t.database.query<{ id: number }>(sql, params))[0].id;
    const devices: number[] = [];
    for (const c of DEVICE_CATEGORY.slice(0, 3)) devices.push(await one(`INSERT INTO fall_device(name, category) VALUES ($1, $2) RETURNING id`, [`D-${c.value}`, c.value]));
    const units: { id: number; project: number }[] = [];
    for (let i = 0; i < PROJECTS; i++) {
      const p = await one(
        `INSERT INTO fall_project(name, unique_key, area, country, status, water_type, total_area) VALUES ($1, $1, $2, $3, $4, $5, $6) RETURNING id`,
        [`P${i}`, pick(['Asia', 'Europe', 'America']), pick(['CN', 'US', 'DE']), pick(XMZT).value, pick(WATER_TYPE).value, int(5000)],
      );
      projects.push(p);
      for (let k = i === 0 ? 1 + int(3) : int(4); k > 0; k--) {
        const id = await one(`INSERT INTO fall_eq_info(name, project_id, device_id, state) VALUES ($1, $2, $3, $4) RETURNING id`, [`U${p}-${k}`, p, pick(devices), pick(EQUIPMENT_STATES)]);
        units.push({ id, project: p });
        if ((i === 0 && k === 1) || maybe(0.4)) await one(`INSERT INTO fall_spare_part(name, equipment_id) VALUES ($1, $2) RETURNING id`, [`S${id}`, id]);
      }
      // The first project holds one of each kind of row, so no list is compared empty.
      if (i === 0 || maybe(0.7)) {
        const board = await one(`INSERT INTO fall_detect(board_name, project_id) VALUES ($1, $2) RETURNING id`, [`B${p}`, p]);
        for (let k = i === 0 ? 1 + int(3) : int(4); k > 0; k--) {
          await one(`INSERT INTO fall_warning(info, project_id, detect_id, level, at, channel) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [`W${k}`, p, board, pick(['info', 'warning', 'critical']), new Date(Date.now() - int(30) * DAY), k]);
        }
      }
      if (i === 0 || maybe(0.5)) await one(`INSERT INTO fall_draw(name, project_id) VALUES ($1, $2) RETURNING id`, [`Dr${p}`, p]);
      if (i === 0 || maybe(0.5)) await one(`INSERT INTO fall_monitor(name, project_id, serial) VALUES ($1, $2, $3) RETURNING id`, [`M${p}`, p, `SN${p}`]);
      if (i === 0 || maybe(0.5)) await one(`INSERT INTO fall_others(name, project_id) VALUES ($1, $2) RETURNING id`, [`O${p}`, p]);
    }
    // Rows of no project: everyone who may read the list sees them.
    for (let k = 0; k < 3; k++) await one(`INSERT INTO fall_train(name, project_id) VALUES ($1, $2) RETURNING id`, [`T${k}`, maybe(0.3) ? null : pick(projects)]);
    for (let k = 0; k < 2; k++) await one(`INSERT INTO ship_scene(name, project_id) VALUES ($1, $2) RETURNING id`, [`Sc${k}`, maybe(0.5) ? null : pick(projects)]);
    // Orders and reports through the API, so the rollups and the time rules are the ones the users meet.
    for (let k = 12 + int(12); k > 0; k--) {
      const project = pick(projects);
      const here = units.filter((u) => u.project === project);
      const submitted = Date.now() - (1 + int(35)) * DAY - int(600) * 60_000;
      const res = await as(admin, 'POST', '/ball/fallorder/save', {
        name: `O${k}`, projectId: project, equipmentId: here.length && maybe(0.7) ? pick(here).id : null, priority: pick(ORDER_PRIORITIES), submittedAt: new Date(submitted).toISOString(),
      });
      expect(res.status).toBe(200);
      for (let r = maybe(0.7) ? 1 + int(2) : 0; r > 0; r--) {
        const repairAt = submitted + int(48) * 3_600_000;
        const done = maybe(0.8) ? repairAt + int(30) * 3_600_000 : null;
        const rep = await as(admin, 'POST', '/ball/fallreport/save', {
          orderId: res.body.data.id, repairer: 'R', result: maybe(0.7) ? 'fixed' : 'not_fixed', repairAt: new Date(repairAt).toISOString(),
          completedAt: done === null ? null : new Date(Math.min(done, Date.now() - 60_000)).toISOString(), durationHours: 0.5,
        });
        expect([200, 400]).toContain(rep.status);
      }
      if (maybe(0.15)) await as(admin, 'POST', '/ball/fallorder/close', { id: res.body.data.id });
    }
    // Random scopes: one project, a few, and a few of which one may hold nothing at all.
    const menus = (await t.database.query<{ id: number }>('SELECT id FROM sys_menu')).map((m) => m.id);
    const shuffled = () => [...projects].sort(() => rand() - 0.5);
    const scopes = [shuffled().slice(0, 1), shuffled().slice(0, 2 + int(2)), shuffled().slice(0, 2 + int(3))];
    for (const [i, scope] of scopes.entries()) {
      const role = await as(admin, 'POST', '/sys/role/save', { code: `scoped_${i}`, name: `scoped ${i}`, menuIdList: menus, dataScope: 'projects', projectIdList: scope });
      expect(role.status, JSON.stringify(role.body)).toBe(200);
      const [u] = await t.database.db.insert(sysUser).values({ username: `scoped${i}`, passwordHash: await hashPassword('scoped-pw') }).returning({ id: sysUser.id });
      await t.database.db.insert(sysUserRole).values({ userId: u.id, roleId: role.body.data.id });
      users.push({ token: await t.tokenFor(`scoped${i}`), scope: [...scope].sort((a, b) => a - b) });
    }
    console.warn(`data-scope property: scopes ${JSON.stringify(users.map((u) => u.scope.map((p) => projects.indexOf(p))))} of ${PROJECTS} projects`);
  }, 120_000);
  afterAll(() => t?.close());

  it('every list, listAll and total is the administrator\'s filtered to the scope; a row outside is not found', async () => {
    let compared = 0;
    for (const u of await t.database.query<{ id: number; project_id: number }>('SELECT id, project_id FROM fall_eq_info')) unitProject.set(u.id, u.project_id);
    for (const { api, project, listAll } of LISTS) {
      const all = await as(admin, 'POST', `${api}/list`, { page: 1, limit: 1000 });
      expect(all.status, `${api} ${JSON.stringify(all.body)}`).toBe(200);
      const rows = all.body.data.list as Record<string, unknown>[];
      // The extractor must find a project (or an explicit null) on every row, or the filter proves nothing.
      for (const r of rows) expect(project(r) === null || typeof project(r) === 'number', `${api} row has no projectId`).toBe(true);
      expect(rows.length, `${api}: the history made no rows (seed ${SEED})`).toBeGreaterThan(0);
      const adminAll = listAll ? await as(admin, 'POST', `${api}/listAll`, {}) : null;
      for (const u of users) {
        const want = rows.filter((r) => inScope(u.scope, project(r)));
        const got = await as(u.token, 'POST', `${api}/list`, { page: 1, limit: 1000 });
        expect(got.status).toBe(200);
        expect(got.body.data.list, `${api} list, scope ${u.scope} (seed ${SEED})`).toEqual(want);
        expect(got.body.data.total, `${api} total`).toBe(want.length);
        const page = await as(u.token, 'POST', `${api}/list`, { page: 1, limit: 1 });
        expect(page.body.data.total, `${api} total of a one-row page`).toBe(want.length);
        if (adminAll) {
          const mine = await as(u.token, 'POST', `${api}/listAll`, {});
          expect(mine.status).toBe(200);
          expect(mine.body.data, `${api} listAll`).toEqual((adminAll.body.data as Record<string, unknown>[]).filter((r) => inScope(u.scope, project(r))));
        }
        const outside = rows.find((r) => !inScope(u.scope, project(r)));
        if (outside && api !== '/ball/fallwarning') {
          const info = await as(u.token, 'GET', `${api}/info/${outside.id as number}`);
          // Not found, or refused: either way nothing of the row is told.
          expect([403, 404], `${api} info of a row outside`).toContain(info.status);
        }
        const inside = want[0];
        if (inside && api !== '/ball/fallwarning') expect((await as(u.token, 'GET', `${api}/info/${inside.id as number}`)).status, `${api} info inside`).toBe(200);
        compared += 1;
      }
    }
    expect(compared).toBe(LISTS.length * users.length);
  }, 120_000);

  it('every statistics call is the administrator\'s for the scope\'s projects; a project outside is refused', async () => {
    const period = (g: string) => ({ from, to, granularity: g });
    /** Each statistics call, asked for one project or (undefined) for whatever the caller may see. */
    const calls: { name: string; ask: (token: string, projectId?: number) => Promise<{ status: number; body: any }> }[] = [
      { name: 'groupDevice', ask: (tk, p) => as(tk, 'GET', `/ball/fallproject/groupDevice${p ? `?projectId=${p}` : ''}`) },
      { name: 'brokenDevice', ask: (tk, p) => as(tk, 'GET', `/ball/fallproject/brokenDevice${p ? `?projectId=${p}` : ''}`) },
      ...(['day', 'week', 'month'] as const).flatMap((g) => [
        { name: `repairSpeedList ${g}`, ask: (tk: string, p?: number) => as(tk, 'POST', '/ball/fallproject/repairSpeedList', { ...period(g), ...(p ? { projectId: p } : {}) }) },
        { name: `repairQualityList ${g}`, ask: (tk: string, p?: number) => as(tk, 'POST', '/ball/fallproject/repairQualityList', { ...period(g), ...(p ? { projectId: p } : {}) }) },
      ]),
      ...(['orders', 'completed'] as const).map((metric) => ({
        name: `statOrders ${metric}`,
        ask: (tk: string, p?: number) => as(tk, 'POST', '/ball/fallproject/statOrders', { ...period('week'), metric, page: 1, limit: 1000, ...(p ? { projectId: p } : {}) }),
      })),
      ...(['week', 'month'] as const).map((g) => ({
        name: `statistics figures ${g}`,
        ask: (tk: string, p?: number) => as(tk, 'POST', '/ball/stats/figures', { ...period(g), ...(p ? { projectId: p } : {}) }),
      })),
    ];
    const adminFor = new Map<string, unknown>();
    const adminAsk = async (c: (typeof calls)[number], p: number) => {
      const key = `${c.name} ${p}`;
      if (!adminFor.has(key)) {
        const res = await c.ask(admin, p);
        expect(res.status, `${key} ${JSON.stringify(res.body)}`).toBe(200);
        adminFor.set(key, res.body.data);
      }
      return adminFor.get(key) as Record<string, unknown>;
    };
    /** The part of an answer a project filter narrows: the filter choices of the figures are the caller's places, checked below. */
    const figures = (data: unknown) => {
      if (data && typeof data === 'object' && 'places' in data) {
        const { places: _places, ...rest } = data as Record<string, unknown>;
        return rest;
      }
      return data;
    };
    const projectRows = await t.database.query<{ id: number; status: string; area: string; country: string; water_type: string; total_area: number }>(
      'SELECT id, status, area, country, water_type, total_area::float8 AS total_area FROM fall_project WHERE archived_at IS NULL');
    let checked = 0;
    for (const u of users) {
      for (const c of calls) {
        for (const p of u.scope) {
          const got = await c.ask(u.token, p);
          expect(got.status, `${c.name} project ${p}`).toBe(200);
          expect(figures(got.body.data), `${c.name} for project ${p}, scope ${u.scope} (seed ${SEED})`).toEqual(figures(await adminAsk(c, p)));
        }
        const foreign = projects.find((p) => !u.scope.includes(p));
        if (foreign) expect((await c.ask(u.token, foreign)).status, `${c.name} for a project outside`).toBe(403);
        const whole = await c.ask(u.token);
        expect(whole.status).toBe(200);
        const parts = await Promise.all(u.scope.map((p) => adminAsk(c, p)));
        if (u.scope.length === 1) expect(figures(whole.body.data), `${c.name} of a one-project scope (seed ${SEED})`).toEqual(figures(parts[0]));
        expectSums(figures(whole.body.data), parts.map(figures), `${c.name} scope ${u.scope}`);
        // Lists behind the figures hold the rows of the scope's projects, those of each project in turn.
        if (c.name.startsWith('statOrders') || c.name === 'brokenDevice') {
          const ids = (d: any) => (d.list as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
          expect(ids(whole.body.data)).toEqual(parts.flatMap(ids).sort((a, b) => a - b));
        }
        checked += 1;
      }
      // Project counts, areas and water types, from the rows.
      const mine = projectRows.filter((r) => u.scope.includes(r.id));
      const count = await as(u.token, 'GET', '/ball/fallproject/countProjects');
      expect(count.body.data.total).toBe(mine.length);
      for (const s of count.body.data.byStatus) expect(s.count, `status ${s.status}`).toBe(mine.filter((r) => r.status === s.status).length);
      const water = await as(u.token, 'GET', '/ball/fallproject/groupWater');
      for (const w of water.body.data) expect(w.count, `water ${w.waterType}`).toBe(mine.filter((r) => r.water_type === w.waterType).length);
      const area = await as(u.token, 'GET', '/ball/fallproject/groupArea');
      const areas = [...new Set(mine.map((r) => r.area))];
      expect(area.body.data.map((a: { area: string; count: number; totalArea: number }) => [a.area, a.count, a.totalArea]).sort()).toEqual(
        areas.map((a) => [a, mine.filter((r) => r.area === a).length, mine.filter((r) => r.area === a).reduce((n, r) => n + r.total_area, 0)]).sort());
      const report = await as(u.token, 'POST', '/ball/stats/figures', period('month'));
      expect(report.body.data.places.countries.sort()).toEqual([...new Set(mine.map((r) => r.country))].sort());
      expect(report.body.data.places.areas.map((a: { value: string }) => a.value).sort()).toEqual(areas.sort());
      // The project walls: its own as the administrator sees them, any other refused.
      for (const p of projects) {
        const wall = await as(u.token, 'GET', `/wall/project/${p}`);
        if (u.scope.includes(p)) {
          expect(wall.status).toBe(200);
          // Less the moment of the answer ('at').
          const { at: _at, ...theirs } = wall.body.data;
          const { at: _at2, ...adminWall } = (await as(admin, 'GET', `/wall/project/${p}`)).body.data;
          expect(theirs).toEqual(adminWall);
        } else expect(wall.status, `wall of project ${p} outside`).toBe(403);
      }
    }
    expect(checked).toBe(users.length * calls.length);
  }, 180_000);

  it('every write naming a project outside the scope, or a row of one, is a 403 that changes nothing', async () => {
    const one = async (sql: string, params: unknown[]) => (await t.database.query<{ id: number }>(sql, params))[0]?.id;
    let refused = 0;
    for (const u of users) {
      const foreign = projects.filter((p) => !u.scope.includes(p));
      if (!foreign.length) continue;
      const f = pick(foreign);
      const own = pick(u.scope);
      const fEq = await one('SELECT id FROM fall_eq_info WHERE project_id = $1 ORDER BY id LIMIT 1', [f]);
      const ownEq = await one('SELECT id FROM fall_eq_info WHERE project_id = ANY($1::int[]) ORDER BY id LIMIT 1', [u.scope]);
      const fOrder = await one('SELECT id FROM fall_order WHERE project_id = ANY($1::int[]) ORDER BY id LIMIT 1', [foreign]);
      const ownOrder = await one('SELECT id FROM fall_order WHERE project_id = ANY($1::int[]) ORDER BY id LIMIT 1', [u.scope]);
      const fReport = await one('SELECT r.id FROM fall_report r JOIN fall_order o ON o.id = r.order_id WHERE o.project_id = ANY($1::int[]) ORDER BY r.id LIMIT 1', [foreign]);
      const fWarning = await one('SELECT id FROM fall_warning WHERE project_id = ANY($1::int[]) ORDER BY id LIMIT 1', [foreign]);
      const fTrain = await one('SELECT id FROM fall_train WHERE project_id = ANY($1::int[]) ORDER BY id LIMIT 1', [foreign]);
      const fMonitor = await one('SELECT id FROM fall_monitor WHERE project_id = ANY($1::int[]) ORDER BY id LIMIT 1', [foreign]);
      const writes: [string, unknown][] = [
        ['/ball/fallproject/update', { id: f, name: 'taken' }],
        ['/ball/fallproject/delete', [f]],
        ['/ball/fallproject/delete', [own, f]],
        ['/ball/falleqinfo/save', { name: 'stray', projectId: f }],
        ['/ball/fallorder/save', { name: 'stray', projectId: f, priority: 'normal', submittedAt: new Date(Date.now() - DAY).toISOString() }],
        ['/ball/falltrain/save', { name: 'stray', projectId: f }],
        ['/ball/falldraw/save', { name: 'stray', projectId: f }],
        ['/ball/fallmonitor/save', { name: 'stray', projectId: f, serial: 'X1' }],
        ['/ball/fallothers/save', { name: 'stray', projectId: f, kind: SENSOR_KINDS[0] }],
      ];
      if (fEq) writes.push(['/ball/falleqinfo/update', { id: fEq, name: 'taken' }], ['/ball/falleqinfo/delete', [fEq]], ['/ball/fallspare/save', { name: 'stray', equipmentId: fEq }]);
      if (ownEq) writes.push(['/ball/falleqinfo/update', { id: ownEq, projectId: f }]);
      if (fOrder) {
        writes.push(
          ['/ball/fallorder/update', { id: fOrder, name: 'taken' }],
          ['/ball/fallorder/delete', ownOrder ? [ownOrder, fOrder] : [fOrder]],
          ['/ball/fallorder/accept', { id: fOrder }],
          ['/ball/fallorder/close', { id: fOrder }],
          ['/ball/fallreport/save', { orderId: fOrder, repairer: 'R', result: 'fixed', repairAt: new Date(Date.now() - 3_600_000).toISOString(), completedAt: null, durationHours: 0 }],
        );
      }
      if (ownOrder) writes.push(['/ball/fallorder/update', { id: ownOrder, projectId: f }]);
      if (fReport) writes.push(['/ball/fallreport/update', { id: fReport, repairer: 'taken' }], ['/ball/fallreport/delete', [fReport]]);
      if (fWarning) writes.push(['/ball/fallwarning/deal', { id: fWarning, result: DEAL_RESULTS[0] }], ['/ball/fallwarning/ack', { id: fWarning }]);
      if (fTrain) writes.push(['/ball/falltrain/update', { id: fTrain, name: 'taken' }], ['/ball/falltrain/delete', [fTrain]]);
      if (fMonitor) writes.push(['/ball/fallmonitor/delete', [fMonitor]]);
      for (const [path, body] of writes) {
        const before = await digest();
        const res = await as(u.token, 'POST', path, body);
        expect(res.status, `${path} ${JSON.stringify(body)} by scope ${u.scope}: ${JSON.stringify(res.body)} (seed ${SEED})`).toBe(403);
        expect(res.body.msg).toBe('Your roles do not cover this project');
        expect(await digest(), `${path} changed something`).toEqual(before);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(10);
  }, 120_000);
});
