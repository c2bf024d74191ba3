// npm test: the type check, the lint and the vitest suite side by side rather than one after another.
// vitest's two workers leave a core idle for much of the run (a test waiting on a broker it restarted,
// a simulator's clock, a child process), and tsc and eslint are single-threaded work that fits there.
// vitest prints as it goes; the type check's and the lint's output is printed once vitest is done, each
// under its own heading, so nothing interleaves. Fails when any of the three fails. Arguments go to
// vitest (`npm test -- --reporter=json …`, `npm test -- src/server/app.test.ts`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const bin = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

function run(name, args, { quiet }) {
  const started = Date.now();
  const out = [];
  const child = spawn(process.execPath, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
  if (quiet) {
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), signal, output: Buffer.concat(out).toString(), seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

const checks = [
  run('typecheck (tsc)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], { quiet: true }),
  run('lint (eslint)', [bin('eslint', 'bin/eslint.js'), '--max-warnings', '0', '.'], { quiet: true }),
];
const tests = await run('vitest', [bin('vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], { quiet: false });
const results = [...(await Promise.all(checks)), tests];
console.log('');
for (const r of results.slice(0, 2)) {
  console.log(`== ${r.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})`} in ${r.seconds} s`);
  if (r.output.trim()) console.log(r.output.trimEnd());
}
console.log(`== vitest: ${tests.code === 0 ? 'passed' : `FAILED (exit ${tests.code})`} in ${tests.seconds} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
