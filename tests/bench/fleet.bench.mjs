// Fleet benchmark: N simulated boards (FLEET_BOARDS, 1,000) each publish their state over
// MQTT every 5 s (200 readings/s for 1,000) to the machine's broker (FLEET_MQTT_URL, mqtt://127.0.0.1:1883)
// for FLEET_SECONDS (300; 30 when CI is set), against the real server (src/server/main.ts with
// MQTT_URL) on the embedded database and on PostgreSQL (BENCH_DATABASE_URL, or TEST_DATABASE_URL's
// server with a cascade_bench_fleet database; skipped when neither answers). FLEET_ENGINES=pglite
// or =postgres runs one. Measures, per engine:
//   - readings published (acknowledged by the broker) and stored (raw rows counted after the server
//     stopped and drained): every one must be stored;
//   - ingest lag p95: from the board's publish (MQTT 5 user property `sent`) to its batch committed,
//     as the server's reading ingest reports it at shutdown;
//   - the server's CPU over the run, in cores;
//   - reading → browser event p95: a signed-in listener on the server's event stream (GET
//     /api/live/stream, what every wall opens), and for each fault the time from the board's first
//     faulty publish to the stream's `channel` event naming that board (a fault moves the board off the
//     quiet batch path, so the event names it).
// Every board is live from the start (the steady state); now and then one channel faults for three
// readings, so warnings open and close through the reading service during the run.
// Run alone: node tests/bench/fleet.bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import pg from 'pg';
import { serverCommand } from '../../scripts/server.mjs';
import { runAlone } from './budget.mjs';
import { startFleet } from './fleet-publisher.mjs';
import { cpuSeconds, freePort, reachable } from './proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOARDS = Number(process.env.FLEET_BOARDS ?? 1000);
const SECONDS = Number(process.env.FLEET_SECONDS ?? (process.env.CI ? 30 : 300));
const EVERY_MS = 5000;
const MQTT_URL = process.env.FLEET_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const LAG_BUDGET_MS = 1000;
// A 2-core machine: the server must leave room for everything else it does.
const CPU_BUDGET_CORES = { pglite: 1.0, postgres: 0.8 };
const FAULT_EVERY_MS = 10_000;
const EVENT_BUDGET_MS = 1000;
/** After the last publish, how long the server may take to catch up before it is stopped anyway. */
const DRAIN_MS = 120_000;

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/**
 * Signs in as the seeded administrator and opens the event stream the walls open (a stream ticket,
 * then GET /api/live/stream). `expect(boardId, t)` notes a faulty publish; the first `channel` event
 * naming that board afterwards is its delivery. `close()` ends the stream and returns the delays;
 * a fault never heard of counts as the whole run (so it fails the budget rather than vanish).
 */
async function listen(base) {
  const post = async (url, body, headers = {}) => {
    const res = await fetch(`${base}/api${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const json = await res.json();
    if (json.code !== 0) throw new Error(`${url}: ${json.msg}`);
    return json.data;
  };
  const { token } = await post('/sys/login', { username: 'admin', password: 'admin123', captcha: '', uuid: '' });
  const { ticket } = await post('/auth/ticket', { purpose: 'stream' }, { authorization: token });
  const abort = new AbortController();
  const res = await fetch(`${base}/api/live/stream?ticket=${encodeURIComponent(ticket)}`, { signal: abort.signal });
  if (!res.ok) throw new Error(`live stream: ${res.status}`);
  const startedAt = Date.now();
  const pending = new Map(); // board id → publish time of its first faulty reading
  const delays = [];
  let expected = 0;
  (async () => {
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of res.body) {
      const now = Date.now();
      text += decoder.decode(chunk, { stream: true });
      const frames = text.split('\n\n');
      text = frames.pop();
      for (const frame of frames) {
        if (!frame.startsWith('event: channel')) continue;
        const event = JSON.parse(frame.slice(frame.indexOf('data: ') + 6));
        const sent = pending.get(event.id);
        if (sent === undefined) continue;
        pending.delete(event.id);
        delays.push(now - sent);
      }
    }
  })().catch(() => undefined);
  return {
    expect(boardId, t) {
      if (pending.has(boardId)) return;
      pending.set(boardId, t);
      expected += 1;
    },
    close() {
      abort.abort();
      const sorted = [...delays, ...[...pending.values()].map(() => Date.now() - startedAt)].sort((a, b) => a - b);
      pending.clear();
      return { count: delays.length, expected, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? null };
    },
  };
}

function fleetDb(args) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/fleet-db.ts', ...args], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`fleet-db ${args[0]} failed: ${res.stderr}`);
  return res.stdout;
}

async function runEngine(engine, target) {
  const run = randomBytes(4).toString('hex');
  const projectKey = `fleet-${run}`;
  const boardKey = `fleet-key-${run}`;
  const prefix = `cascade-bench-${run}`;
  process.stdout.write(`  ${engine}: seeding ${BOARDS} boards…\n`);
  const boardIds = new Map(JSON.parse(fleetDb(['seed', target, String(BOARDS), projectKey, boardKey]).trim()).map((b) => [b.boardNo, b.id]));

  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: 'off',
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    CAPTCHA: 'off',
    MQTT_URL,
    // Each instance's session is its own (client id + host, port, tag): gone a minute after the run.
    MQTT_SESSION_EXPIRY: '60',
    MQTT_CLIENT_ID: `cascade-bench-${run}`,
    MQTT_TOPIC_PREFIX: prefix,
    INGEST_STATS_EVERY_MS: '1000',
  };
  if (engine === 'pglite') {
    env.DATA_DIR = path.dirname(target);
    delete env.DATABASE_URL;
  } else env.DATABASE_URL = target;
  const server = spawn(process.execPath, await serverCommand(env), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  let buffered = '';
  let onLine = () => undefined;
  server.stdout.on('data', (chunk) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop();
    for (const l of parts) {
      lines.push(l);
      onLine(l);
    }
  });
  let stderr = '';
  server.stderr.on('data', (c) => (stderr += c.toString()));
  const exited = new Promise((resolve) => server.once('exit', resolve));

  let listener = { expect: () => undefined, close: () => ({ count: 0, expected: 0 }) };
  let fleet = null;
  try {
    await new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`the server did not subscribe within 120 s\n${stderr}`)), 120_000);
      const check = (l) => {
        if (l.includes('mqtt ingest connected')) {
          clearTimeout(timeout);
          resolve();
        }
      };
      lines.forEach(check);
      onLine = check;
      server.once('exit', () => reject(new Error(`the server exited\n${stderr}`)));
    });
    await new Promise((r) => setTimeout(r, 1000)); // its subscription is in place
    listener = await listen(`http://127.0.0.1:${port}`);

    const startedAt = Date.now();
    const cpuStart = cpuSeconds(server.pid);
    fleet = await startFleet({
      url: MQTT_URL,
      clientId: `cascade-bench-pub-${run}`,
      prefix,
      projectKey,
      boardKey,
      boards: BOARDS,
      everyMs: EVERY_MS,
      faultEveryMs: FAULT_EVERY_MS,
      onFault: (boardNo, t) => listener.expect(boardIds.get(boardNo), t),
    });
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const { published, failed } = await fleet.stop();
    const elapsed = (Date.now() - startedAt) / 1000;
    const cpu = (cpuSeconds(server.pid) - cpuStart) / elapsed;
    // Wait until the server has taken every published reading off the broker and written it (or
    // DRAIN_MS passed), then stop it: it drains what is left and reports.
    const drainUntil = Date.now() + DRAIN_MS;
    let caughtUpMs = null;
    while (Date.now() < drainUntil) {
      const last = [...lines].reverse().find((l) => l.includes('ingest progress'));
      if (last) {
        const p = JSON.parse(last);
        const taken = p.mqtt.accepted + Object.values(p.mqtt.refused).reduce((a, b) => a + b, 0);
        if (taken >= published && p.ingest.queued === 0) {
          caughtUpMs = Date.now() - startedAt - SECONDS * 1000;
          break;
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 2000)); // the last fault's event
    const pushed = listener.close();
    server.kill('SIGTERM');
    await exited;
    if (process.env.FLEET_LOG) (await import('node:fs')).writeFileSync(process.env.FLEET_LOG, lines.join('\n') + '\n' + stderr);
    const statsLine = lines.find((l) => l.includes('reading ingest stats'));
    if (!statsLine) throw new Error(`the server did not report its ingest stats\n${stderr}`);
    const ingest = JSON.parse(statsLine).ingest;
    const mqttLine = lines.find((l) => l.includes('mqtt ingest stats'));
    const mqttStats = mqttLine ? JSON.parse(mqttLine).mqtt : null;
    const stored = JSON.parse(fleetDb(['count', target, projectKey]).trim());
    const rate = Math.round(published / elapsed);
    const load = os.loadavg()[0].toFixed(1);
    const note = `${BOARDS} boards, ${SECONDS} s, ${rate} readings/s, caught up ${caughtUpMs === null ? 'never' : `${(caughtUpMs / 1000).toFixed(1)} s`} after the last publish, load average ${load} on ${os.availableParallelism?.() ?? os.cpus().length} cores; ingest: ${ingest.batches} batches, ${ingest.slow} one by one, ${ingest.retries} retries, ${ingest.lost} lost; refused ${JSON.stringify(mqttStats?.refused ?? {})}`;
    process.stdout.write(`  ${engine}: ${note}; published ${published}, stored ${stored.stored}, lag p50 ${ingest.lagMs.p50} ms p95 ${ingest.lagMs.p95} ms max ${ingest.lagMs.max} ms, cpu ${cpu.toFixed(2)} cores\n`);
    if (failed) throw new Error(`${failed} publishes were not acknowledged by the broker`);
    if (pushed.expected === 0) throw new Error(`no fault happened in ${SECONDS} s to time a browser event with (one starts every ${FAULT_EVERY_MS / 1000} s)`);
    return [
      { name: `${engine}: readings published − stored`, value: published - stored.stored, unit: 'readings', budget: 0, note: `published ${published}, stored ${stored.stored}` },
      { name: `${engine}: ingest lag p95 (publish → stored)`, value: ingest.lagMs.p95, unit: 'ms', budget: LAG_BUDGET_MS, note: `p50 ${ingest.lagMs.p50} ms, max ${ingest.lagMs.max} ms` },
      {
        name: `${engine}: reading → browser event p95`,
        value: pushed.p95,
        unit: 'ms',
        budget: EVENT_BUDGET_MS,
        note: `${pushed.count} faults heard of ${pushed.expected}, p50 ${pushed.p50} ms, max ${pushed.max} ms (a fault unheard counts as the run's length)`,
      },
      { name: `${engine}: server CPU`, value: Math.round(cpu * 100) / 100, unit: 'cores', budget: CPU_BUDGET_CORES[engine], note },
    ];
  } finally {
    listener.close();
    await fleet?.abort();
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    // Leave no session behind on the broker.
    const cleanup = await mqtt.connectAsync(MQTT_URL, { clientId: `cascade-bench-${run}`, clean: true }).catch(() => null);
    await cleanup?.endAsync();
  }
}

export async function run() {
  if (!(await reachable(MQTT_URL, 1883))) throw new Error(`no MQTT broker on ${MQTT_URL} (start Mosquitto: mosquitto -d -c /etc/mosquitto/mosquitto.conf)`);
  const engines = (process.env.FLEET_ENGINES ?? 'pglite,postgres').split(',');
  const results = [];
  if (engines.includes('pglite')) results.push(...(await runEngine('pglite', path.join(root, 'tmp/bench-fleet/pglite'))));
  if (engines.includes('postgres')) {
    const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const url = new URL(base);
    if (!process.env.BENCH_DATABASE_URL) url.pathname = '/cascade_bench_fleet';
    const client = new pg.Client({ connectionString: url.toString().replace(/\/[^/]*$/, '/postgres') });
    const up = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (up) results.push(...(await runEngine('postgres', url.toString())));
    else process.stdout.write(`  postgres: no server at ${url.host}, skipped\n`);
  }
  return results;
}

await runAlone(import.meta.url, run);
