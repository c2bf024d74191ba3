// Whether the server's event loop waits on the database (issue 31): the real server (compiled, as
// `npm start` runs it) on the demo data, POST /api/ball/fallorder/list under 50 connections
// (autocannon) for DURATION s, and GET /api/health/live from one more connection meanwhile. It
// reads nothing from the database (/api/health does since issue 37: a bounded SELECT 1), so its p99
// is how long any request that does not query (a wall's stream, a static file) waits behind the ones that do. Budget: ≤ 50 ms on both engines.
// The embedded database runs in its worker thread (db/pglite-remote.ts); BENCH_COMPARE=main adds a
// run with PGLITE_THREAD=main (in the server's own thread, as before) as a row without a budget.
// The machine is often shared: each row quotes the load average (`uptime`) at its start and end.
// BENCH_ENGINE=pglite or =postgres measures that engine only. Run alone:
// node tests/bench/health-under-load.bench.mjs. Data: the throughput bench's (throughput-seed.ts).
import { spawn } from 'node:child_process';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serverCommand } from '../../scripts/server.mjs';
import { runAlone } from './budget.mjs';
import { adminListHeaders, ensurePostgres, freePort, seedThroughput, stop, waitForWarm } from './proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.join(root, 'tmp/bench-health');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cascade_bench_health';
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const HEALTH_P99_MS = 50;
const LIST_BODY = JSON.stringify({ page: 1, limit: 10 });

const cores = () => (typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length);
const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cores()} cores`;

const cannon = (opts) =>
  new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) => (err ? reject(err) : resolve(result))));

function checked(result, what) {
  if (result.non2xx) throw new Error(`${what}: ${result.non2xx} non-2xx answers of ${result.requests.total}`);
  return result;
}

/** autocannon gives up on a request after 10 s: /api/health with no answer at all waited at least that. */
const TIMEOUT_MS = 10_000;
const p99Of = (health) => (health.requests.total ? health.latency.p99 : TIMEOUT_MS);




/** One server: the list under load with /api/health beside it; the health figures and the list's. */
async function measure(engine, thread) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', DEMO: 'on', LOG_LEVEL: 'warn', NODE_ENV: 'development', PGLITE_THREAD: thread };
  if (engine === 'postgres') env.DATABASE_URL = PG_URL;
  else delete env.DATABASE_URL;
  const server = spawn(process.execPath, await serverCommand(env), { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForWarm(base, 300_000);
    const headers = await adminListHeaders(base, LIST_BODY);
    const loadAtStart = load();
    const [list, health] = await Promise.all([
      cannon({ url: `${base}/api/ball/fallorder/list`, method: 'POST', headers, body: LIST_BODY }),
      cannon({ url: `${base}/api/health/live`, connections: 1 }),
    ]);
    checked(list, `${engine} list`);
    checked(health, `${engine} health under load`);
    return { health, list, loads: `${loadAtStart} at the start, ${load()} at the end` };
  } finally {
    await stop(server);
  }
}

const note = ({ health, list, loads }) =>
  `${health.requests.total ? `median ${health.latency.p50} ms, max ${health.latency.max} ms, ${health.requests.total} answers` : `no answer within ${TIMEOUT_MS / 1000} s`}` +
  `${health.timeouts ? ` (${health.timeouts} timed out)` : ''}; the list meanwhile ${Math.round(list.requests.average)} req/s, p99 ${list.latency.p99} ms` +
  `${list.errors || list.timeouts ? `, ${list.errors} errors` : ''}; ${loads}`;

export async function run() {
  const engines = process.env.BENCH_ENGINE ? [process.env.BENCH_ENGINE] : ['pglite', 'postgres'];
  if (engines.some((e) => e !== 'pglite' && e !== 'postgres')) throw new Error(`BENCH_ENGINE: pglite or postgres, not ${process.env.BENCH_ENGINE}`);
  if (engines.includes('pglite')) seedThroughput(dataDir);
  if (engines.includes('postgres')) {
    await ensurePostgres(PG_URL);
    seedThroughput(PG_URL);
  }
  const rows = [];
  for (const engine of engines) {
    const label = engine === 'pglite' ? 'embedded database (worker thread)' : 'PostgreSQL';
    const m = await measure(engine, 'worker');
    rows.push({ name: `${label}: /api/health/live p99 under ${CONNECTIONS} connections of the order list`, value: p99Of(m.health), unit: 'ms', budget: HEALTH_P99_MS, note: note(m) });
    if (engine === 'pglite' && process.env.BENCH_COMPARE === 'main') {
      const before = await measure(engine, 'main');
      rows.push({ name: `embedded database in the server's thread (PGLITE_THREAD=main, for comparison): /api/health/live p99`, value: p99Of(before.health), unit: 'ms', note: note(before) });
    }
  }
  return rows;
}

await runAlone(import.meta.url, run);
