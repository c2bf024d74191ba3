// node scripts/screenshots.mjs: the README's pictures (docs/images/), taken from the real server with
// demo data in headless Chromium, as a newcomer would see them after `npm start`: the overview wall
// at 1920×1080 and the order list at 1440×900, in English and in Chinese. Builds the client first.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildClient, call, launchBrowser, root, startServer } from '../tests/e2e/server.mjs';

const out = path.join(root, 'docs/images');
mkdirSync(out, { recursive: true });
buildClient();
const server = await startServer({ env: { DEMO_FAULT_EVERY_MS: '0' } });
const browser = await launchBrowser();
try {
  const { token } = await call(server.baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
  for (const lang of ['en', 'cn']) {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addInitScript(([l, t]) => {
      localStorage.setItem('LANGUAGE', l);
      if (!sessionStorage.getItem('TOKEN')) sessionStorage.setItem('TOKEN', t);
    }, [lang, token]);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/#/page`);
    await page.waitForFunction(() => [...document.querySelectorAll('#root [data-panel]')].length > 0 && [...document.querySelectorAll('#root [data-panel]')].every((p) => p.getAttribute('data-ready') === 'true'), null, { timeout: 60_000 });
    await page.waitForTimeout(2_500);
    await page.screenshot({ path: path.join(out, `wall-${lang}.jpg`), type: 'jpeg', quality: 85 });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}/#/main/fall/order`);
    await page.getByRole('table').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 3, null, { timeout: 60_000 });
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: path.join(out, `backoffice-${lang}.jpg`), type: 'jpeg', quality: 85 });
    await context.close();
  }
  console.log(`screenshots in ${path.relative(root, out)}`);
} finally {
  await browser.close();
  await server.stop();
}
