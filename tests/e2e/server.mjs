// Starts the real Cascade server (built client, embedded database in a fresh folder, demo data)
// on a free port for browser tests and benchmarks.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverCommand } from '../../scripts/server.mjs';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function chromiumPath() {
  const p = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(p)) {
    throw new Error(
      `Chromium not found at ${p}. Install it with: apt-get update && apt-get install -y chromium fonts-noto-cjk ` +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
  }
  return p;
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Headless Chromium; `options` go to Playwright's launch (the runner's shards handle signals themselves). */
export async function launchBrowser(options = {}) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true, ...options });
}

function portIsFree(port) {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', (err) => (err.code === 'EADDRINUSE' || err.code === 'EACCES' ? resolve(0) : reject(err)));
    srv.listen(port, '127.0.0.1', () => {
      const { port: taken } = srv.address();
      srv.close(() => resolve(taken));
    });
  });
}

let nextInRange = 0;
/**
 * A port nothing listens on: any the system gives, or with E2E_PORTS="18100-18199" one of those (a
 * shared machine's share; the runner gives each shard its own part). Each call starts after the last
 * one it gave, so a server just stopped is not followed onto its port by the next.
 */
export async function freePort() {
  const range = process.env.E2E_PORTS;
  if (!range) return portIsFree(0);
  const [low, high] = range.split('-').map(Number);
  if (!(low > 0 && high >= low)) throw new Error(`E2E_PORTS must read like 18100-18199, not "${range}"`);
  const size = high - low + 1;
  for (let i = 0; i < size; i += 1) {
    const port = low + ((nextInRange + i) % size);
    if (await portIsFree(port)) {
      nextInRange = (port - low + 1) % size;
      return port;
    }
  }
  throw new Error(`no free port in E2E_PORTS=${range}`);
}

/**
 * Polls `url` until it answers 2xx: true once it does, false when `timeoutMs` pass first. `check`
 * runs before each try and throws to stop waiting (the process behind the url has exited).
 */
/** Calls the API and returns its data; an answer other than code 0 throws with what it said. */
export async function call(baseUrl, method, url, { token, body } = {}) {
  const res = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await res.json();
  if (envelope.code !== 0) throw new Error(`${method} ${url} → ${envelope.code} ${envelope.msg} ${JSON.stringify(envelope.data)}`);
  return envelope.data;
}

export async function waitForUrl(url, timeoutMs, { intervalMs = 250, check = () => {} } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    check();
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Builds the client into dist/client, or into CLIENT_DIR when set (the server serves the same folder). */
export function buildClient() {
  const outDir = process.env.CLIENT_DIR ? ['--outDir', path.resolve(root, process.env.CLIENT_DIR), '--emptyOutDir'] : [];
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...outDir], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('client build failed');
}

/**
 * The suite's servers (run.mjs's shards): the demo boards keep reporting (values move), but no scripted
 * fault: the wall tests compare the wall with the API's counts, which a fault landing in between would
 * change. livedemo.e2e.mjs starts its own server with fast faults.
 */
export const SUITE_ENV = { DEMO_FAULT_EVERY_MS: '0' };

/** The environment a server of the browser tests (and its first start's seeding) runs in. */
function serverEnv(dir, port, env) {
  return { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, CAPTCHA: 'off', LOG_LEVEL: 'warn', ...env };
}

/**
 * Seeds a new data folder `dir` as a server's first start does (its seeding process, with the same
 * `env`), without the server: servers started `from` it then open a copy instead of seeding their
 * own (the runner's shards). Resolves once the seeding has started, with `finished`, which rejects
 * when it fails or takes more than 5 minutes; the client can be built meanwhile.
 */
export async function seedDataDir(dir, env = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const childEnv = serverEnv(dir, 0, env);
  const args = await serverCommand(childEnv);
  const main = args.pop();
  args.push(path.join(path.dirname(main), 'db/seed', `first-start-process${path.extname(main)}`));
  const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const limit = setTimeout(() => child.kill('SIGKILL'), 300_000);
  const finished = new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      clearTimeout(limit);
      if (code === 0) resolve();
      else reject(new Error(`seeding ${dir} failed (${signal ?? `exit code ${code}`}):\n${output}`));
    });
  });
  return { finished };
}

/**
 * Starts the server; resolves once /api/health answers. `env` adds or overrides variables; `port`
 * and a kept `dataDir` (fresh: false) start it again where a stopped one was (restart.e2e.mjs). A
 * folder with no database yet gets a copy of the folder `from` (seedDataDir), by default the one the
 * runner seeded (E2E_DATA_FROM), instead of seeding its own: on a loaded machine a first start's
 * seeding alone took more than the 3 minutes a start may.
 */
export async function startServer({ env = {}, dataDir, fresh = true, port: fixedPort, from = process.env.E2E_DATA_FROM } = {}) {
  const port = fixedPort ?? (await freePort());
  const dir = dataDir ?? path.join(root, 'tmp', `e2e-data-${port}`);
  if (fresh) rmSync(dir, { recursive: true, force: true });
  if (from && !existsSync(path.join(dir, 'pglite', 'PG_VERSION'))) cpSync(from, dir, { recursive: true });
  mkdirSync(dir, { recursive: true });
  const childEnv = serverEnv(dir, port, env);
  const child = spawn(process.execPath, await serverCommand(childEnv), {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const running = () => {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
  };
  if (!(await waitForUrl(`${baseUrl}/api/health`, 180_000, { intervalMs: 300, check: running }))) {
    child.kill('SIGKILL');
    throw new Error(`server did not start in time:\n${output}`);
  }
  return {
    baseUrl,
    port,
    dataDir: dir,
    output: () => output,
    /**
     * Stops the server (SIGTERM; SIGKILL after 10 s); a data folder it made itself goes too
     * (E2E_KEEP_DATA=1 keeps it to look at). Resolves with the exit code (null: killed) and how long it took.
     */
    async stop() {
      const stopped = await stopChild();
      if (!dataDir && process.env.E2E_KEEP_DATA !== '1') rmSync(dir, { recursive: true, force: true });
      return stopped;
    },
  };

  async function stopChild() {
    if (child.exitCode !== null) return { code: child.exitCode, ms: 0 };
    const sent = Date.now();
    child.kill('SIGTERM');
    return new Promise((r) => {
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.on('exit', (code) => {
        clearTimeout(t);
        r({ code, ms: Date.now() - sent });
      });
    });
  }
}

