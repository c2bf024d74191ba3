import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Small hand-made data whose every figure is worked out by hand in the comments below.
describe('statistics of the big screen', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};

  async function insert(sql: string, params: unknown[]): Promise<number> {
    const [row] = await t.database.query<{ id: number }>(`${sql} RETURNING id`, params);
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    await t.database.exec('DELETE FROM fall_order; DELETE FROM fall_eq_info; DELETE FROM fall_device; DELETE FROM fall_project;');
    const project = (name: string, area: string, status: string, water: string, m2: number) =>
      insert("INSERT INTO fall_project(name, name_en, unique_key, area, status, water_type, total_area) VALUES ($1, $6, $1, $2, $3, $4, $5)", [name, area, status, water, m2, `${name} en`]);
    ids.p1 = await project('P1', 'Asia', 'A', 'fountain', 100);
    ids.p2 = await project('P2', 'Asia', 'C', 'waterfall', 50);
    ids.p3 = await project('P3', 'Europe', 'A', 'fountain', 20);
    ids.pump = await insert(`INSERT INTO fall_device(name, category) VALUES ('Pump X', 'pump')`, []);
    ids.light = await insert(`INSERT INTO fall_device(name, category) VALUES ('Light Y', 'light')`, []);
    const eq = (name: string, p: number, d: number | null, state: string, since: string) =>
      insert('INSERT INTO fall_eq_info(name, project_id, device_id, state, state_since) VALUES ($1, $2, $3, $4, $5)', [name, p, d, state, since]);
    ids.e1 = await eq('E1', ids.p1, ids.pump, 'normal', '2024-01-01T00:00:00Z');
    ids.e2 = await eq('E2', ids.p1, ids.pump, 'broken', '2024-03-01T00:00:00Z');
    ids.e3 = await eq('E3', ids.p2, ids.light, 'broken', '2024-03-05T00:00:00Z');
    ids.e4 = await eq('E4', ids.p2, ids.light, 'offline', '2024-03-05T00:00:00Z');
    ids.e5 = await eq('E5', ids.p3, null, 'maintenance', '2024-03-05T00:00:00Z');
    const order = (n: string, p: number, e: number, priority: string, at: string, done: string | null, reports: number) =>
      insert(
        `INSERT INTO fall_order(number, name, project_id, equipment_id, priority, submitted_at, completed_at, status, report_count)
         VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8)`,
        [n, p, e, priority, at, done, done ? 'completed' : 'repairing', reports],
      );
    // O1 10 h (normal, SLA 48: on time, one report); O2 48 h (high, SLA 24: late, two reports);
    // O3 4 h (urgent, SLA 8: on time); O4 open, on E1 nine days after O1 was completed: O1 is a repeat.
    ids.o1 = await order('O1', ids.p1, ids.e1, 'normal', '2024-03-01T00:00:00Z', '2024-03-01T10:00:00Z', 1);
    ids.o2 = await order('O2', ids.p1, ids.e2, 'high', '2024-03-01T12:00:00Z', '2024-03-03T12:00:00Z', 2);
    ids.o3 = await order('O3', ids.p2, ids.e3, 'urgent', '2024-03-02T00:00:00Z', '2024-03-02T04:00:00Z', 1);
    ids.o4 = await order('O4', ids.p1, ids.e1, 'normal', '2024-03-10T00:00:00Z', null, 0);
  });
  afterAll(() => t.close());

  const get = (path: string) => t.call('GET', `/api/ball/fallproject/${path}`, { token: admin }).then((r) => r.body.data);
  const post = (path: string, body: unknown, lang = 'en') => t.call('POST', `/api/ball/fallproject/${path}`, { token: admin, body, lang });

  it('counts projects by status, area and water type', async () => {
    const count = await get('countProjects');
    expect(count.total).toBe(3);
    expect(count.byStatus.find((s: { status: string }) => s.status === 'A').count).toBe(2);
    expect(count.byStatus.find((s: { status: string }) => s.status === 'C').count).toBe(1);
    expect(count.byStatus.find((s: { status: string }) => s.status === 'G').count).toBe(0);
    await t.database.query(`INSERT INTO sys_dictionary(type, label, label_en, value) VALUES ('area', '亚洲', 'Asia Pacific', 'Asia') ON CONFLICT DO NOTHING`);
    expect(await get('groupArea')).toEqual([
      { area: 'Asia', count: 2, totalArea: 150, label: '亚洲', labelEn: 'Asia Pacific' },
      { area: 'Europe', count: 1, totalArea: 20, label: 'Europe', labelEn: 'Europe' },
    ]);
    const water = await get('groupWater');
    expect(water.find((w: { waterType: string }) => w.waterType === 'fountain').count).toBe(2);
    expect(water.find((w: { waterType: string }) => w.waterType === 'waterfall').count).toBe(1);
    expect(water.find((w: { waterType: string }) => w.waterType === 'musical').count).toBe(0);
  });

  it('splits equipment by category and state, and lists broken units newest first', async () => {
    const groups = await get('groupDevice');
    const of = (c: string) => groups.find((g: { category: string }) => g.category === c);
    expect(of('pump')).toEqual({ category: 'pump', total: 2, normal: 1, broken: 1, maintenance: 0, offline: 0, atRisk: 0 });
    expect(of('light')).toEqual({ category: 'light', total: 2, normal: 0, broken: 1, maintenance: 0, offline: 1, atRisk: 0 });
    expect(of('other')).toEqual({ category: 'other', total: 1, normal: 0, broken: 0, maintenance: 1, offline: 0, atRisk: 0 });
    expect((await get(`groupDevice?projectId=${ids.p1}`)).find((g: { category: string }) => g.category === 'light').total).toBe(0);

    const { list: broken, total } = await get('brokenDevice');
    expect(broken.map((b: { id: number }) => b.id)).toEqual([ids.e3, ids.e2]);
    expect(total).toBe(2);
    expect(broken[0]).toEqual({
      id: ids.e3, name: 'E3', nameEn: '', projectId: ids.p2, projectName: 'P2', projectNameEn: 'P2 en', deviceName: 'Light Y', deviceNameEn: '', category: 'light', since: '2024-03-05T00:00:00.000Z',
    });
    expect((await get(`brokenDevice?projectId=${ids.p1}`)).list.map((b: { id: number }) => b.id)).toEqual([ids.e2]);
    expect((await get(`brokenDevice?projectId=${ids.p1}`)).total).toBe(1);
  });

  it('measures repair speed per day, week and month, with every period present', async () => {
    const days = (await post('repairSpeedList', { from: '2024-03-01', to: '2024-03-04', granularity: 'day' })).body.data;
    expect(days).toEqual([
      { period: '2024-03-01', orders: 2, completed: 1, avgHours: 10, medianHours: 10, p90Hours: 10 },
      { period: '2024-03-02', orders: 1, completed: 1, avgHours: 4, medianHours: 4, p90Hours: 4 },
      { period: '2024-03-03', orders: 0, completed: 1, avgHours: 48, medianHours: 48, p90Hours: 48 },
      { period: '2024-03-04', orders: 0, completed: 0, avgHours: null, medianHours: null, p90Hours: null },
    ]);
    // Hours [4, 10, 48]: mean 20.67, median 10, p90 = 10 + 0.8 × (48 − 10) = 40.4.
    const month = (await post('repairSpeedList', { from: '2024-03-01', to: '2024-03-31', granularity: 'month' })).body.data;
    expect(month).toEqual([{ period: '2024-03', orders: 4, completed: 3, avgHours: 20.67, medianHours: 10, p90Hours: 40.4 }]);
    // 2024-03-01 is a Friday: its ISO week starts on Monday 26 February; O4 (Sunday 10th) is the next week's.
    const weeks = (await post('repairSpeedList', { from: '2024-03-01', to: '2024-03-10', granularity: 'week' })).body.data;
    expect(weeks.map((w: { period: string; orders: number; completed: number }) => [w.period, w.orders, w.completed])).toEqual([
      ['2024-02-26', 3, 3],
      ['2024-03-04', 1, 0],
    ]);
    const p2 = (await post('repairSpeedList', { projectId: ids.p2, from: '2024-03-01', to: '2024-03-31', granularity: 'month' })).body.data;
    expect(p2).toEqual([{ period: '2024-03', orders: 1, completed: 1, avgHours: 4, medianHours: 4, p90Hours: 4 }]);
  });

  it('measures repair quality: first-time fix, 30-day repeat and on-time rates, with configurable SLA', async () => {
    const body = { from: '2024-03-01', to: '2024-03-31', granularity: 'month' };
    const [month] = (await post('repairQualityList', body)).body.data;
    expect(month).toEqual({ period: '2024-03', completed: 3, firstTimeFixRate: 0.6667, repeatRate30d: 0.3333, onTimeRate: 0.6667 });
    await t.app.settings.set('sla.hours.high', '48');
    const [relaxed] = (await post('repairQualityList', body)).body.data;
    expect(relaxed.onTimeRate).toBe(1);
    const empty = (await post('repairQualityList', { from: '2024-04-01', to: '2024-04-02', granularity: 'day' })).body.data;
    expect(empty).toEqual([
      { period: '2024-04-01', completed: 0, firstTimeFixRate: null, repeatRate30d: null, onTimeRate: null },
      { period: '2024-04-02', completed: 0, firstTimeFixRate: null, repeatRate30d: null, onTimeRate: null },
    ]);
  });

  it('drills down to the orders behind one point, paged', async () => {
    const res = await post('statOrders', { from: '2024-03-01', to: '2024-03-31', granularity: 'month', period: '2024-03', metric: 'completed', page: 1, limit: 2 });
    expect(res.body.data).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2 });
    expect(res.body.data.list.map((o: { number: string }) => o.number)).toEqual(['O2', 'O3']);
    expect(res.body.data.list[0]).toMatchObject({ projectName: 'P1', equipmentName: 'E2', hours: 48, reportCount: 2, priority: 'high' });
    const day = await post('statOrders', { from: '2024-03-01', to: '2024-03-31', granularity: 'day', period: '2024-03-01', metric: 'orders', page: 1, limit: 10 });
    expect(day.body.data.list.map((o: { number: string }) => o.number)).toEqual(['O2', 'O1']);
    // The point is clipped to the query range, exactly as the chart counted it.
    const clipped = await post('statOrders', { from: '2024-03-02', to: '2024-03-31', granularity: 'month', period: '2024-03', metric: 'orders', page: 1, limit: 10 });
    expect(clipped.body.data.list.map((o: { number: string }) => o.number)).toEqual(['O4', 'O3']);
  });

  it('rejects bad queries with field messages in the caller’s language', async () => {
    const order = await post('repairSpeedList', { from: '2024-03-05', to: '2024-03-01', granularity: 'day' });
    expect(order.status).toBe(400);
    expect(order.body.data.fields.to).toBe('The end date cannot be before the start date');
    const long = await post('repairQualityList', { from: '2023-01-01', to: '2024-03-01', granularity: 'day' }, 'zh-CN');
    expect(long.status).toBe(400);
    expect(long.body.data.fields.from).toMatch(/时间跨度过长/);
    const gran = await post('repairSpeedList', { from: '2024-03-01', to: '2024-03-02', granularity: 'year' });
    expect(gran.body.data.fields.granularity).toBe('Granularity must be day, week or month');
    const date = await post('repairSpeedList', { from: '2024-02-30', to: '2024-03-02', granularity: 'day', extra: 1 });
    expect(date.body.data.fields).toMatchObject({ from: 'Use a date in the form YYYY-MM-DD', extra: 'Unknown field' });
    // Without a point (period) and a metric, statOrders lists the orders submitted in the whole range.
    const whole = await post('statOrders', { from: '2024-03-01', to: '2024-03-02', granularity: 'day' });
    expect(whole.status).toBe(200);
    expect(whole.body.data.list.map((o: { number: string }) => o.number)).toEqual(['O3', 'O2', 'O1']);
    const badPeriod = await post('statOrders', { period: 'March', metric: 'all' }, 'zh-CN');
    expect(Object.keys(badPeriod.body.data.fields).sort()).toEqual(['metric', 'period']);
    expect((await t.call('GET', '/api/ball/fallproject/groupDevice?projectId=abc', { token: admin })).status).toBe(400);
  });

  // Seen: `{}` and `{"granularity":"month"}` answered 400, though spec §7 calls the payload "a query
  // object". Every statistics call takes any query object, with the wall's own defaults (the last 30
  // days by day, PERIOD_DEFAULTS), and refuses only a contradiction.
  it('takes any query object, filling in the wall defaults (the last 30 days by day)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    for (const path of ['repairSpeedList', 'repairQualityList']) {
      const empty = await post(path, {});
      expect(empty.status, path).toBe(200);
      expect(empty.body.data.map((p: { period: string }) => p.period)).toHaveLength(30);
      expect(empty.body.data[0].period).toBe(monthAgo);
      expect(empty.body.data[29].period).toBe(today);
      const month = await post(path, { granularity: 'month' });
      expect(month.status, path).toBe(200);
      expect(month.body.data.map((p: { period: string }) => p.period)).toEqual(
        [...new Set([monthAgo.slice(0, 7), today.slice(0, 7)])],
      );
      // One end given: the other follows (30 days ending at `to`; `to` today, or `from` when later).
      const to = await post(path, { to: '2024-03-10', granularity: 'day', projectId: null });
      expect(to.body.data.map((p: { period: string }) => p.period)).toHaveLength(30);
      expect(to.body.data[0].period).toBe('2024-02-10');
      const week = await post(path, { from: monthAgo, granularity: 'week' });
      expect(week.status, path).toBe(200);
      expect(week.body.data.at(-1).period <= today).toBe(true);
      const future = await post(path, { from: '2999-01-01' });
      expect(future.status, path).toBe(200);
      expect(future.body.data.map((p: { period: string }) => p.period)).toEqual(['2999-01-01']);
    }
    // The figures under the defaults are those of the explicit query they stand for.
    const explicit = await post('repairSpeedList', { from: '2024-02-10', to: '2024-03-10', granularity: 'day' });
    expect((await post('repairSpeedList', { to: '2024-03-10' })).body.data).toEqual(explicit.body.data);
    expect(explicit.body.data.find((p: { period: string }) => p.period === '2024-03-01')).toMatchObject({ orders: 2, completed: 1 });

    const orders = await post('statOrders', {});
    expect(orders.status).toBe(200);
    expect(orders.body.data).toMatchObject({ page: 1, total: 0 });
    expect((await post('statOrders', { granularity: 'month', from: '2024-03-01', metric: 'completed' })).body.data.total).toBe(3);

    // Still refused: a contradiction, in the caller's language and naming the field.
    const reversed = await post('repairQualityList', { from: '2024-03-05', to: '2024-03-01' }, 'zh-CN');
    expect(reversed.status).toBe(400);
    expect(reversed.body.data.fields.to).toBe('结束日期不能早于开始日期');
    expect(reversed.body.msg).toBe('结束日期不能早于开始日期');
    // The other statistics calls of the wall take an empty query too.
    expect((await post('selectProjects', {})).status).toBe(200);
    for (const path of ['countProjects', 'groupArea', 'groupWater', 'groupDevice', 'brokenDevice']) {
      expect((await t.call('GET', `/api/ball/fallproject/${path}`, { token: admin })).status, path).toBe(200);
    }
    const odd = await post('statOrders', { granularity: 'year' });
    expect(odd.status).toBe(400);
    expect(odd.body.data.fields.granularity).toBe('Granularity must be day, week or month');
  });

  it('needs the statistics or wall permission', async () => {
    expect((await t.call('GET', '/api/ball/fallproject/countProjects')).status).toBe(401);
    const other = await t.userWith(['fall-order#list']);
    expect((await t.call('GET', '/api/ball/fallproject/countProjects', { token: other.token })).status).toBe(403);
    expect((await t.call('POST', '/api/ball/fallproject/repairSpeedList', { token: other.token, body: {} })).status).toBe(403);
    for (const perm of ['fall-project#stats', 'ship-scene#view']) {
      const user = await t.userWith([perm]);
      expect((await t.call('GET', '/api/ball/fallproject/groupWater', { token: user.token })).status).toBe(200);
    }
    expect((await t.call('GET', '/api/ball/fallproject/brokenDevice', { token: await t.tokenFor('viewer') })).status).toBe(200);
  });
});
