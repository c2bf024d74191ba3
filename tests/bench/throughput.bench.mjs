// Throughput and server memory benchmark: the real server (src/server/main.ts compiled, as `npm start`
// runs it: scripts/server.mjs; demo mode, its boards reporting in-process) on the demo data, once on
// the embedded database and once on PostgreSQL, and a bare Fastify hello world started in the same run
// as the machine's floor.
//  - POST /api/ball/fallorder/list (page 1 of 20, signed in) under 50 connections (autocannon) for
//    DURATION s: requests per second, p99 latency, the ratio to the hello world's requests per
//    second at 50 connections, and the server's CPU time per request (read from /proc);
//  - GET /api/health/live (no database) from one more connection meanwhile: its p99 beside its p99 on the idle server
//    ("unaffected");
//  - the server process's memory measured from outside (/proc/<pid>/status): VmRSS once it listens and
//    has warmed up, the median of eleven readings over its sixth to tenth idle second (idle; one
//    reading could fall on either side of a collection), VmHWM after the load (peak).
//  - the same list beside a hand-written reference started in the same run (tests/bench/list-reference.ts:
//    plain Fastify, the same driver, one session lookup by token, the same page query prepared),
//    alternating runs of REFERENCE_SECONDS at 10 and 50 connections, REFERENCE_ROUNDS rounds: Cascade's
//    requests per second as a ratio to the reference's (budget ≥ 0.6×) and its p99 as a ratio to the
//    reference's (≤ 2×), the means of the rounds; the absolute figures in the notes.
//    REFERENCE=off leaves it out; it reads a copy of the embedded folder (tmp/bench-throughput-ref).
// The machine is often shared: each row's note carries the load average, and the ratio to the hello
// world measured minutes apart on the same machine is the figure to compare between runs.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cascade_bench_throughput;
// the database is created and seeded on first use). Run alone: node tests/bench/throughput.bench.mjs;
// BENCH_ENGINE=pglite or =postgres measures that engine only (beside the hello world).
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serverCommand } from '../../scripts/server.mjs';
import { runAlone } from './budget.mjs';
import { adminListHeaders, cpuSeconds, ensurePostgres, freePort, seedThroughput, stop } from './proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.join(root, 'tmp/bench-throughput');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cascade_bench_throughput';
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const IDLE_WAIT_MS = 10_000;
const IDLE_SAMPLE_MS = 5_000;
const LIST_BODY = JSON.stringify({ page: 1, limit: 20 });
const refDataDir = path.join(root, 'tmp/bench-throughput-ref');
const REFERENCE_SECONDS = Number(process.env.REFERENCE_SECONDS ?? 10);
const REFERENCE_ROUNDS = Number(process.env.REFERENCE_ROUNDS ?? 2);
const REFERENCE_CONNECTIONS = [10, 50];
/** Cascade's order list against the hand-written reference: throughput ≥ this share of it, p99 ≤ this multiple. */
const REFERENCE_BUDGET = { rpsRatio: 0.6, p99Ratio: 2 };

// Budgets: the list at ≥ 1,000 requests/s with p99 < 100 ms on PostgreSQL, ≥ 500/s on the
// embedded database; /api/health's p99 under that load within HEALTH_SLACK_MS of its idle p99.
// Memory: idle RSS ≤ 300 MB, peak under the list load ≤ 450 MB (embedded database, demo data).
const BUDGET = {
  postgres: { rps: 1000, p99: 100, idleMb: 300, peakMb: 450 },
  pglite: { rps: 500, p99: 100, idleMb: 300, peakMb: 450 },
};
const HEALTH_SLACK_MS = 20;

const cores = () => (typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length);
const load = () => `load average ${loadavg()[0].toFixed(1)} on ${cores()} cores`;

/** VmRSS and VmHWM of a process, in MB, from /proc (what the kernel charges it). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) };
}

/**
 * VmRSS of the idle server: the median of readings every half second over the last IDLE_SAMPLE_MS of
 * IDLE_WAIT_MS. The server is never asked to collect garbage (a real one is not), so one reading
 * lands before or after whatever collection happens to run; the median is the level it sits at.
 */
async function idleMemory(pid) {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await sleep(IDLE_WAIT_MS - IDLE_SAMPLE_MS);
  const readings = [memoryOf(pid).rss];
  for (let t = 0; t < IDLE_SAMPLE_MS; t += 500) {
    await sleep(500);
    readings.push(memoryOf(pid).rss);
  }
  readings.sort((a, b) => a - b);
  return { rss: readings[readings.length >> 1], min: readings[0], max: readings[readings.length - 1] };
}


async function waitFor(url, ms, ready = () => true, child = null) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering on ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok && ready(await res.json())) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer on ${url}`);
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** A wrong answer breaks the measurement; requests that timed out (10 s) count against the figures. */
function checked(result, what) {
  if (result.non2xx) throw new Error(`${what}: ${result.non2xx} non-2xx answers of ${result.requests.total}`);
  return result;
}

const failures = (result) => (result.errors || result.timeouts ? `; ${result.errors} errors (${result.timeouts} timed out after 10 s)` : '');

/** The bare Fastify hello world: the most requests per second this machine serves right now. */
async function helloWorld() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${port}, host: '127.0.0.1' });`],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    for (let i = 0; i < 100; i++) {
      if (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const r = checked(await cannon({ url: `http://127.0.0.1:${port}/` }), 'hello world');
    return { rps: Math.round(r.requests.average), p99: r.latency.p99 };
  } finally {
    await stop(child);
  }
}



const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The hand-written reference (list-reference.ts) beside the running server at `base`: alternating
 * runs, reference then Cascade, at each of REFERENCE_CONNECTIONS, REFERENCE_ROUNDS times.
 */
async function againstReference(engine, base, headers) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DATA_DIR: refDataDir, REFERENCE_TOKEN: headers.authorization };
  if (engine === 'postgres') env.DATABASE_URL = PG_URL;
  else delete env.DATABASE_URL;
  const ref = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/list-reference.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const refUrl = `http://127.0.0.1:${port}/api/ball/fallorder/list`;
  try {
    for (let i = 0; ; i++) {
      if (ref.exitCode !== null) throw new Error(`the reference exited (${ref.exitCode})`);
      const answer = await fetch(refUrl, { method: 'POST', headers, body: LIST_BODY }).then((r) => r.json(), () => null);
      if (answer?.code === 0 && answer.data.list.length > 0) break;
      if (i > 600) throw new Error('the reference did not answer within a minute');
      await new Promise((r) => setTimeout(r, 100));
    }
    const runs = new Map(REFERENCE_CONNECTIONS.map((c) => [c, { ref: [], app: [] }]));
    for (let round = 0; round < REFERENCE_ROUNDS; round++) {
      for (const connections of REFERENCE_CONNECTIONS) {
        const opts = { method: 'POST', headers, body: LIST_BODY, connections, duration: REFERENCE_SECONDS };
        const r = checked(await cannon({ url: refUrl, ...opts }), `${engine} reference at ${connections}`);
        const a = checked(await cannon({ url: `${base}/api/ball/fallorder/list`, ...opts }), `${engine} list at ${connections}`);
        runs.get(connections).ref.push({ rps: r.requests.average, p99: r.latency.p99 });
        runs.get(connections).app.push({ rps: a.requests.average, p99: a.latency.p99 });
      }
    }
    const label = engine === 'pglite' ? 'embedded database' : 'PostgreSQL';
    return REFERENCE_CONNECTIONS.flatMap((connections) => {
      const { ref: rs, app: as } = runs.get(connections);
      const refRps = mean(rs.map((x) => x.rps));
      const appRps = mean(as.map((x) => x.rps));
      const refP99 = mean(rs.map((x) => x.p99));
      const appP99 = mean(as.map((x) => x.p99));
      const each = (xs) => xs.map((x) => `${Math.round(x.rps)} req/s p99 ${x.p99} ms`).join(', ');
      const load = `${REFERENCE_ROUNDS} alternating rounds of ${REFERENCE_SECONDS} s at ${connections} connections, page 1 of 20, means; Cascade ${each(as)}; reference ${each(rs)}`;
      return [
        {
          name: `${label}: order list / hand-written reference, requests per second at ${connections} connections`,
          value: Math.round((appRps / refRps) * 100) / 100,
          unit: '×',
          floor: REFERENCE_BUDGET.rpsRatio,
          note: `${load}; reference: plain Fastify, the same driver, one session lookup, the same page query prepared (tests/bench/list-reference.ts)`,
        },
        {
          name: `${label}: order list / hand-written reference, p99 at ${connections} connections`,
          value: Math.round((appP99 / Math.max(refP99, 1)) * 100) / 100,
          unit: '×',
          budget: REFERENCE_BUDGET.p99Ratio,
          note: `Cascade p99 ${Math.round(appP99)} ms, reference ${Math.round(refP99)} ms`,
        },
      ];
    });
  } finally {
    await stop(ref);
  }
}

/** One engine: a fresh server, its idle memory, then the list under load with /health beside it. */
async function measureServer(engine, hello) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', DEMO: 'on', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  if (engine === 'postgres') env.DATABASE_URL = PG_URL;
  else delete env.DATABASE_URL;
  const server = spawn(process.execPath, await serverCommand(env), { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    // Listening and warmed up (the wall's first frame): /health lists what is still warming.
    await waitFor(`${base}/api/health`, 300_000, (h) => !h.data.warming?.length, server);
    const idle = await idleMemory(server.pid);

    const headers = await adminListHeaders(base, LIST_BODY);

    const healthIdle = checked(await cannon({ url: `${base}/api/health/live`, connections: 1, duration: Math.max(3, DURATION / 2) }), 'health, idle');
    const loadAtStart = load();
    const cpuAtStart = cpuSeconds(server.pid);
    const [list, health] = await Promise.all([
      cannon({ url: `${base}/api/ball/fallorder/list`, method: 'POST', headers, body: LIST_BODY }),
      cannon({ url: `${base}/api/health/live`, connections: 1 }),
    ]);
    // The server's CPU time per request answered: what a shared machine's load changes least. Read
    // before the reference's rounds, which load the server again (read after them, it was charged
    // to the first run's requests alone: 6–14 ms "a request").
    const cpuPerRequest = ((cpuSeconds(server.pid) - cpuAtStart) * 1000) / (list.requests.total + health.requests.total);
    checked(list, `${engine} list`);
    checked(health, `${engine} health under load`);
    const peak = memoryOf(server.pid);
    const reference = process.env.REFERENCE === 'off' ? [] : await againstReference(engine, base, headers);
    const rps = Math.round(list.requests.average);
    const b = BUDGET[engine];
    const label = engine === 'pglite' ? 'embedded database' : 'PostgreSQL';
    const loads = `${loadAtStart} at the start, ${load()} at the end`;
    return [
      {
        name: `${label}: order list at ${CONNECTIONS} connections`,
        value: rps,
        unit: 'req/s',
        floor: b.rps,
        note: `${(rps / hello.rps).toFixed(3)}× the hello world (${hello.rps} req/s); ${list.requests.total} requests in ${DURATION} s${failures(list)}; server CPU ${cpuPerRequest.toFixed(2)} ms per request; ${loads}`,
      },
      { name: `${label}: order list p99`, value: list.latency.p99, unit: 'ms', budget: b.p99, note: `median ${list.latency.p50} ms; hello world p99 ${hello.p99} ms` },
      {
        name: `${label}: /api/health/live p99 under the list load`,
        value: health.latency.p99,
        unit: 'ms',
        budget: Math.round(healthIdle.latency.p99 + HEALTH_SLACK_MS),
        note: `idle p99 ${healthIdle.latency.p99} ms (budget: idle + ${HEALTH_SLACK_MS} ms); ${Math.round(health.requests.average)} req/s meanwhile${failures(health)}`,
      },
      { name: `${label}: server RSS idle`, value: idle.rss, unit: 'MB', budget: b.idleMb, note: `VmRSS after warm-up, median of readings ${(IDLE_WAIT_MS - IDLE_SAMPLE_MS) / 1000}–${IDLE_WAIT_MS / 1000} s (${idle.min}–${idle.max} MB; demo data, boards reporting)` },
      { name: `${label}: server RSS peak under the list load`, value: peak.hwm, unit: 'MB', budget: b.peakMb, note: `VmHWM of the process since start; VmRSS after the load ${peak.rss} MB` },
      ...reference,
    ];
  } finally {
    await stop(server);
  }
}

export async function run() {
  const engines = process.env.BENCH_ENGINE ? [process.env.BENCH_ENGINE] : ['pglite', 'postgres'];
  if (engines.some((e) => !BUDGET[e])) throw new Error(`BENCH_ENGINE: pglite or postgres, not ${process.env.BENCH_ENGINE}`);
  if (engines.includes('pglite')) {
    seedThroughput(dataDir);
    // The reference opens a copy: one process at a time may open an embedded folder.
    rmSync(refDataDir, { recursive: true, force: true });
    cpSync(path.join(dataDir, 'pglite'), path.join(refDataDir, 'pglite'), { recursive: true });
  }
  if (engines.includes('postgres')) {
    await ensurePostgres(PG_URL);
    seedThroughput(PG_URL);
  }
  const hello = await helloWorld();
  const rows = [{ name: `bare Fastify hello world at ${CONNECTIONS} connections`, value: hello.rps, unit: 'req/s', note: `p99 ${hello.p99} ms; ${load()}` }];
  for (const engine of engines) rows.push(...(await measureServer(engine, hello)));
  return rows;
}

await runAlone(import.meta.url, run);
