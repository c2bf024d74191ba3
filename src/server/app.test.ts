import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

describe('app spine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health with the engine in use', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 0,
      msg: 'success',
      data: {
        status: 'ok',
        db: t.database.kind,
        version: expect.any(String),
        warming: [],
        // Each part as checked now: the database by a bounded query, the data folder's free space, the leases.
        parts: { database: { status: 'ok', ms: expect.any(Number) }, disk: { status: 'ok', freeBytes: expect.any(Number) }, jobs: { status: 'ok' } },
      },
    });
  });

  it('answers liveness and readiness apart, for a probe, without a cache', async () => {
    const live = await t.call('GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ code: 0, msg: 'success', data: { status: 'ok' } });
    const ready = await t.call('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'ok', parts: { database: { status: 'ok' } } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('reports a lapsed lease as a warning without taking the instance out', async () => {
    await t.database.query(`INSERT INTO job_lease (name, holder, until) VALUES ('job-runner', 'gone:1', now() - interval '5 minutes')
                             ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until`);
    const res = await t.call('GET', '/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.data.parts.jobs).toEqual({ status: 'warn', detail: expect.stringMatching(/^no instance has held job-runner for 3\d\d s$/) });
    await t.database.query(`DELETE FROM job_lease WHERE name = 'job-runner'`);
  });

  it('answers an unknown endpoint with a 404 envelope in the caller language', async () => {
    const en = await t.call('GET', '/api/nope', { lang: 'en' });
    expect(en.status).toBe(404);
    expect(en.body).toMatchObject({ code: 404, msg: 'No such endpoint' });
    const cn = await t.call('GET', '/api/nope', { lang: 'zh-CN,zh;q=0.9' });
    expect(cn.body.msg).toBe('接口不存在');
  });

  it('serves the runtime configuration as a global object', async () => {
    const res = await t.call('GET', '/config.js');
    expect(res.status).toBe(200);
    expect(String(res.body)).toMatch(/^window\.__APP_CONFIG__ = \{.*"apiHost":"\/api"/);
  });

  it('documents the API as OpenAPI with a UI at /api/docs', async () => {
    const doc = await t.call('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/sys/login', '/api/ball/fallproject/list', '/api/ball/fallorder/list']));
    const ui = await t.call('GET', '/api/docs/');
    expect(ui.status).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Helmet's headers for app.ts's options (worked out once, plugins/security-headers.ts).
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' https: http: ws: wss:");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('seeds the four roles and the admin with every permission reachable through menus', async () => {
    const roles = await t.database.query<{ code: string; n: number }>(
      `SELECT r.code, count(rm.menu_id)::int AS n FROM sys_role r LEFT JOIN sys_role_menu rm ON rm.role_id = r.id GROUP BY r.code ORDER BY r.code`,
    );
    expect(roles.map((r) => r.code)).toEqual(['administrator', 'manager', 'operator', 'viewer']);
    expect(roles.every((r) => r.n > 0)).toBe(true);
  });
});
