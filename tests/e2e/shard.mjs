// One shard of npm run test:e2e (run.mjs forks it): starts its own server with demo data (its own
// port and data folder) and its own Chromium, runs the tests/e2e files named on its command line one
// after another, and reports to run.mjs over IPC: each test's block of lines, then what it counted.
// Run alone (`node tests/e2e/shard.mjs shell.e2e.mjs`) it prints to its own output instead.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, startServer, launchBrowser, SUITE_ENV } from './server.mjs';

const files = process.argv.slice(2);
const screenshotsDir = path.join(root, 'test-results/screenshots');
const say = (text) => (process.send ? process.send({ type: 'say', text }) : console.log(text));

// The demo data is a copy of what run.mjs seeded once (E2E_DATA_FROM, startServer's default); alone,
// the server seeds its own.
const server = await startServer({ env: SUITE_ENV });
const browser = await launchBrowser();
let passed = 0;
let failed = 0;

// Stopped from outside (run.mjs passing on a Ctrl-C or a kill): the server and the browser go too.
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await browser.close().catch(() => {});
  await server.stop();
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    say(`  stopped by ${signal}`);
    void stop().finally(() => process.exit(130));
  });
}

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
try {
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(root, 'tests/e2e', file)).href);
    const tests = mod.tests ?? { [file]: mod.run };
    for (const [name, fn] of Object.entries(tests)) {
      const started = Date.now();
      try {
        await fn({ baseUrl: server.baseUrl, screenshotsDir, browser: watched });
        await closeContexts(null);
        passed += 1;
        say(`  ✓ ${file} › ${name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed += 1;
        // The message with Playwright's call log, then the test's own line that failed.
        const lines = String(err?.stack ?? err).split('\n');
        const where = lines.filter((l) => l.includes('.e2e.mjs')).slice(0, 2);
        say(`  ✗ ${file} › ${name} (${Date.now() - started} ms)\n    ${[...lines.slice(0, 10), ...where].join('\n    ')}`);
        await closeContexts(file);
      }
    }
  }
} finally {
  await stop();
}
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
if (process.send) process.send({ type: 'counted', passed, failed }, () => process.disconnect());
else console.log(`e2e: ${passed} passed, ${failed} failed`);
