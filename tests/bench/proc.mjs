// What several benches need from the machine: a free port, whether a service answers, a server that
// is up and warmed, CPU time read from /proc (Linux), outside the processes measured, a server
// stopped, and the throughput benches' PostgreSQL database and seed.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, connect as netConnect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Whether something accepts TCP connections at the URL's host and port. */
export const reachable = (url, defaultPort) =>
  new Promise((resolve) => {
    const u = new URL(url);
    const s = netConnect({ host: u.hostname, port: Number(u.port || defaultPort) });
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });

/**
 * Resolves once the server at `base` answers /api/health with nothing left warming (the work it does
 * once it listens, such as the wall's first frame), or throws after `ms`: a bench must not measure a
 * server still starting.
 */
export async function waitForWarm(base, ms) {
  for (const until = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 250))) {
    if (Date.now() > until) throw new Error(`the server at ${base} did not start and warm up within ${ms / 1000} s`);
    const health = await fetch(`${base}/api/health`).then((r) => (r.ok ? r.json() : null), () => null);
    if (health && !health.data.warming?.length) return;
  }
}

/** Every process's parent and CPU ticks (user + system), from /proc. */
function processTable() {
  const children = new Map();
  const used = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      used.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone meanwhile
    }
  }
  return { children, used };
}

const ticksPerSecond = () => Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU seconds used so far by `pid` and every process under it. */
export function cpuSeconds(pid) {
  const { children, used } = processTable();
  let ticks = 0;
  const walk = (p) => {
    ticks += used.get(p) ?? 0;
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return ticks / ticksPerSecond();
}

/** CPU seconds used so far by the processes under `pid` (not itself), leaving out the `skip` subtree. */
export function cpuSecondsUnder(pid, skip) {
  const { children, used } = processTable();
  let ticks = 0;
  const walk = (p) => {
    if (p === skip) return;
    ticks += used.get(p) ?? 0;
    for (const c of children.get(p) ?? []) walk(c);
  };
  for (const c of children.get(pid) ?? []) walk(c);
  return ticks / ticksPerSecond();
}

/** Stops a server started by a bench: SIGTERM, then SIGKILL if it is still there after 15 s. */
export function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/** The database a bench names in `url`, created on its server when missing. */
export async function ensurePostgres(url) {
  const at = new URL(url);
  const name = at.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL at ${at.host} is not reachable (${error.message}): set BENCH_DATABASE_URL`);
  }
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

/** The throughput benches' data (tests/bench/throughput-seed.ts) into a data folder or a database URL. */
export function seedThroughput(target) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/throughput-seed.ts', target], { cwd: root, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error(`seeding ${target} failed`);
}

/**
 * Signs in as the administrator on the server at `base` and checks the order list answers a page of
 * rows for `listBody` (the list the throughput benches load): the headers to call it with.
 */
export async function adminListHeaders(base, listBody) {
  const login = await (
    await fetch(`${base}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123', captcha: '', uuid: '' }) })
  ).json();
  if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
  const headers = { authorization: login.data.token, 'content-type': 'application/json' };
  const first = await (await fetch(`${base}/api/ball/fallorder/list`, { method: 'POST', headers, body: listBody })).json();
  if (first.code !== 0 || !(first.data.list.length > 0)) throw new Error(`the order list answered ${JSON.stringify(first).slice(0, 200)}`);
  return headers;
}
