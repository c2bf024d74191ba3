import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { runJob } from '../jobs/runner';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series in the exposition text (undefined when it is not there). */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Prometheus metrics (METRICS_TOKEN)', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  it('answers only the scraper with the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('cascade_');
    }
  });

  it('counts requests by route template and status, with latencies, and database time', async () => {
    const before = await scrape();
    const health = 'cascade_http_requests_total{method="GET",route="/api/health",status="200"}';
    const admin = await t.tokenFor('admin');
    await t.call('GET', '/api/health');
    await t.call('GET', '/api/health');
    await t.call('POST', '/api/ball/fallproject/list', { token: admin, body: { page: 1, limit: 10 } });
    await t.call('POST', '/api/ball/fallproject/list', { body: { page: 1, limit: 10 } });
    const after = await scrape();
    expect((valueOf(after, health) ?? 0) - (valueOf(before, health) ?? 0)).toBe(2);
    expect(valueOf(after, 'cascade_http_requests_total{method="POST",route="/api/ball/fallproject/list",status="200"}')).toBe(1);
    expect(valueOf(after, 'cascade_http_requests_total{method="POST",route="/api/ball/fallproject/list",status="401"}')).toBe(1);
    expect(valueOf(after, 'cascade_http_request_duration_seconds_count{method="POST",route="/api/ball/fallproject/list"}')).toBe(2);
    const engine = t.database.kind;
    expect(valueOf(after, `cascade_db_query_duration_seconds_count{engine="${engine}"}`)!).toBeGreaterThan(valueOf(before, `cascade_db_query_duration_seconds_count{engine="${engine}"}`) ?? 0);
    // URLs never become series: an unknown path is one "unmatched" series, whatever it is.
    // An unknown path is not a label (a number in it could be any gauge's digits: heap bytes held 12345 once).
    await t.call('GET', '/api/no/such/thing/12345');
    expect(await scrape()).not.toContain('such/thing');
  });

  it('counts job runs by result, and has node, ingest and live series', async () => {
    await runJob(t.app, { id: 0, handler: 'captcha.purge', params: {}, cron: '0 * * * *' } as never);
    await runJob(t.app, { id: 0, handler: 'no.such.handler', params: {}, cron: '0 * * * *' } as never);
    const text = await scrape();
    expect(valueOf(text, 'cascade_job_runs_total{handler="captcha.purge",result="success"}')).toBe(1);
    expect(valueOf(text, 'cascade_job_runs_total{handler="no.such.handler",result="failure"}')).toBe(1);
    for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'cascade_live_clients', 'cascade_ingest_queue', 'cascade_readings_total{result="stored"}', 'cascade_ingest_lag_seconds{quantile="0.95"}']) {
      expect(valueOf(text, name), name).toBeTypeOf('number');
    }
  });

  it('is not there without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
