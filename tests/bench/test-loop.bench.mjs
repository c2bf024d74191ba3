// The newcomer's test loop: `npm test` (typecheck, lint, the unit and integration suite on the
// embedded database) as a newcomer runs it, timed from outside by /usr/bin/time: wall time, and the
// CPU seconds (user + system) of the command and everything it started. Budgets from issue 36:
// under 5 minutes on a quiet 2-core machine, at most 8 CPU-minutes. The load average before and
// after is in the section's header line: a wall time read at load 12 is not a quiet machine's.
// TEST_LOOP_COMMAND runs another command instead (a quick check of this bench itself).
// Run alone: node tests/bench/test-loop.bench.mjs
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAlone } from './budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WALL_BUDGET_S = 300;
const CPU_BUDGET_S = 480;
const command = process.env.TEST_LOOP_COMMAND ?? 'npm test';

/** Runs `command` under /usr/bin/time; its wall, user and system seconds, and whether it passed. */
function timed() {
  const dir = path.join(root, 'tmp/bench-test-loop');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, 'time.txt');
  rmSync(out, { force: true });
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%e %U %S', '-o', out, 'sh', '-c', command], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => {
      const [wall, user, sys] = readFileSync(out, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
      resolve({ code, wall, user, sys });
    });
  });
}

export async function run() {
  const loadBefore = os.loadavg()[0];
  const { code, wall, user, sys } = await timed();
  if (code !== 0) throw new Error(`${command} failed (exit ${code}): its times say nothing`);
  const note = `\`${command}\` from outside (/usr/bin/time); 1-min load ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
  return [
    { name: `${command}: wall time`, value: Math.round(wall), unit: 's', budget: WALL_BUDGET_S, note },
    { name: `${command}: CPU (user + system)`, value: Math.round(user + sys), unit: 's', budget: CPU_BUDGET_S, note: `${Math.round(user)} s user + ${Math.round(sys)} s system` },
  ];
}

await runAlone(import.meta.url, run);
