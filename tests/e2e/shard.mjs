// One shard of npm run test:e2e (run.mjs forks it): starts its own server with demo data (its own
// port and data folder) and its own Chromium, runs the tests/e2e files named on its command line one
// after another, and reports to run.mjs over IPC: each test's block of lines, then what it counted.
// Run alone (`node tests/e2e/shard.mjs shell.e2e.mjs`) it prints to its own output instead.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, startServer, launchBrowser, SUITE_ENV } from './server.mjs';

const files = process.argv.slice(2);
const screenshotsDir = path.join(root, 'test-results/screenshots');
/** A block of lines for run.mjs to print under the shard's tag; `passed` marks a test's own line. */
const say = (text, passed) => (process.connected ? process.send({ type: 'say', text, passed }) : console.log(text));

// Stopped from outside (run.mjs passing on a Ctrl-C or a kill): the browser closes, so the test under
// way fails at once and its own cleanup stops any server it started; no further test runs, and the
// shard's server goes too. A test that does not let go within 30 s is left behind. (Handlers first:
// a stop while the server starts stops it once it is up.)
let stopped = null;
let server;
let browser;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopped) return;
    stopped = signal;
    say(`  stopped by ${signal}`);
    void browser?.close().catch(() => {});
    setTimeout(() => void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130)), 30_000).unref();
  });
}
async function stop() {
  await browser?.close().catch(() => {});
  await server?.stop();
}

// The demo data is a copy of what run.mjs seeded once (E2E_DATA_FROM, startServer's default); alone,
// the server seeds its own.
server = await startServer({ env: SUITE_ENV });
// Playwright's own Ctrl-C handling would end the process before the tests' servers are stopped.
browser = await launchBrowser({ handleSIGINT: false, handleSIGTERM: false });
if (stopped) {
  await stop();
  process.exit(130);
}
let passed = 0;
let failed = 0;

/**
 * The browser as tests see it: a context a test closes stays open until the runner has looked at it,
 * so a failed test leaves a screenshot of every page it had open (failure-<file>-<n>.png) next to
 * the others, showing what the user saw when the step timed out.
 */
const closing = [];
const watched = new Proxy(browser, {
  get(target, prop) {
    if (prop !== 'newContext') return Reflect.get(target, prop, target);
    return async (...args) => {
      const context = await target.newContext(...args);
      const close = context.close.bind(context);
      context.close = async () => void closing.push({ context, close });
      closing.push({ context, close, open: true });
      return context;
    };
  },
});
async function closeContexts(failedFile) {
  const seen = new Set();
  let n = 0;
  for (const { context, close } of closing.splice(0)) {
    if (seen.has(context)) continue;
    seen.add(context);
    if (failedFile) {
      for (const page of context.pages()) {
        n += 1;
        await page.screenshot({ path: path.join(screenshotsDir, `failure-${failedFile.replace('.e2e.mjs', '')}-${n}.png`) }).catch(() => {});
      }
    }
    await close().catch(() => {});
  }
}
/** The longest one test may take: the slowest (dialogs) takes about 6 minutes in CI. */
const TEST_MS = Number(process.env.E2E_TEST_MS) || 15 * 60_000;
let complete = false;
try {
  for (const file of files) {
    if (stopped) break;
    const mod = await import(pathToFileURL(path.join(root, 'tests/e2e', file)).href);
    const tests = mod.tests ?? { [file]: mod.run };
    for (const [name, fn] of Object.entries(tests)) {
      if (stopped) break;
      const started = Date.now();
      try {
        // A test that hangs fails here, named, instead of holding the whole run until CI gives up on it;
        // closing its browser contexts below ends what it was still waiting for.
        let timer;
        const budget = new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${file} › ${name} took longer than its ${TEST_MS / 60_000} minutes (E2E_TEST_MS)`)), TEST_MS);
        });
        try {
          await Promise.race([fn({ baseUrl: server.baseUrl, screenshotsDir, browser: watched }), budget]);
        } finally {
          clearTimeout(timer);
        }
        await closeContexts(null);
        passed += 1;
        say(`  ✓ ${file} › ${name} (${Date.now() - started} ms)`, true);
      } catch (err) {
        failed += 1;
        // The message with Playwright's call log, then the test's own line that failed.
        const lines = String(err?.stack ?? err).split('\n');
        const where = lines.filter((l) => l.includes('.e2e.mjs')).slice(0, 2);
        say(`  ✗ ${file} › ${name} (${Date.now() - started} ms)\n    ${[...lines.slice(0, 10), ...where].join('\n    ')}`, false);
        await closeContexts(file);
      }
    }
  }
  complete = !stopped;
} finally {
  await stop();
}
process.exitCode = !complete ? 130 : failed > 0 || passed === 0 ? 1 : 0;
if (process.connected) process.send({ type: 'done', complete }, () => process.disconnect());
else console.log(`e2e: ${passed} passed, ${failed} failed`);
