import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { restoreStatsTriggers, withoutStatsTriggers } from '../../db/seed/seed-sql';

// The rollup of migration 0008 (per-order facts, day/week/month sums and hour histograms kept by
// triggers) must answer exactly what a direct computation over the raw fall_order rows answers, after
// every kind of write. The reference queries below are the pre-rollup SQL of the repository.

const RANGE_START = `($1::date::timestamp AT TIME ZONE 'UTC')`;
const RANGE_END = `(($2::date + 1)::timestamp AT TIME ZONE 'UTC')`;
const PERIODS = `SELECT gs AS label, gs AT TIME ZONE 'UTC' AS start
                   FROM generate_series(date_trunc($3, $1::date::timestamp), $2::date::timestamp, ('1 ' || $3)::interval) gs`;
const bucket = (g: string, col: string) =>
  g === 'month' ? `(date_trunc('month', ${col} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')` : `date_bin('${g === 'day' ? 1 : 7} days', ${col}, TIMESTAMPTZ '2000-01-03 00:00:00+00')`;
const FORMAT: Record<string, string> = { day: 'YYYY-MM-DD', week: 'YYYY-MM-DD', month: 'YYYY-MM' };
const round = (v: number | null, d: number) => (v === null ? null : Number(Number(v).toFixed(d)));
const share = (a: number, b: number) => (b > 0 ? round(a / b, 4) : null);

type Query = { projectId?: number; from: string; to: string; granularity: 'day' | 'week' | 'month' };
type Sla = { low: number; normal: number; high: number; urgent: number };

/** A deterministic pseudo-random sequence (the same rows on both engines). */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('statistics rollup against the raw orders', () => {
  let t: TestApp;
  let admin: string;
  const projects: number[] = [];
  const equipment: number[] = [];
  let serial = 0;

  async function addOrders(count: number, seed: number, from: number, days: number) {
    const r = rng(seed);
    // Spans on the histogram's bin edges and the default SLA hours, inside bins, zero, negative, beyond the last bin.
    const exact = [0, 0.25, 8, 24, 48, 72, 30.5, 168, 169, 2184, 3000, -1];
    const rows: unknown[] = [];
    for (let i = 0; i < count; i++) {
      serial += 1;
      const submitted = from + Math.floor(r() * days * 86_400_000);
      const hours = r() < 0.25 ? exact[Math.floor(r() * exact.length)] : Math.round(r() * 120 * 3600_000) / 3600_000;
      const done = r() < 0.8;
      const prio = ['low', 'normal', 'high', 'urgent', 'odd'][Math.floor(r() * 5)];
      const eq = r() < 0.85 ? equipment[Math.floor(r() * equipment.length)] : null;
      const project = projects[Math.floor(r() * projects.length)];
      // A negative span breaks a time rule (docs/invariants.md): stored only as migration 0014 leaves
      // such a row, flagged, and the statistics leave it out.
      rows.push(
        `R${serial}`, project, eq, prio, new Date(submitted).toISOString(),
        done ? new Date(submitted + hours * 3600_000).toISOString() : null, done ? 'completed' : 'repairing', Math.floor(r() * 3),
        done && hours < 0 ? 'v.completedBeforeSubmission' : null,
      );
    }
    const values = Array.from({ length: count }, (_, i) => `(${Array.from({ length: 9 }, (_, j) => `$${i * 9 + j + 1}`).join(', ')})`);
    await t.database.query(
      `INSERT INTO fall_order(number, name, project_id, equipment_id, priority, submitted_at, completed_at, status, report_count, data_issue)
       SELECT v.n, v.n, v.p::int, v.e::int, v.pr, v.s::timestamptz, v.c::timestamptz, v.st, v.rc::int, v.di
         FROM (VALUES ${values.join(', ')}) v(n, p, e, pr, s, c, st, rc, di)`,
      rows,
    );
  }

  async function rawSpeed(q: Query) {
    const params: unknown[] = [q.from, q.to, q.granularity, FORMAT[q.granularity]];
    const project = (col: string) => (q.projectId ? `AND ${col} = $${params.push(q.projectId)}` : '');
    const p1 = project('project_id');
    const rows = await t.database.query<{ period: string; orders: number; completed: number; avgHours: number | null; medianHours: number | null; p90Hours: number | null }>(
      `WITH p AS (${PERIODS}),
       s AS (SELECT ${bucket(q.granularity, 'submitted_at')} AS start, count(*)::int AS n FROM fall_order
              WHERE submitted_at >= ${RANGE_START} AND submitted_at < ${RANGE_END} ${p1} GROUP BY 1),
       c AS (SELECT ${bucket(q.granularity, 'completed_at')} AS start, count(*)::int AS n, avg(completed_at - submitted_at) AS avg_h,
                    percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY completed_at - submitted_at) AS pct
               FROM fall_order WHERE completed_at >= ${RANGE_START} AND completed_at < ${RANGE_END} AND data_issue IS NULL ${p1} GROUP BY 1)
       SELECT to_char(p.label, $4) AS period, coalesce(s.n, 0) AS orders, coalesce(c.n, 0) AS completed,
              extract(epoch FROM c.avg_h)::float8 / 3600 AS "avgHours", extract(epoch FROM c.pct[1])::float8 / 3600 AS "medianHours",
              extract(epoch FROM c.pct[2])::float8 / 3600 AS "p90Hours"
         FROM p LEFT JOIN s ON s.start = p.start LEFT JOIN c ON c.start = p.start ORDER BY p.start`,
      params,
    );
    return rows.map((r) => ({ ...r, avgHours: round(r.avgHours, 2), medianHours: round(r.medianHours, 2), p90Hours: round(r.p90Hours, 2) }));
  }

  async function rawQuality(q: Query, sla: Sla) {
    const params: unknown[] = [q.from, q.to, q.granularity, FORMAT[q.granularity], sla.low, sla.normal, sla.high, sla.urgent];
    const p1 = q.projectId ? `AND o.project_id = $${params.push(q.projectId)}` : '';
    const rows = await t.database.query<{ period: string; completed: number; ftf: number; withEq: number; rep: number; onTime: number }>(
      `WITH p AS (${PERIODS}),
       c AS (SELECT ${bucket(q.granularity, 'o.completed_at')} AS start, count(*)::int AS n,
                    count(*) FILTER (WHERE o.report_count = 1)::int AS ftf,
                    count(*) FILTER (WHERE o.equipment_id IS NOT NULL)::int AS with_eq,
                    count(*) FILTER (WHERE o.equipment_id IS NOT NULL AND EXISTS (
                        SELECT 1 FROM fall_order r WHERE r.equipment_id = o.equipment_id AND r.id <> o.id
                           AND r.submitted_at > o.completed_at AND r.submitted_at <= o.completed_at + interval '30 days'))::int AS rep,
                    count(*) FILTER (WHERE o.completed_at - o.submitted_at <= interval '1 hour' *
                        CASE o.priority WHEN 'low' THEN $5::float8 WHEN 'high' THEN $7::float8 WHEN 'urgent' THEN $8::float8 ELSE $6::float8 END)::int AS on_time
               FROM fall_order o WHERE o.completed_at >= ${RANGE_START} AND o.completed_at < ${RANGE_END} AND o.data_issue IS NULL ${p1} GROUP BY 1)
       SELECT to_char(p.label, $4) AS period, coalesce(c.n, 0) AS completed, coalesce(c.ftf, 0) AS ftf, coalesce(c.with_eq, 0) AS "withEq",
              coalesce(c.rep, 0) AS rep, coalesce(c.on_time, 0) AS "onTime"
         FROM p LEFT JOIN c ON c.start = p.start ORDER BY p.start`,
      params,
    );
    return rows.map((r) => ({
      period: r.period, completed: r.completed, firstTimeFixRate: share(r.ftf, r.completed),
      repeatRate30d: share(r.rep, r.withEq), onTimeRate: share(r.onTime, r.completed),
    }));
  }

  async function sla(): Promise<Sla> {
    const get = (k: 'low' | 'normal' | 'high' | 'urgent') => t.app.settings.get(`sla.hours.${k}`);
    return { low: await get('low'), normal: await get('normal'), high: await get('high'), urgent: await get('urgent') };
  }

  const post = (path: string, body: unknown) => t.call('POST', `/api/ball/fallproject/${path}`, { token: admin, body });

  /** Every chart shape the walls ask for, whole and clipped periods, all projects and one. */
  async function expectSameAsRaw() {
    const ranges: Omit<Query, 'projectId'>[] = [
      { from: '2024-01-10', to: '2024-02-20', granularity: 'day' },
      { from: '2024-01-03', to: '2024-03-20', granularity: 'week' },
      { from: '2024-01-01', to: '2024-03-31', granularity: 'week' },
      { from: '2024-01-15', to: '2024-04-10', granularity: 'month' },
      { from: '2023-12-01', to: '2024-05-31', granularity: 'month' },
    ];
    const s = await sla();
    for (const range of ranges) {
      for (const projectId of [undefined, projects[0]]) {
        const q = projectId ? { ...range, projectId } : range;
        const speed = await post('repairSpeedList', q);
        expect(speed.status).toBe(200);
        expect(speed.body.data, `speed ${JSON.stringify(q)}`).toEqual(await rawSpeed(q));
        const quality = await post('repairQualityList', q);
        expect(quality.body.data, `quality ${JSON.stringify(q)}`).toEqual(await rawQuality(q, s));
      }
    }
  }

  /** The trigger-kept rows equal a rebuild from scratch (zero rows left behind by removals aside). */
  async function expectRollupConsistent() {
    const kept = await t.database.query('SELECT * FROM stats_order_fact ORDER BY order_id');
    const fresh = await t.database.query('SELECT * FROM stats_order_facts_of(array(SELECT id FROM fall_order)) ORDER BY order_id');
    expect(kept).toEqual(fresh);
    const grains = `CROSS JOIN LATERAL (VALUES ('d', (x.at AT TIME ZONE 'UTC')::date), ('w', date_trunc('week', x.at AT TIME ZONE 'UTC')::date),
                                               ('m', date_trunc('month', x.at AT TIME ZONE 'UTC')::date)) g(grain, start)`;
    const period = await t.database.query(
      `SELECT grain, start::text, submitted, completed, us_sum::text, ftf, with_eq, rep FROM stats_order_period
        WHERE (submitted, completed, us_sum, ftf, with_eq, rep) <> (0, 0, 0, 0, 0, 0) ORDER BY 1, 2`,
    );
    const rebuilt = await t.database.query(
      `SELECT grain, start::text, sum(s)::int AS submitted, sum(c)::int AS completed, sum(us)::text AS us_sum, sum(f)::int AS ftf,
              sum(w)::int AS with_eq, sum(r)::int AS rep FROM (
         SELECT g.grain, g.start, 1 AS s, 0 AS c, 0 AS us, 0 AS f, 0 AS w, 0 AS r FROM (SELECT submitted_at AS at FROM fall_order) x ${grains}
         UNION ALL
         SELECT g.grain, g.start, 0, 1, x.us, x.ftf::int, x.with_eq::int, x.rep::int FROM (SELECT *, completed_at AS at FROM stats_order_fact) x ${grains}
       ) y GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(period).toEqual(rebuilt);
    const hist = await t.database.query(
      `SELECT grain, start, prio, bin, n FROM (
         SELECT t.grain, t.start::text, h.prio, u.i::int - 1 AS bin, u.c - coalesce(h.hist[u.i - 1], 0) AS n FROM stats_order_period t
          CROSS JOIN LATERAL (VALUES (0, t.c0), (1, t.c1), (2, t.c2), (3, t.c3)) h(prio, hist)
          CROSS JOIN LATERAL unnest(h.hist) WITH ORDINALITY u(c, i)) x
        WHERE n <> 0 ORDER BY 1, 2, 3, 4`,
    );
    const histRebuilt = await t.database.query(
      `SELECT g.grain, g.start::text, x.prio::int AS prio, x.bin::int AS bin, count(*)::int AS n
         FROM (SELECT *, completed_at AS at FROM stats_order_fact) x ${grains} GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    expect(hist).toEqual(histRebuilt);
    const eq = await t.database.query('SELECT project_id, device_id, state, n FROM stats_eq_count WHERE n <> 0 ORDER BY 1, 2, 3');
    const eqRebuilt = await t.database.query(
      `SELECT p.project_id, coalesce(e.device_id, 0) AS device_id, e.state, count(*)::int AS n
         FROM fall_eq_info e CROSS JOIN LATERAL (VALUES (e.project_id), (0)) p(project_id) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(eq).toEqual(eqRebuilt);
  }

  async function rawGroupDevice(projectId?: number) {
    return t.database.query<{ category: string; total: number }>(
      `SELECT coalesce(d.category, 'other') AS category, count(*)::int AS total,
              count(*) FILTER (WHERE e.state = 'broken')::int AS broken, count(*) FILTER (WHERE e.state = 'offline')::int AS offline
         FROM fall_eq_info e LEFT JOIN fall_device d ON d.id = e.device_id ${projectId ? `WHERE e.project_id = ${Number(projectId)}` : ''}
        GROUP BY 1 ORDER BY 1`,
    );
  }

  async function expectGroupDeviceSameAsRaw() {
    for (const projectId of [undefined, projects[1]]) {
      const res = await t.call('GET', `/api/ball/fallproject/groupDevice${projectId ? `?projectId=${projectId}` : ''}`, { token: admin });
      const api = (res.body.data as { category: string; total: number; broken: number; offline: number }[])
        .filter((g) => g.total > 0)
        .map(({ category, total, broken, offline }) => ({ category, total, broken, offline }))
        .sort((a, b) => a.category.localeCompare(b.category));
      expect(api).toEqual(await rawGroupDevice(projectId));
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    await t.database.exec('DELETE FROM fall_order; DELETE FROM fall_eq_info; DELETE FROM fall_device; DELETE FROM fall_project;');
    for (const name of ['RA', 'RB', 'RC']) {
      const [p] = await t.database.query<{ id: number }>(
        `INSERT INTO fall_project(name, unique_key, area, status, water_type) VALUES ($1, $1, 'Asia', 'A', 'fountain') RETURNING id`, [name]);
      projects.push(p.id);
    }
    const devices = await t.database.query<{ id: number }>(
      `INSERT INTO fall_device(name, category) VALUES ('Pump', 'pump'), ('Light', 'light') RETURNING id`);
    for (let i = 0; i < 8; i++) {
      const [e] = await t.database.query<{ id: number }>(
        'INSERT INTO fall_eq_info(name, project_id, device_id, state) VALUES ($1, $2, $3, $4) RETURNING id',
        [`U${i}`, projects[i % 3], i === 7 ? null : devices[i % 2].id, ['normal', 'broken', 'offline'][i % 3]]);
      equipment.push(e.id);
    }
    await addOrders(400, 7, Date.parse('2024-01-01T00:00:00Z'), 95);
  });
  afterAll(() => t.close());

  it('answers exactly what the raw rows answer', async () => {
    await expectRollupConsistent();
    await expectSameAsRaw();
    await expectGroupDeviceSameAsRaw();
  });

  it('stays exact after inserts and after filing reports (first-time fix, completion, reopening)', async () => {
    await addOrders(60, 11, Date.parse('2024-02-01T00:00:00Z'), 40);
    const [open] = await t.database.query<{ id: number; equipment_id: number | null }>(
      `SELECT id, equipment_id FROM fall_order WHERE completed_at IS NULL AND submitted_at < '2024-03-01' AND equipment_id IS NOT NULL ORDER BY id LIMIT 1`);
    await t.database.query(`UPDATE fall_eq_info SET state = 'broken' WHERE id = $1`, [open.equipment_id]);
    const fixed = await t.call('POST', '/api/ball/fallreport/save', {
      token: admin,
      body: { orderId: open.id, result: 'fixed', repairer: 'Li', repairAt: '2024-03-02T08:00:00.000Z', completedAt: '2024-03-02T09:00:00.000Z' },
    });
    expect(fixed.status).toBe(200);
    const [order] = await t.database.query<{ report_count: number }>('SELECT report_count FROM fall_order WHERE id = $1', [open.id]);
    const [fact] = await t.database.query<{ ftf: boolean }>('SELECT ftf FROM stats_order_fact WHERE order_id = $1', [open.id]);
    expect(fact.ftf).toBe(order.report_count === 1);
    // A failed visit on a completed order reopens it: its facts leave the rollup.
    const [done] = await t.database.query<{ id: number }>(`SELECT id FROM fall_order WHERE completed_at IS NOT NULL ORDER BY id LIMIT 1`);
    const reopened = await t.call('POST', '/api/ball/fallreport/save', {
      token: admin, body: { orderId: done.id, result: 'not_fixed', repairer: 'Li', repairAt: '2024-03-03T08:00:00.000Z' },
    });
    expect(reopened.status).toBe(200);
    expect(await t.database.query('SELECT 1 FROM stats_order_fact WHERE order_id = $1', [done.id])).toEqual([]);
    await expectRollupConsistent();
    await expectSameAsRaw();
    await expectGroupDeviceSameAsRaw();
  });

  it('flags the earlier order when a repeat arrives within 30 days, and unflags it when the repeat goes', async () => {
    const [eq] = await t.database.query<{ id: number }>(
      `INSERT INTO fall_eq_info(name, project_id, state) VALUES ('Solo', $1, 'normal') RETURNING id`, [projects[2]]);
    await t.database.query(
      `INSERT INTO fall_order(number, name, project_id, equipment_id, priority, submitted_at, completed_at, status, report_count)
       VALUES ('FIRST', 'FIRST', $1, $2, 'normal', '2024-04-20T00:00:00Z', '2024-04-21T00:00:00Z', 'completed', 1)`, [projects[2], eq.id]);
    const flag = async () => (await t.database.query<{ rep: boolean }>(
      `SELECT f.rep FROM stats_order_fact f JOIN fall_order o ON o.id = f.order_id WHERE o.number = 'FIRST'`))[0].rep;
    const quality = async () => (await post('repairQualityList', { projectId: projects[2], from: '2024-04-21', to: '2024-04-21', granularity: 'day' })).body.data[0];
    expect(await flag()).toBe(false);
    expect((await quality()).repeatRate30d).toBe(0);
    // 31 days later is not a repeat; moving it to 29 days later makes one.
    await t.database.query(
      `INSERT INTO fall_order(number, name, project_id, equipment_id, submitted_at, status) VALUES ('AGAIN', 'AGAIN', $1, $2, '2024-05-22T00:00:01Z', 'submitted')`,
      [projects[2], eq.id]);
    expect(await flag()).toBe(false);
    await t.database.query(`UPDATE fall_order SET submitted_at = '2024-05-20T00:00:00Z' WHERE number = 'AGAIN'`);
    expect(await flag()).toBe(true);
    expect((await quality()).repeatRate30d).toBe(1);
    await expectRollupConsistent();
    await t.database.query(`DELETE FROM fall_order WHERE number = 'AGAIN'`);
    expect(await flag()).toBe(false);
    await expectRollupConsistent();
  });

  // PGlite has one connection; on PostgreSQL two transactions can refresh the same earlier order at once
  // (status unchanged and submitted in different days, weeks and months, so no counter row makes them queue).
  it.runIf(process.env.TEST_DATABASE_URL)('keeps the rollup right when two writers refresh the same earlier order concurrently', async () => {
    const [e] = await t.database.query<{ id: number }>(`INSERT INTO fall_eq_info(name, project_id) VALUES ('Race', $1) RETURNING id`, [projects[0]]);
    await t.database.query(
      `INSERT INTO fall_order(number, name, project_id, equipment_id, submitted_at, completed_at, status, report_count)
       VALUES ('RACE0', 'RACE0', $1, $2, '2024-06-01T00:00:00Z', '2024-06-02T00:00:00Z', 'completed', 1)`, [projects[0], e.id]);
    const [{ db }] = await t.database.query<{ db: string }>('SELECT current_database() AS db');
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${db}`;
    const [a, b] = [new pg.Client({ connectionString: url.toString() }), new pg.Client({ connectionString: url.toString() })];
    await Promise.all([a.connect(), b.connect()]);
    // Two open orders on the same unit, then each transaction moves one into RACE0's 30 days.
    for (const [n, at] of [['RACE1', '2024-08-20T00:00:00Z'], ['RACE2', '2024-09-20T00:00:00Z']]) {
      await t.database.query(
        `INSERT INTO fall_order(number, name, project_id, equipment_id, submitted_at, status) VALUES ($1, $1, $2, $3, $4, 'submitted')`,
        [n, projects[0], e.id, at]);
    }
    const move = (n: string, at: string) => `UPDATE fall_order SET submitted_at = '${at}' WHERE number = '${n}'`;
    try {
      await a.query('BEGIN');
      await b.query('BEGIN');
      await a.query(move('RACE1', '2024-06-29T00:00:00Z'));
      const second = b.query(move('RACE2', '2024-07-01T00:00:00Z'));
      // The second waits on the first's lock (seen in pg_locks) before the first commits.
      const bPid = (b as unknown as { processID: number }).processID;
      await vi.waitFor(async () => {
        const [{ waiting }] = await t.database.query<{ waiting: boolean }>('SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted) AS waiting', [bPid]);
        expect(waiting).toBe(true);
      }, { timeout: 60_000, interval: 20 });
      await a.query('COMMIT');
      await second;
      await b.query('COMMIT');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    await expectRollupConsistent();
    await expectSameAsRaw();
  });

  it('follows SLA changes at query time, on and off the histogram bin edges', async () => {
    for (const [key, value] of [['sla.hours.high', '30.5'], ['sla.hours.urgent', '7.9'], ['sla.hours.normal', '24'], ['sla.hours.low', '100.123']] as const) {
      await t.app.settings.set(key, value);
    }
    await expectSameAsRaw();
  });

  it('stays exact after edits and deletes of orders, equipment and projects', async () => {
    await t.database.query(`UPDATE fall_order SET priority = 'urgent', report_count = 1 WHERE id % 7 = 0`);
    await t.database.query(`UPDATE fall_order SET completed_at = completed_at + interval '36 hours' WHERE id % 11 = 0 AND completed_at IS NOT NULL`);
    await t.database.query(`UPDATE fall_order SET equipment_id = $1 WHERE id % 13 = 0`, [equipment[0]]);
    await t.database.query(`UPDATE fall_order SET status = 'closed' WHERE status = 'completed' AND id % 3 = 0`);
    await t.database.query(`DELETE FROM fall_order WHERE id % 17 = 0`);
    await t.database.query(`UPDATE fall_eq_info SET state = 'maintenance' WHERE id = $1`, [equipment[2]]);
    // Orders are history: the database refuses to drop a unit or project that still has some (0015),
    // so their orders go first, as deletes of their own.
    await expect(t.database.query(`DELETE FROM fall_project WHERE id = $1`, [projects[1]])).rejects.toThrow();
    await t.database.query(
      `DELETE FROM fall_order WHERE equipment_id = $1 OR project_id = $2 OR equipment_id IN (SELECT id FROM fall_eq_info WHERE project_id = $2)`,
      [equipment[1], projects[1]],
    );
    await t.database.query(`DELETE FROM fall_eq_info WHERE id = $1`, [equipment[1]]);
    await t.database.query(`DELETE FROM fall_project WHERE id = $1`, [projects[1]]);
    await expectRollupConsistent();
    await expectSameAsRaw();
    await expectGroupDeviceSameAsRaw();
  });

  it('recomputes in one pass (stats_rebuild) what the triggers kept', async () => {
    // Rows the triggers emptied by deletes stay as zeros; a rebuild has no row for them.
    const snapshot = () =>
      t.database.query(
        `SELECT grain, start::text, submitted, completed, us_sum::text, ftf, with_eq, rep, c0, c1, c2, c3 FROM stats_order_period
          WHERE (submitted, completed) <> (0, 0) ORDER BY 1, 2`,
      );
    const facts = await t.database.query('SELECT * FROM stats_order_fact ORDER BY order_id');
    const kept = await snapshot();
    expect(facts.length).toBeGreaterThan(100);
    await t.database.query('SELECT stats_rebuild()');
    expect(await t.database.query('SELECT * FROM stats_order_fact ORDER BY order_id')).toEqual(facts);
    const zeroHistAsNull = (rows: Record<string, unknown>[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Array.isArray(v) && v.every((x) => x === 0) ? null : v])));
    expect(zeroHistAsNull(await snapshot())).toEqual(zeroHistAsNull(kept));
    await expectRollupConsistent();
    await expectSameAsRaw();
  });

  it('lets a bulk load run without the triggers and recomputes the rollup after it (seed:large)', async () => {
    const disabled = () =>
      t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = 'fall_order'::regclass AND tgname LIKE 'stats_order_%' AND tgenabled = 'D'`);
    // The previous test deleted a project and a unit: new orders go to what is left.
    projects.splice(0, projects.length, ...(await t.database.query<{ id: number }>('SELECT id FROM fall_project')).map((r) => r.id));
    equipment.splice(0, equipment.length, ...(await t.database.query<{ id: number }>('SELECT id FROM fall_eq_info')).map((r) => r.id));
    await withoutStatsTriggers(t.database, async () => {
      expect((await disabled())[0].n).toBe(3);
      await addOrders(150, 97, Date.UTC(2024, 2, 1), 90);
    });
    expect((await disabled())[0].n).toBe(0);
    await expectRollupConsistent();
    await expectSameAsRaw();

    // A load killed with the triggers off is repaired by the next one.
    await t.database.exec('ALTER TABLE fall_order DISABLE TRIGGER stats_order_ins');
    await addOrders(40, 98, Date.UTC(2024, 3, 1), 30);
    await restoreStatsTriggers(t.database);
    expect((await disabled())[0].n).toBe(0);
    await expectRollupConsistent();
    await expectSameAsRaw();
  });
});
