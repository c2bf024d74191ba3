// Browser test of the alarm system's health screen (fall/alarm-health) as a manager, with the mouse,
// in Chinese and in English: opened from the navigation, its figures drawn, a figure drilled into (the
// drawer's count is the figure), a top source drilled into, the shelved alarms and the units out of
// service drilled into, the chart drawn with its reference lines,
// and the xlsx export downloaded. Screenshots of the screen and of a drill-down in both languages.
import assert from 'node:assert/strict';
import path from 'node:path';
import { WAIT, openScreen, signIn, topmostClick } from './helpers.mjs';

const digits = async (locator) => Number((await locator.innerText()).replace(/[^\d]/g, ''));

async function health(browser, baseUrl, screenshotsDir, lang) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl, 'manager', 'manager123', lang);
    const en = lang === 'en';
    await openScreen(page, en ? 'Operations' : '水景运维', en ? 'Alarm system health' : '告警系统健康', /#\/main\/fall\/alarm-health/, en ? 'Main navigation' : '主导航');
    const total = page.locator('[data-figure="total"] [data-value]');
    await total.waitFor(WAIT);
    // The last 30 days of the demo's journal.
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    await page.locator('[data-field="from"]').fill(from);
    // The figures of the 30 days are in: the range's 10-minute periods say so (29 whole days and today's part).
    await page.waitForFunction((n) => Number(document.querySelector('[data-buckets]')?.getAttribute('data-buckets')) >= n, 29 * 144, WAIT);
    const alarms = await digits(total);
    assert.ok(alarms > 0, 'the demo raised alarms in the last 30 days');
    await page.locator('[data-chart="rate"] canvas').waitFor(WAIT);
    await page.screenshot({ path: path.join(screenshotsDir, `alarm-health-${lang}.png`), fullPage: true });

    // The total drills down to exactly its alarms.
    await topmostClick(page, page.locator('[data-figure="total"]'));
    const drawer = page.locator('.mantine-Drawer-content');
    await drawer.locator('[data-row]').first().waitFor(WAIT);
    const title = drawer.locator('.mantine-Drawer-title');
    await page.waitForFunction((n) => new RegExp(`\\b${n}\\b`).test(document.querySelector('.mantine-Drawer-title')?.textContent ?? ''), alarms, WAIT);
    assert.match(await title.innerText(), new RegExp(`\\b${alarms}\\b`));
    await page.screenshot({ path: path.join(screenshotsDir, `alarm-health-${lang}-drill.png`) });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', ...WAIT });

    // The loudest source drills down to its alarms: as many as the table says.
    const top = page.locator('[data-table="sources"] [data-source]').first();
    const count = await digits(top.locator('td').nth(3));
    await topmostClick(page, top);
    await drawer.locator('[data-row]').first().waitFor(WAIT);
    await page.waitForFunction((n) => new RegExp(`\\b${n}\\b`).test(document.querySelector('.mantine-Drawer-title')?.textContent ?? ''), count, WAIT);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', ...WAIT });

    // Shelving and suppression: the shelved alarms and the units out of service in the range drill to as many as the figure says.
    const section = page.locator('[data-section="suppression"]');
    await section.locator('[data-figure="shelved"] [data-value]').waitFor(WAIT);
    await page.screenshot({ path: path.join(screenshotsDir, `alarm-health-${lang}-suppression.png`), fullPage: true });
    for (const [figure, rowSelector] of [['shelved', '[data-row]'], ['outOfService', '[data-unit]']]) {
      const n = await digits(section.locator(`[data-figure="${figure}"] [data-value]`));
      await topmostClick(page, section.locator(`[data-figure="${figure}"]`));
      await page.waitForFunction((k) => new RegExp(`\\b${k}\\b`).test(document.querySelector('.mantine-Drawer-title')?.textContent ?? ''), n, WAIT);
      if (n) await page.locator(`.mantine-Drawer-content ${rowSelector}`).first().waitFor(WAIT);
      await page.keyboard.press('Escape');
      await page.locator('.mantine-Drawer-content').waitFor({ state: 'hidden', ...WAIT });
    }

    if (en) {
      const [download] = await Promise.all([page.waitForEvent('download', WAIT), topmostClick(page, page.locator('[data-action="export"]'))]);
      assert.match(download.suggestedFilename(), /\.xlsx$/);
    }
  } finally {
    await context.close();
  }
}

export const tests = {
  async 'alarm system health in Chinese: figures, a drill-down whose count is the figure, a source'({ baseUrl, browser, screenshotsDir }) {
    await health(browser, baseUrl, screenshotsDir, 'cn');
  },
  async 'alarm system health in English: the same, and the xlsx export'({ baseUrl, browser, screenshotsDir }) {
    await health(browser, baseUrl, screenshotsDir, 'en');
  },
};
