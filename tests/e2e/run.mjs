// npm run test:e2e: builds the client, starts the real server with demo data, and runs every
// tests/e2e/*.e2e.mjs module (each exports `run({ baseUrl, screenshotsDir, browser })`).
// Screenshots land in test-results/screenshots/.
import { readdirSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, buildClient, startServer, launchBrowser, chromiumPath } from './server.mjs';

const only = process.argv.slice(2);
chromiumPath();
const screenshotsDir = path.join(root, 'test-results/screenshots');
mkdirSync(screenshotsDir, { recursive: true });

const files = readdirSync(path.join(root, 'tests/e2e'))
  .filter((f) => f.endsWith('.e2e.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

console.log('Building the client…');
buildClient();
// The demo boards keep reporting (values move), but no scripted fault: the wall tests compare the
// wall with the API's counts, which a fault landing in between would change. livedemo.e2e.mjs starts
// its own server with fast faults.
const server = await startServer({ env: { DEMO_FAULT_EVERY_MS: '0' } });
const browser = await launchBrowser();
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
        console.log(`  ✓ ${file} › ${name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed += 1;
        // The message with Playwright's call log, then the test's own line that failed.
        const lines = String(err?.stack ?? err).split('\n');
        const where = lines.filter((l) => l.includes('.e2e.mjs')).slice(0, 2);
        console.log(`  ✗ ${file} › ${name}\n    ${[...lines.slice(0, 10), ...where].join('\n    ')}`);
        await closeContexts(file);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
if (failed > 0 || passed === 0) process.exit(1);
