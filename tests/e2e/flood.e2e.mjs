// Browser test of the wall's alarm strip in a flood (docs/alarms.md "Flood on the wall"): two
// boards of two new projects trip all nine channels through the device path (signed HTTP reports),
// 18 alarms within the minute, and the overview wall's strip says "alarm flood" and shows one row per
// project and unit (or board) with its count instead of scrolling the alarms; the groups' counts add
// up to the strip's. Screenshots at 1920×1080 and 1366×768, in Chinese and English. The projects are
// then archived (their alarms leave the walls and the rate): the strip returns to its normal rows.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';
import { alarmBoard } from './alarm-board.mjs';

const READY_MS = 60_000;
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9];

async function overview(browser, baseUrl, token, lang, viewport) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(([l, t]) => {
    localStorage.setItem('LANGUAGE', l);
    sessionStorage.setItem('TOKEN', t);
  }, [lang, token]);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#/page`, { timeout: READY_MS, waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.querySelector('[data-testid="alarm-watch"]')?.getAttribute('data-state') === 'ready', undefined, { timeout: 2 * READY_MS });
  return { context, page };
}

export async function run({ baseUrl, screenshotsDir, browser }) {
  const { token } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
  const a = await alarmBoard(baseUrl, token, { cn: '泛滥喷泉甲', en: 'Flood Fountain A' });
  const b = await alarmBoard(baseUrl, token, { cn: '泛滥喷泉乙', en: 'Flood Fountain B' });
  await a.fault(...ALL);
  await b.fault(...ALL);
  try {
    for (const [lang, viewport] of [['en', { width: 1920, height: 1080 }], ['cn', { width: 1920, height: 1080 }], ['en', { width: 1366, height: 768 }], ['cn', { width: 1366, height: 768 }]]) {
      const { context, page } = await overview(browser, baseUrl, token, lang, viewport);
      try {
        const strip = page.getByTestId('alarm-strip');
        await page.locator('[data-testid="alarm-strip"][data-flood="true"]').waitFor({ timeout: READY_MS });
        await page.getByTestId('alarm-flood').waitFor({ timeout: READY_MS });
        assert.equal(await page.getByTestId('alarm-flood').innerText(), lang === 'en' ? 'Alarm flood' : '告警泛滥');
        const groups = page.locator('[data-alarm-group]');
        await groups.first().waitFor({ timeout: READY_MS });
        // The alarm rows are not shown while the groups are.
        assert.equal(await page.locator('[data-alarm-id]').first().isVisible(), false, 'alarm rows hidden in a flood');
        // Each project has a group for its wired unit (channel 1) and one for its board (channels 2–9).
        const counts = await groups.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-count'))));
        const total = Number(await strip.getAttribute('data-count'));
        assert.ok(counts.filter((n) => n === 8).length >= 2 && counts.filter((n) => n === 1).length >= 2, `groups ${counts.join(',')}`);
        assert.equal(counts.reduce((n, c) => n + c, 0), total, 'the groups hold every alarm of the strip');
        // The strip keeps its place inside the window.
        const box = await strip.boundingBox();
        assert.ok(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 1 && box.y + box.height <= viewport.height + 1, `strip inside the window: ${JSON.stringify(box)}`);
        await page.screenshot({ path: path.join(screenshotsDir, `flood-overview-${lang}-${viewport.width}.png`) });
      } finally {
        await context.close();
      }
    }
  } finally {
    // Archived projects leave the walls and the alarm rate: the flood ends, the strip shows rows again.
    await call(baseUrl, 'POST', '/ball/fallproject/delete', { token, body: [a.projectId, b.projectId] });
  }
  const { context, page } = await overview(browser, baseUrl, token, 'en', { width: 1920, height: 1080 });
  try {
    await page.locator('[data-testid="alarm-strip"][data-flood="false"]').waitFor({ timeout: READY_MS });
    assert.equal(await page.getByTestId('alarm-flood').count(), 0);
  } finally {
    await context.close();
  }
}
