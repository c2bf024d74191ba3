// First start against restart: the server's idle memory after a first start on an empty data folder
// (migrations and the demo seeding) beside its idle memory after a restart on the folder that start
// left, on the embedded database, as a service starts it (node on the compiled server with the
// embedded V8 flags: scripts/server.mjs, no npm wrapper). Each start: wait until /api/health answers
// with nothing warming, then FIRST_START_IDLE_S seconds (20 unless set) idle, then the median of
// eleven readings of the server process's VmRSS (/proc/<pid>/status, read from outside) over 5 s.
// The pid measured is the one `node` started: the seeding's own process (src/server/db/seed/
// first-start.ts) has exited by then and is not counted.
// Run alone: node tests/bench/first-start.bench.mjs
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverCommand } from '../../scripts/server.mjs';
import { runAlone } from './budget.mjs';
import { freePort, stop, waitForWarm } from './proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.join(root, 'tmp/bench-first-start');
const IDLE_S = Number(process.env.FIRST_START_IDLE_S ?? 20);
/** Budgets: idle RSS ≤ 300 MB after either start, and a first start's no more than this above a restart's. */
const IDLE_BUDGET_MB = 300;
const FIRST_OVER_RESTART_MB = 25;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid) => Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024);


/** Starts the server on dataDir, waits for it to warm and idle, reads its RSS, stops it. */
async function startAndMeasure(what) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', DEMO: 'on', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const started = Date.now();
  const server = spawn(process.execPath, await serverCommand(env), { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await Promise.race([
      waitForWarm(`http://127.0.0.1:${port}`, 600_000),
      new Promise((_, reject) => server.once('exit', (code) => reject(new Error(`${what}: the server exited (${code}) before it was up`)))),
    ]);
    const upS = (Date.now() - started) / 1000;
    await sleep(IDLE_S * 1000);
    const readings = [];
    for (let i = 0; i < 11; i++, await sleep(500)) readings.push(rssMb(server.pid));
    readings.sort((a, b) => a - b);
    console.log(`${what}: up and warm in ${upS.toFixed(1)} s; idle RSS ${readings[5]} MB (${readings[0]}–${readings[10]})`);
    return { rss: readings[5], min: readings[0], max: readings[10], upS };
  } finally {
    await stop(server);
  }
}

export async function run() {
  rmSync(dataDir, { recursive: true, force: true });
  try {
    const first = await startAndMeasure('first start');
    const again = await startAndMeasure('restart');
    const load = `embedded database, demo data, ${IDLE_S} s idle after warm-up, median of 11 readings over 5 s`;
    return [
      { name: 'idle RSS after a first start', value: first.rss, unit: 'MB', budget: IDLE_BUDGET_MB, note: `${load}; range ${first.min}–${first.max} MB; up and warm in ${first.upS.toFixed(0)} s (migrations and demo seeding)` },
      { name: 'idle RSS after a restart', value: again.rss, unit: 'MB', budget: IDLE_BUDGET_MB, note: `${load}; range ${again.min}–${again.max} MB; up and warm in ${again.upS.toFixed(0)} s` },
      {
        name: 'first start over restart',
        value: first.rss - again.rss,
        unit: 'MB',
        budget: FIRST_OVER_RESTART_MB,
        note: 'a first start should hold what a restart holds: the seeding ran in its own process, gone before the server listens',
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await runAlone(import.meta.url, run);
