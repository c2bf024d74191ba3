// npm run test:e2e: builds the client once, then runs every tests/e2e/*.e2e.mjs module (each exports
// `run({ baseUrl, screenshotsDir, browser })` or `tests`) in 2 shards side by side. Each shard
// (shard.mjs) has its own server with demo data (its own port and data folder) and its own Chromium,
// and runs its files one after another, so a test is still alone on its server. Files go to the
// shards by their measured time (WEIGHTS), a file not listed there to the lighter one.
// `npm run test:e2e -- name…` runs the files whose names contain one of the words; E2E_SHARDS=1 runs
// everything in one shard as before; E2E_PORTS=low-high keeps the servers to those ports, split
// between the shards. Screenshots land in test-results/screenshots/.
import { fork } from 'node:child_process';
import { readdirSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serverCommand } from '../../scripts/server.mjs';
import { root, buildClient, chromiumPath, seedDataDir, SUITE_ENV } from './server.mjs';

/**
 * Milliseconds each file took in CI (the sum of its tests, on 2 busy cores, one shard); only their
 * proportions matter. A file that grows a lot can be measured again from the runner's lines.
 */
const WEIGHTS = {
  // Measured in CI on 2026-12-02 (shard 2 of that run); the others there measured earlier, times 1.8.
  'dialogs.e2e.mjs': 376_000,
  'wall.e2e.mjs': 248_000,
  'language.e2e.mjs': 167_000,
  'wall-quiet.e2e.mjs': 113_000,
  'livedemo.e2e.mjs': 108_000,
  'escalation.e2e.mjs': 99_000,
  'layout.e2e.mjs': 95_000,
  'flood.e2e.mjs': 86_000,
  'trends.e2e.mjs': 83_000,
  'unattended.e2e.mjs': 79_000,
  'alarms.e2e.mjs': 66_000,
  'admin.e2e.mjs': 63_000,
  'roles.e2e.mjs': 60_000,
  'operations.e2e.mjs': 59_000,
  'scope.e2e.mjs': 56_000,
  'visitors.e2e.mjs': 52_000,
  'restart.e2e.mjs': 45_000,
  'alarm-health.e2e.mjs': 43_000,
  'statistics.e2e.mjs': 33_000,
  // Measured alone on 2026-12-04 (72 s on a quiet machine), times 1.8.
  'reliability.e2e.mjs': 130_000,
  'usage.e2e.mjs': 29_000,
  'shell.e2e.mjs': 25_000,
  'dashboard.e2e.mjs': 24_000,
  'risks.e2e.mjs': 21_000,
  'shelve.e2e.mjs': 19_000,
  'upload.e2e.mjs': 12_000,
  'calendar.e2e.mjs': 15_000,
  // Measured alone on 2026-12-04 with the technician's walk in both languages (25 s), times 1.8.
  'technician-checklist.e2e.mjs': 45_000,
  // Measured alone on 2026-12-04 (11 s), times 1.8.
  'confirmation.e2e.mjs': 20_000,
};

const only = process.argv.slice(2);
chromiumPath();
mkdirSync(path.join(root, 'test-results/screenshots'), { recursive: true });

const files = readdirSync(path.join(root, 'tests/e2e'))
  .filter((f) => f.endsWith('.e2e.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
if (files.length === 0) {
  console.log(`e2e: no file in tests/e2e matches ${only.join(', ')}`);
  process.exit(1);
}

const wanted = Number(process.env.E2E_SHARDS || 2);
if (!(Number.isInteger(wanted) && wanted >= 1)) throw new Error(`E2E_SHARDS must be a whole number from 1, not "${process.env.E2E_SHARDS}"`);
const shards = assign(files, Math.min(wanted, files.length));

/**
 * The files in `count` shards of about equal time: the known ones longest first, each to the shard
 * with the least so far, then the unknown ones the same way; each shard runs its own in name order
 * (the order the suite has always run in).
 */
function assign(names, count) {
  const out = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
  const known = names.filter((f) => f in WEIGHTS).sort((a, b) => WEIGHTS[b] - WEIGHTS[a]);
  const unknown = names.filter((f) => !(f in WEIGHTS));
  for (const file of [...known, ...unknown]) {
    const lightest = out.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(file);
    lightest.weight += WEIGHTS[file] ?? 0;
  }
  for (const shard of out) shard.files.sort();
  return out;
}

/** Each shard's part of E2E_PORTS, or nothing (any free port). */
function portsOf(index, count) {
  const range = process.env.E2E_PORTS;
  if (!range) return undefined;
  const [low, high] = range.split('-').map(Number);
  const size = Math.floor((high - low + 1) / count);
  if (!(low > 0 && size >= 4)) throw new Error(`E2E_PORTS=${range} is too few ports for ${count} shards (4 each at least)`);
  return `${low + index * size}-${low + (index + 1) * size - 1}`;
}

// The compiled server first, when its sources are newer (two shards building it at once would each
// swap in their own copy under the other's starting server); then the demo data is seeded once, while
// the client builds, and each shard's server starts on a copy of it.
await serverCommand();
const seeded = path.join(root, 'tmp', `e2e-seeded-${process.pid}`);
const seeding = await seedDataDir(seeded, SUITE_ENV);
console.log('Building the client…');
buildClient();
await seeding.finished;

const started = Date.now();
// A Ctrl-C or a kill goes on to the shards, which stop their servers and browsers; the count then says failed.
const children = [];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill('SIGTERM')));
const prefixed = (tag, text) => text.replace(/^/gm, tag);
const results = await Promise.all(
  shards.map(
    (shard, index) =>
      new Promise((resolve) => {
        const tag = shards.length > 1 ? `[${index + 1}] ` : '';
        console.log(prefixed(tag, `shard ${index + 1}/${shards.length}: ${shard.files.map((f) => f.replace('.e2e.mjs', '')).join(', ')}`));
        const ports = portsOf(index, shards.length);
        const child = fork(path.join(root, 'tests/e2e/shard.mjs'), shard.files, {
          cwd: root,
          env: { ...process.env, E2E_DATA_FROM: seeded, ...(ports ? { E2E_PORTS: ports } : {}) },
          stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        });
        // Whatever else a shard prints (a test's own log, a warning) shows line by line under its tag.
        for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(tag + line));
        // Each test counts as its line arrives: a shard stopped halfway keeps what it had run.
        const counted = { passed: 0, failed: 0 };
        let done = false;
        child.on('message', (m) => {
          if (m.type === 'say') console.log(prefixed(tag, m.text));
          if (m.passed === true) counted.passed += 1;
          if (m.passed === false) counted.failed += 1;
          if (m.type === 'done') done = m.complete;
        });
        child.on('exit', (code, signal) => {
          const ms = Date.now() - started;
          if (!done) {
            // It stopped before it had run all its files (the server did not start, a crash, a kill): a failure.
            console.log(prefixed(tag, `  ✗ shard ${index + 1} ended (${signal ?? `exit code ${code}`}) before its files had run`));
            counted.failed += 1;
          }
          console.log(prefixed(tag, `shard ${index + 1}: ${counted.passed} passed, ${counted.failed} failed in ${Math.round(ms / 1000)} s`));
          resolve({ ...counted, ms });
        });
        children.push(child);
      }),
  ),
);
rmSync(seeded, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`e2e: ${passed} passed, ${failed} failed`);
if (failed > 0 || passed === 0) process.exit(1);
