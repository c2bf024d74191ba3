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
const server = await startServer();
const browser = await launchBrowser();
let passed = 0;
let failed = 0;
try {
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(root, 'tests/e2e', file)).href);
    const tests = mod.tests ?? { [file]: mod.run };
    for (const [name, fn] of Object.entries(tests)) {
      const started = Date.now();
      try {
        await fn({ baseUrl: server.baseUrl, screenshotsDir, browser });
        passed += 1;
        console.log(`  ✓ ${file} › ${name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed += 1;
        console.log(`  ✗ ${file} › ${name}\n    ${String(err?.stack ?? err).split('\n').slice(0, 6).join('\n    ')}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
if (failed > 0 || passed === 0) process.exit(1);
