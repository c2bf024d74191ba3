// Browser test of the alarm system's health screen (fall/alarm-health) as a manager, with the mouse,
// in Chinese and in English: opened from the navigation, its figures drawn, a figure drilled into (the
// drawer's count is the figure), the demo's bad actor (the loudest source, its chattering float switch)
// drilled into, the shelved alarms, the alarms suppressed by each cause and the units out of service
// drilled into, the chart drawn with its reference lines,
// and the xlsx export downloaded. Screenshots of the screen and of a drill-down in both languages.
import assert from 'node:assert/strict';
import path from 'node:path';
import { WAIT, openScreen, signIn, topmostClick } from './helpers.mjs';

const digits = async (locator) => Number((await locator.innerText()).replace(/[^\d]/g, ''));
/** The drawer has slid in and its overlay faded in (no transition running): what a screenshot should show. */
const drawerSettled = (page) =>
  page.waitForFunction(() => {
    const parts = [document.querySelector('.mantine-Drawer-content'), document.querySelector('.mantine-Drawer-overlay')];
    return parts.every((el) => el && el.getAnimations().length === 0 && getComputedStyle(el).opacity === '1');
  }, null, WAIT);

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
    await drawerSettled(page);
    await page.screenshot({ path: path.join(screenshotsDir, `alarm-health-${lang}-drill.png`) });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', ...WAIT });

    // The loudest source is the demo's bad actor, its chattering float switch: far ahead of the next,
    // it drills down to as many alarms as the table says, and they are its own.
    const sources = page.locator('[data-table="sources"] [data-source]');
    const top = sources.first();
    const count = await digits(top.locator('td').nth(3));
    const next = await digits(sources.nth(1).locator('td').nth(3));
    assert.ok(count > 3 * next, `the bad actor (${count}) tops the most frequent list well ahead of the next (${next})`);
    // The one chattering source, its alarms all of the bad actor's.
    const chattering = page.locator('[data-figure="chattering"]');
    assert.equal(await digits(chattering.locator('[data-value]')), 1, 'one chattering source');
    assert.match(await chattering.innerText(), new RegExp(`\\b${count}\\b`), 'the chattering alarms are the bad actor\'s');
    const [board, ch] = (await top.getAttribute('data-source')).split(':');
    await topmostClick(page, top);
    await drawer.locator('[data-row]').first().waitFor(WAIT);
    await page.waitForFunction((n) => new RegExp(`\\b${n}\\b`).test(document.querySelector('.mantine-Drawer-title')?.textContent ?? ''), count, WAIT);
    const first = await drawer.locator('[data-row]').first().innerText();
    assert.match(first, new RegExp(`CH${ch}\\b`), `the bad actor's rows are of its channel (board ${board})`);
    await drawerSettled(page);
    await page.screenshot({ path: path.join(screenshotsDir, `alarm-health-${lang}-bad-actor.png`) });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', ...WAIT });

    // Shelving and suppression: the demo shelved alarms, held some by a board's absence, a window and a unit out of
    // service in these 30 days; each figure drills to as many rows as it says (the units figure to its units).
    const section = page.locator('[data-section="suppression"]');
    await section.locator('[data-figure="shelved"] [data-value]').waitFor(WAIT);
    await page.screenshot({ path: path.join(screenshotsDir, `alarm-health-${lang}-suppression.png`), fullPage: true });
    const figures = [['shelved', '[data-row]'], ['suppressed-board_offline', '[data-row]'], ['suppressed-maintenance', '[data-row]'], ['suppressed-out_of_service', '[data-row]'], ['outOfService', '[data-unit]']];
    for (const [figure, rowSelector] of figures) {
      const n = await digits(section.locator(`[data-figure="${figure}"] [data-value]`));
      assert.ok(n > 0, `the demo has something to show under ${figure}`);
      await topmostClick(page, section.locator(`[data-figure="${figure}"]`));
      await page.waitForFunction((k) => new RegExp(`\\b${k}\\b`).test(document.querySelector('.mantine-Drawer-title')?.textContent ?? ''), n, WAIT);
      const rows = page.locator(`.mantine-Drawer-content ${rowSelector}`);
      await rows.first().waitFor(WAIT);
      assert.equal(await rows.count(), Math.min(n, 20), `${figure}: the drawer lists its rows (a page of them)`);
      if (figure === 'shelved' || figure === 'suppressed-board_offline') await drawerSettled(page).then(() => page.screenshot({ path: path.join(screenshotsDir, `alarm-health-${lang}-${figure}.png`) }));
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
