// Wall soak: the overview wall (/#/page, 1920×1080, headless Chromium, software compositing) left
// running with a fleet reporting — the demo (its 122 simulated boards, scripted faults) plus
// SOAK_BOARDS (1,000) boards over MQTT every 5 s on the first demo project, one channel faulting every
// 10 s, so channels move, warnings open and close and alarms pop up all the time — for SOAK_MINUTES
// (10; 2 when CI is set; the hour by hand: SOAK_MINUTES=60 npm run bench -- wall-soak). Every minute,
// after a forced garbage collection, the page's JS heap (CDP Runtime.getHeapUsage) and its DOM node and
// listener counts (CDP Memory.getDOMCounters) are read from outside the page. Measures:
//   - JS heap growth after GC, last sample − first (budget 5 MB): a wall that runs for months must not leak;
//   - DOM nodes growth, the largest sample − first, in % of the first (budget 10 %: lists and
//     popups come and go, a leak grows without bound);
//   - Chromium's CPU over the run, in cores (under 0.5, strictly: 0.50 fails): the browser's processes
//     from /proc.
// The baseline sample is taken after a warm-up (a quarter of the run, at most a minute); the wall as
// it looks at the end goes to test-results/screenshots/wall-soak.png.
// On PostgreSQL (SOAK_ENGINE=postgres, the default when TEST_DATABASE_URL's server answers: a database
// cascade_bench_soak on it), the documented choice for a fleet; SOAK_ENGINE=pglite runs it on the
// embedded database. A fourth row counts the panels showing their stale badge at the end (budget 0):
// the wall kept up with what it shows.
// Needs the MQTT broker (mosquitto on 127.0.0.1:1883) and a client build (CLIENT_DIR or dist/client).
// Run alone: node tests/bench/wall-soak.bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import pg from 'pg';
import { serverCommand } from '../../scripts/server.mjs';
import { runAlone } from './budget.mjs';
import { startFleet } from './fleet-publisher.mjs';
import { cpuSecondsUnder, freePort, reachable, waitForWarm } from './proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MINUTES = Number(process.env.SOAK_MINUTES ?? (process.env.CI ? 2 : 10));
const BOARDS = Number(process.env.SOAK_BOARDS ?? 1000);
const SAMPLE_MS = Math.min(60_000, (MINUTES * 60_000) / 4);
const MQTT_URL = process.env.FLEET_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const WARM_MS = Math.min(60_000, MINUTES * 15_000);
const HEAP_BUDGET_MB = 5;
const NODES_BUDGET_PERCENT = 10;
const CPU_BELOW_CORES = 0.5;
const dataDir = path.join(root, 'tmp/bench-soak');
const clientDir = path.resolve(root, process.env.CLIENT_DIR ?? 'dist/client');
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const tsx = (args) => {
  const res = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${args[0]} failed: ${res.stderr}`);
  return res.stdout;
};

/** The PostgreSQL database the soak runs on, or null for the embedded one. */
async function postgresUrl() {
  if (process.env.SOAK_ENGINE === 'pglite') return null;
  const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (!process.env.BENCH_DATABASE_URL) url.pathname = '/cascade_bench_soak';
  const probe = new pg.Client({ connectionString: url.toString().replace(/\/[^/]*$/, '/postgres') });
  const up = await probe.connect().then(
    () => true,
    () => false,
  );
  await probe.end().catch(() => undefined);
  if (!up && process.env.SOAK_ENGINE === 'postgres') throw new Error(`no PostgreSQL server at ${url.host}`);
  return up ? url.toString() : null;
}

export async function run() {
  if (!(await reachable(MQTT_URL))) throw new Error(`no MQTT broker on ${MQTT_URL} (start Mosquitto: mosquitto -d -c /etc/mosquitto/mosquitto.conf)`);
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('client build failed');
  }
  const runId = randomBytes(4).toString('hex');
  const boardKey = `soak-key-${runId}`;
  const prefix = `cascade-soak-${runId}`;
  const pgUrl = await postgresUrl();
  const engine = pgUrl ? 'postgres' : 'pglite';
  rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`  ${engine}: seeding the demo and ${BOARDS} boards…\n`);
  tsx(['tests/bench/wall-seed.ts', dataDir, ...(pgUrl ? [pgUrl] : [])]);
  const { projectKey } = JSON.parse(tsx(['tests/bench/fleet-db.ts', 'add', pgUrl ?? path.join(dataDir, 'pglite'), String(BOARDS), boardKey]).trim());

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    CAPTCHA: 'off',
    DEMO: 'on',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    MQTT_URL,
    // Each instance's session is its own (client id + host, port, tag): gone a minute after the run.
    MQTT_SESSION_EXPIRY: '60',
    MQTT_CLIENT_ID: `cascade-soak-${runId}`,
    MQTT_TOPIC_PREFIX: prefix,
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
  };
  const server = spawn(process.execPath, await serverCommand(env), {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => server.once('exit', r));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROME_ARGS });
  let fleet = null;
  try {
    await waitForWarm(base, 120_000);
    fleet = await startFleet({ url: MQTT_URL, clientId: `cascade-soak-pub-${runId}`, prefix, projectKey, boardKey, boards: BOARDS });
    const login = await (
      await fetch(`${base}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123', captcha: '', uuid: '' }) })
    ).json();
    if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addInitScript(([token, user]) => {
      sessionStorage.setItem('TOKEN', token);
      sessionStorage.setItem('USER_INFO', user);
    }, [login.data.token, JSON.stringify(login.data.user)]);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/#/page`);
    await page.waitForFunction(() => !document.getElementById('wall-frame') && document.querySelectorAll('#root [data-panel]').length > 0, undefined, { timeout: 60_000 });
    // Warmed up (entry animations done, the stream connected, the first frame's nodes collected, the
    // first alarms shown) before the baseline sample.
    await page.waitForTimeout(WARM_MS);
    const cdp = await context.newCDPSession(page);
    const sample = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      const dom = await cdp.send('Memory.getDOMCounters');
      return { heapMB: heap.usedSize / 1048576, nodes: dom.nodes, listeners: dom.jsEventListeners };
    };
    const samples = [await sample()];
    const cpuStart = cpuSecondsUnder(process.pid, server.pid);
    const startedAt = Date.now();
    while (Date.now() - startedAt < MINUTES * 60_000) {
      await page.waitForTimeout(Math.min(SAMPLE_MS, MINUTES * 60_000 - (Date.now() - startedAt)));
      samples.push(await sample());
      const s = samples.at(-1);
      process.stdout.write(`  ${((Date.now() - startedAt) / 60_000).toFixed(1)} min: heap ${s.heapMB.toFixed(1)} MB, ${s.nodes} nodes, ${s.listeners} listeners, load ${os.loadavg()[0].toFixed(1)}\n`);
    }
    const stale = await page.locator('[data-testid="panel-stale"]').count();
    const cpu = (cpuSecondsUnder(process.pid, server.pid) - cpuStart) / ((Date.now() - startedAt) / 1000);
    // What the wall looks like after the run, to look at (alarms piled up, lists, counters).
    await page.screenshot({ path: path.join(root, 'test-results/screenshots/wall-soak.png') });
    const { published, failed } = await fleet.stop();
    fleet = null;
    if (failed) throw new Error(`${failed} publishes were not acknowledged by the broker`);
    if (errors.length) throw new Error(`the wall raised errors: ${errors.slice(0, 3).join(' | ')}`);
    const first = samples[0];
    const last = samples.at(-1);
    const series = samples.map((s) => `${s.heapMB.toFixed(1)}/${s.nodes}`).join(', ');
    const note = `${engine}, ${MINUTES} min, ${BOARDS} boards + the demo's, ${published} readings published; heap MB/nodes per sample: ${series}; load average ${os.loadavg()[0].toFixed(1)}`;
    return [
      { name: `overview ${MINUTES} min → JS heap growth after GC`, value: Math.round((last.heapMB - first.heapMB) * 100) / 100, unit: 'MB', budget: HEAP_BUDGET_MB, note },
      {
        name: `overview ${MINUTES} min → DOM nodes growth`,
        value: Math.round(((Math.max(...samples.map((s) => s.nodes)) - first.nodes) / first.nodes) * 1000) / 10,
        unit: '%',
        budget: NODES_BUDGET_PERCENT,
        note: `${first.nodes} → ${last.nodes} nodes, listeners ${first.listeners} → ${last.listeners}`,
      },
      { name: `overview ${MINUTES} min → Chromium CPU`, value: Math.round(cpu * 100) / 100, unit: 'cores', below: CPU_BELOW_CORES, note: 'software compositing, no GPU' },
      { name: `overview ${MINUTES} min → panels stale at the end (${engine})`, value: stale, unit: 'panels', budget: 0, note: 'a panel whose data are older than twice its refresh says so; the server must keep up with the fleet and the wall' },
    ];
  } finally {
    await fleet?.abort();
    await browser.close();
    server.kill('SIGTERM');
    await exited;
  }
}

await runAlone(import.meta.url, run);
