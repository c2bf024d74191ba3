import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { fallProject } from '../../db/schema';
import { DASHBOARD_DRAWS_PER_MINUTE } from '@shared/constants';

const URL = '/api/ball/fallproject/dashboardCharts';

/** The dashboard's charts drawn by the client's own renderer (its source, as `npm run build` bundles it). */
describe('POST /ball/fallproject/dashboardCharts', () => {
  let t: TestApp;
  let admin: string;
  /** The answers of the dashboard's statistics calls, as the page holds them. */
  let answers: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp({ frameModule: path.resolve('src/client/ssr/overview-frame.tsx') });
    admin = await t.tokenFor('admin');
    await t.database.db.insert(fallProject).values([
      { name: '西湖音乐喷泉', nameEn: 'West Lake Fountain', uniqueKey: 'dash-lake', area: 'east', waterType: 'musical', status: 'D' },
      { name: '迪拜喷泉', nameEn: 'Dubai Fountain', uniqueKey: 'dash-dubai', area: 'west', waterType: 'musical', status: 'B' },
    ]);
    const get = async (call: string) => (await t.call('GET', `/api/ball/fallproject/${call}`, { token: admin })).body.data as unknown;
    const period = { from: '2026-01-01', to: '2026-01-30', granularity: 'day' };
    const post = async (call: string) => (await t.call('POST', `/api/ball/fallproject/${call}`, { token: admin, body: period })).body.data as unknown;
    answers = {
      status: await get('countProjects'),
      area: await get('groupArea'),
      water: await get('groupWater'),
      device: await get('groupDevice'),
      speed: await post('repairSpeedList'),
      quality: await post('repairQualityList'),
    };
  }, 120_000);
  afterAll(() => t.close());

  const query = (language: string, scheme: string, width = 520) => ({
    language,
    scheme,
    charts: Object.fromEntries(Object.entries(answers).map(([name, data]) => [name, { width, height: 300, data }])),
  });

  it('draws every chart asked for as SVG at its box’s size, in the viewer’s language and scheme', async () => {
    const en = await t.call('POST', URL, { token: admin, body: query('en', 'light') });
    expect(en.status).toBe(200);
    const drawn = en.body.data as Record<string, string>;
    expect(Object.keys(drawn).sort()).toEqual(['area', 'device', 'quality', 'speed', 'status', 'water']);
    for (const svg of Object.values(drawn)) expect(svg).toMatch(/^<svg [^>]*width="520" height="300"/);
    // The project status ring's legend, with the figures the page's KPI shows (two projects at least).
    expect(drawn.speed).toContain('Orders');
    const total = (answers.status as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(drawn.status).toContain(`>${total}<`);
    // The light scheme's axis labels; the dark scheme's in the dark.
    expect(drawn.speed).toContain('fill="#6c757d"');
    const dark = await t.call('POST', URL, { token: admin, body: query('en', 'dark') });
    expect(dark.body.data.speed).toContain('fill="#8b949e"');
    expect(dark.body.data.speed).not.toContain('fill="#6c757d"');

    const cn = await t.call('POST', URL, { token: admin, body: query('cn', 'light') });
    expect(cn.body.data.speed).toContain('报修工单');
    expect(cn.body.data.speed).not.toContain('Orders');
    // Only what is asked for is drawn.
    const one = await t.call('POST', URL, { token: admin, body: { language: 'en', scheme: 'light', charts: { water: { width: 300, height: 200, data: answers.water } } } });
    expect(Object.keys(one.body.data)).toEqual(['water']);
    expect(one.body.data.water).toMatch(/^<svg [^>]*width="300" height="200"/);
  });

  it('draws at most DASHBOARD_DRAWS_PER_MINUTE new drawings a minute per user; a drawing of the same inputs comes from the cache, uncounted', async () => {
    const viewer = await t.userWith(['fall-project#stats'], 'dash_bound');
    const one = (width: number) => ({ language: 'en', scheme: 'light', charts: { water: { width, height: 200, data: answers.water } } });
    const first = await t.call('POST', URL, { token: viewer.token, body: one(200) });
    expect(first.status).toBe(200);
    for (let i = 1; i < DASHBOARD_DRAWS_PER_MINUTE; i++) expect((await t.call('POST', URL, { token: viewer.token, body: one(200 + i) })).status).toBe(200);
    const over = await t.call('POST', URL, { token: viewer.token, body: one(999), lang: 'zh-CN' });
    expect(over.status).toBe(429);
    expect(over.body.msg).toMatch(/[\u4e00-\u9fff]/);
    // Drawn before: answered from the cache, the same drawing, for this viewer and another.
    const again = await t.call('POST', URL, { token: viewer.token, body: one(200) });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const other = await t.userWith(['fall-project#stats'], 'dash_other');
    expect((await t.call('POST', URL, { token: other.token, body: one(999) })).status).toBe(200);
  }, 120_000);

  it('writes the figures’ names as text, never as markup (the page puts the drawing in its DOM)', async () => {
    const area = [{ area: 'x', count: 3, totalArea: 10, label: '<img src=x onerror=alert(1)>', labelEn: '<img src=x onerror=alert(1)>' }];
    const res = await t.call('POST', URL, { token: admin, body: { language: 'en', scheme: 'light', charts: { area: { width: 400, height: 300, data: area } } } });
    expect(res.status).toBe(200);
    expect(res.body.data.area).not.toContain('<img');
    expect(res.body.data.area).toContain('&lt;img');
  });

  it('lets through whoever may read the statistics, nobody else', async () => {
    expect((await t.call('POST', URL, { body: query('en', 'light') })).status).toBe(401);
    const nobody = await t.userWith([]);
    expect((await t.call('POST', URL, { token: nobody.token, body: query('en', 'light') })).status).toBe(403);
    const reader = await t.userWith(['fall-project#stats']);
    expect((await t.call('POST', URL, { token: reader.token, body: query('en', 'light') })).status).toBe(200);
  });

  it('refuses what it cannot draw with the field named, in the caller’s language, and no stack', async () => {
    const cases: [unknown, string][] = [
      [{ ...query('fr', 'light') }, 'language'],
      [{ ...query('en', 'sepia') }, 'scheme'],
      [query('en', 'light', 0), 'charts'],
      [{ ...query('en', 'light'), charts: { pie: { width: 300, height: 300, data: [] } } }, 'charts'],
      [{ ...query('en', 'light'), charts: { speed: { width: 300, height: 300, data: [{ period: '2026-01-01' }] } } }, 'charts'],
      // A ring of more slices than any dictionary has is not drawn (each costs the renderer its share).
      [{ ...query('en', 'light'), charts: { status: { width: 300, height: 300, data: { total: 1, byStatus: Array.from({ length: 501 }, (_, i) => ({ status: `s${i}`, count: 1 })) } } } }, 'charts'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', URL, { token: admin, body, lang: 'en' });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/^[A-Z]/);
      // A chart's field is named by its path (charts.speed.width).
      expect(Object.keys(res.body.data.fields).some((name) => name === field || name.startsWith(`${field}.`))).toBe(true);
      expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.ts:\d+/);
    }
    const cn = await t.call('POST', URL, { token: admin, body: query('fr', 'light'), lang: 'cn' });
    expect(cn.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers null without a renderer built: the page draws its charts itself', async () => {
    const bare = await createTestApp({ frameModule: path.resolve('tmp/no-such-renderer.js') });
    try {
      const token = await bare.tokenFor('admin');
      const res = await bare.call('POST', URL, { token, body: query('en', 'light') });
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
