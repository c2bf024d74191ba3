import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { observe } from '../lib/observe';

/**
 * Prometheus metrics at /metrics (prom-client), for a scraper that sends `Authorization: Bearer
 * METRICS_TOKEN`; without METRICS_TOKEN there is no such route. Off by default and behind a token
 * rather than open: the figures name routes, jobs and load, which a stranger has no business reading.
 * docs/monitoring.md lists every series, with alert rules and a Grafana dashboard.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { token: string; apiPrefix: string }) => {
  const client = await import('prom-client');
  const registry = new client.Registry();
  // Node's own: event-loop lag, memory (RSS, heap), GC, handles, CPU.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new client.Counter({ name: 'cascade_http_requests_total', help: 'HTTP requests answered, by route and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new client.Histogram({
    name: 'cascade_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // A route's template, never its URL (ids and tokens stay out, and the series stay few); the client's
  // files are one series, and anything no route matched another.
  const routeOf = (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (!url) return 'unmatched';
    return url.startsWith(opts.apiPrefix) || url === '/metrics' || url === '/config.js' ? url : url === '/' || url === '/index.html' ? '/' : 'static';
  };
  app.addHook('onResponse', async (request, reply) => {
    // The live stream's answer ends when the wall leaves: its duration is the visit, not a latency.
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    if (route !== `${opts.apiPrefix}/live/stream`) latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const query = new client.Histogram({
    name: 'cascade_db_query_duration_seconds',
    help: 'Time of a database statement outside a transaction',
    labelNames: ['engine'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  const jobRuns = new client.Counter({ name: 'cascade_job_runs_total', help: 'Job runs, by handler and result', labelNames: ['handler', 'result'], registers: [registry] });
  const jobDuration = new client.Histogram({ name: 'cascade_job_duration_seconds', help: 'How long a job run took', labelNames: ['handler'], buckets: [0.1, 0.5, 1, 5, 15, 60, 300], registers: [registry] });
  const jobLag = new client.Gauge({ name: 'cascade_job_lag_seconds', help: 'How late the last due run of a job started', labelNames: ['handler'], registers: [registry] });
  const refused = new client.Counter({ name: 'cascade_readings_refused_total', help: 'Board readings refused, by protocol and reason', labelNames: ['protocol', 'reason'], registers: [registry] });
  const engine = app.database.kind;
  observe.query = (seconds) => query.observe({ engine }, seconds);
  observe.job = (handler, success, seconds) => {
    jobRuns.inc({ handler, result: success ? 'success' : 'failure' });
    jobDuration.observe({ handler }, seconds);
  };
  observe.jobLag = (handler, seconds) => jobLag.set({ handler }, Math.max(0, seconds));
  observe.refused = (protocol, reason) => refused.inc({ protocol, reason });
  app.addHook('onClose', async () => {
    observe.query = observe.job = observe.jobLag = observe.refused = null;
  });

  // Read from what the ingest and the live hub already count, when scraped.
  const seen: Record<string, number> = {};
  const readings = new client.Counter({
    name: 'cascade_readings_total',
    help: 'Board readings through the ingest: accepted (queued), stored, lost (a batch that could not be written)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const stats = app.readings.stats();
      for (const result of ['accepted', 'stored', 'lost'] as const) {
        const delta = stats[result] - (seen[result] ?? 0);
        if (delta > 0) this.inc({ result }, delta);
        seen[result] = stats[result];
      }
    },
  });
  // Every result has its series from the start (a rate over a series that appears later misses its first rise).
  for (const result of ['accepted', 'stored', 'lost']) readings.inc({ result }, 0);
  new client.Gauge({
    name: 'cascade_ingest_lag_seconds',
    help: 'Reading ingest lag (reading received to stored) over the recent window',
    labelNames: ['quantile'],
    registers: [registry],
    collect() {
      const { lagMs } = app.readings.stats();
      this.set({ quantile: '0.5' }, lagMs.p50 / 1000);
      this.set({ quantile: '0.95' }, lagMs.p95 / 1000);
    },
  });
  new client.Gauge({
    name: 'cascade_ingest_queue',
    help: 'Readings waiting for their batch to be written',
    registers: [registry],
    collect() {
      this.set(app.readings.stats().queued);
    },
  });
  // Readings missing over the last hour, from the rows the boards list adds up (detect/missing.ts):
  // the same on every instance (read max(), not sum(), across a cluster). One query per scrape for
  // both series; a scrape while the database is away keeps the last figures.
  type Missing = Awaited<ReturnType<FastifyInstance['missingReadings']['fleet']>>;
  let missing: Promise<Missing | null> | null = null;
  const missingNow = () =>
    (missing ??= app.missingReadings
      .fleet()
      .catch(() => null)
      .finally(() => setTimeout(() => (missing = null), 1_000).unref()));
  new client.Gauge({
    name: 'cascade_readings_missing',
    help: 'Board readings missing over the last hour: sequence (a board counter skipped), period (no reading for a poll period, boards without a counter), silent (boards silent now)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const m = await missingNow();
      if (m) for (const kind of ['sequence', 'period', 'silent'] as const) this.set({ kind }, m[kind]);
    },
  });
  new client.Gauge({
    name: 'cascade_boards_missing_readings',
    help: 'Live boards with readings missing over the last hour',
    registers: [registry],
    async collect() {
      const m = await missingNow();
      if (m) this.set(m.boards);
    },
  });
  new client.Gauge({
    name: 'cascade_live_clients',
    help: 'Open live streams (walls and back-office screens) on this instance',
    registers: [registry],
    collect() {
      this.set(app.live.size);
    },
  });

  const expected = Buffer.from(`Bearer ${opts.token}`);
  app.get('/metrics', { config: { permission: 'public' } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain');
      return 'metrics need Authorization: Bearer METRICS_TOKEN\n';
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});
