import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { fallDetect, fallProject, shipScene, sysSession } from '../../db/schema';
import { newToken } from '../../lib/password';

/** The overview wall's first frame, drawn by the client's own renderer (its source, as `npm run build` bundles it). */
describe('GET /wall/frame', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ frameModule: path.resolve('src/client/ssr/overview-frame.tsx') });
    admin = await t.tokenFor('admin');
    await t.database.db.insert(fallProject).values([
      { name: '西湖音乐喷泉', nameEn: 'West Lake Fountain', uniqueKey: 'frame-lake', area: 'east', waterType: 'musical', status: 'D', latitude: 30.25, longitude: 120.15 },
      { name: '迪拜喷泉', nameEn: 'Dubai Fountain', uniqueKey: 'frame-dubai', area: 'west', waterType: 'musical', status: 'B', latitude: 25.2, longitude: 55.27 },
      { name: '无坐标', uniqueKey: 'frame-nowhere', status: 'D' },
    ]);
  }, 120_000);
  afterAll(() => t.close());

  it('draws every panel of the overview with the viewer’s data, charts and map as SVG, in their language', async () => {
    const res = await t.call('GET', '/api/wall/frame?lang=en', { token: admin });
    expect(res.status).toBe(200);
    const html: string = res.body.data.html;
    const panels = [...html.matchAll(/data-panel="([^"]+)" data-ready="(true|false)"/g)].map((m) => [m[1], m[2]]);
    expect(panels.map(([name]) => name)).toEqual(['status', 'area', 'water', 'kpi', 'map', 'speed', 'quality', 'device', 'broken', 'warnings', 'notices']);
    expect(panels.every(([, ready]) => ready === 'true')).toBe(true);
    // The charts drawn by ECharts, the map with the two projects that have a place.
    expect(html.match(/<svg[^>]*width="418"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('Project status');
    expect(html).toContain('2 / 3');
    expect((html.match(/<circle /g) ?? []).length).toBe(2);
    // The KPI strip shows the count the API gives.
    const count = await t.call('GET', '/api/ball/fallproject/countProjects', { token: admin });
    expect(html).toContain(`data-value="${count.body.data.total}"`);
    // The answers it was drawn from go along, for the app to take instead of asking again.
    const calls = res.body.data.calls as Array<{ method: string; url: string; body: string | null; status: number; payload: string }>;
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/ball/fallproject/countProjects');
    expect(calls).toHaveLength(10);
    const counted = calls.find((c) => c.url === '/api/ball/fallproject/countProjects')!;
    expect(JSON.parse(counted.payload)).toEqual(count.body);
    const cn = await t.call('GET', '/api/wall/frame?lang=cn', { token: admin });
    expect(cn.body.data.html).toContain('项目状态');
  });

  it('checks the viewer’s rights like the wall’s calls do, and draws nothing for a scene’s display or a visitor', async () => {
    expect((await t.call('GET', '/api/wall/frame')).status).toBe(401);
    // An unknown language is refused with the field named, in the caller's language.
    const bad = await t.call('GET', '/api/wall/frame?lang=fr', { token: admin, lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toHaveProperty('lang');
    const nobody = await t.userWith([]);
    expect((await t.call('GET', '/api/wall/frame', { token: nobody.token })).status).toBe(403);

    const [scene] = await t.database.db.insert(shipScene).values({ name: 'Lobby', layout: [] }).returning({ id: shipScene.id });
    const { token, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'display', userId: null, label: 'Lobby wall', sceneId: scene.id, expiresAt: null });
    const display = await t.call('GET', '/api/wall/frame', { token });
    expect(display.status).toBe(200);
    expect(display.body.data).toBeNull();
  });

  it('makes its calls as the viewer: each call still checks the viewer’s permission, and the key it runs them with opens nothing from outside', async () => {
    const wallOnly = await t.userWith(['fall-project#info']);
    const drawn = await t.call('GET', '/api/wall/frame', { token: wallOnly.token });
    expect(drawn.status).toBe(200);
    // Allowed to open the wall but not to read the statistics: the calls answered 403, nothing is drawn.
    expect(drawn.body.data.html).toBeNull();
    const statuses = Object.fromEntries(drawn.body.data.calls.map((c: { url: string; status: number }) => [c.url, c.status]));
    expect(statuses).toMatchObject({ '/api/ball/fallproject/countProjects': 403, '/api/sys/content/current': 200 });
    const forged = await t.call('GET', '/api/ball/fallproject/countProjects', { headers: { 'x-cascade-injected-as': 'guess' } });
    expect(forged.status).toBe(401);
  });

  it('keeps its drawing for the next viewer its calls let through, and hands over no answer from before a change', async () => {
    const first = await t.call('GET', '/api/wall/frame?lang=en', { token: admin });
    const inside = vi.spyOn(t.app, 'injectAs');
    try {
      const again = await t.call('GET', '/api/wall/frame?lang=en', { token: admin });
      expect(again.body.data).toEqual(first.body.data);
      // A wall display (no scene) holds every permission the calls checked: the same drawing.
      const { token, hash } = newToken();
      await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'display', userId: null, label: 'Hall wall', expiresAt: null });
      const display = await t.call('GET', '/api/wall/frame?lang=en', { token });
      expect(display.body.data).toEqual(first.body.data);
      expect(inside).not.toHaveBeenCalled();

      const total = async () => (await t.call('GET', '/api/ball/fallproject/countProjects', { token: admin })).body.data.total as number;
      const before = await total();
      // The app hears the change before this listener does (handlers run in the order they
      // listened), so the requests below come after the server heard it; one in the instant between
      // the commit and the notification would still be handed the old answers.
      let heard: () => void = () => undefined;
      const told = new Promise<void>((resolve) => (heard = resolve));
      const unlisten = await t.database.listen('cascade_wall_data', () => heard());
      await t.database.db.insert(fallProject).values({ name: '新喷泉', uniqueKey: 'frame-new', status: 'A' });
      await told;
      await unlisten();
      expect(await total()).toBe(before + 1);
      // Until it is drawn again the old picture may show, never with its answers; then the new one.
      for (;;) {
        const res = await t.call('GET', '/api/wall/frame?lang=en', { token });
        const { html, calls } = res.body.data as { html: string; calls: unknown[] };
        if (html.includes(`data-value="${before + 1}"`) && calls.length === 10) break;
        expect(html).toContain(`data-value="${before}"`);
        expect(calls).toEqual([]);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      inside.mockRestore();
    }
  });

  it('hears a change to what the overview shows, not a board reporting in', async () => {
    let heard = 0;
    const unlisten = await t.database.listen('cascade_wall_data', () => (heard += 1));
    // Notifications come in commit order: once a change that is heard has arrived, any earlier one
    // would have too. So "nothing heard" is read after a heard change, never after a pause.
    const [lake] = await t.database.db.select({ id: fallProject.id }).from(fallProject).limit(1);
    const touchProject = () => t.database.query('UPDATE fall_project SET total_area = total_area WHERE id = $1', [lake.id]);
    const heardOnceMore = async (change: () => Promise<unknown>) => {
      const at = heard;
      await change();
      await vi.waitFor(() => expect(heard).toBeGreaterThan(at), { timeout: 60_000, interval: 20 });
    };
    try {
      const [board] = await t.database.db.insert(fallDetect).values({ projectId: lake.id, boardName: 'B1' }).returning({ id: fallDetect.id });
      await heardOnceMore(touchProject);
      heard = 0;
      // A reading writes the board's last-seen time and closes no offline warning: nothing to draw.
      await t.database.query('UPDATE fall_detect SET last_seen = now(), online = true WHERE id = $1', [board.id]);
      await t.database.query("UPDATE fall_warning SET result = 'fixed' WHERE detect_id = $1 AND kind = 'offline' AND result IS NULL", [board.id]);
      // Its name shows in the warnings list: heard, and nothing before it.
      await heardOnceMore(() => t.database.query("UPDATE fall_detect SET board_name = 'B1 north' WHERE id = $1", [board.id]));
      expect(heard).toBe(1);
      // A project shows everywhere.
      await heardOnceMore(touchProject);
      expect(heard).toBe(2);
    } finally {
      await unlisten();
    }
  });

  it('draws the wall ahead once it listens, says so on /health until done, and the first wall gets that drawing', async () => {
    const started = await createTestApp({ frameModule: path.resolve('src/client/ssr/overview-frame.tsx') });
    try {
      await started.app.listen({ port: 0, host: '127.0.0.1' });
      const seen: string[][] = [];
      for (;;) {
        const health = await started.call('GET', '/api/health');
        seen.push(health.body.data.warming);
        if (!health.body.data.warming.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen[0]).toEqual(['wall-frame']);
      expect(seen.at(-1)).toEqual([]);
      const inside = vi.spyOn(started.app, 'injectAs');
      for (const lang of ['cn', 'en']) {
        const res = await started.call('GET', `/api/wall/frame?lang=${lang}`, { token: await started.tokenFor('admin') });
        expect(res.body.data.html).toContain('data-panel="map"');
        expect(res.body.data.calls).toHaveLength(10);
      }
      expect(inside).not.toHaveBeenCalled();
    } finally {
      await started.close();
    }
  });

  it('answers null when the renderer is not built', async () => {
    const bare = await createTestApp({ frameModule: path.resolve('tmp/no-such-renderer.js') });
    try {
      const res = await bare.call('GET', '/api/wall/frame', { token: await bare.tokenFor('admin') });
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
