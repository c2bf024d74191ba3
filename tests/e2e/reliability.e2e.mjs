// Browser test of reliability in show hours (the statistics screen's card, docs/maintenance.md
// "Availability in show hours, MTTR, MTBF") as a manager, with the mouse, in Chinese and in English:
// the statistics opened from the navigation for this year, the card read per project (each
// project's show hours from its calendar or a badge saying all hours), then per unit; a unit with
// downtime drilled into: its episodes open under its row, and what they add up to is the row's
// downtime and its episode count. Screenshots of the card and of the drill-down in both languages.
import assert from 'node:assert/strict';
import path from 'node:path';
import { WAIT, openScreen, signIn, topmostClick } from './helpers.mjs';

const number = (text) => Number(text.replace(/[^\d.]/g, ''));

async function reliability(browser, baseUrl, screenshotsDir, lang) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl, 'manager', 'manager123', lang);
    const en = lang === 'en';
    await openScreen(page, en ? 'Operations' : '水景运维', en ? 'Statistics' : '统计分析', /#\/main\/fall\/stats/, en ? 'Main navigation' : '主导航');
    const card = page.locator('[data-figures="reliability"]');
    await card.waitFor(WAIT);
    // This year: the demo's history has faults and repairs in it.
    await topmostClick(page, page.getByText(en ? 'This year' : '今年', { exact: true }));
    // The card keeps the previous range's rows while this year's load: wait for this year's.
    await page.locator('[data-figures="reliability"][data-from$="-01-01"][aria-busy="false"]').waitFor(WAIT);
    await card.locator('tr[data-unit]').first().waitFor(WAIT);

    // Per project: every project has a row, its availability a percentage, its basis named.
    const by = (cn, english) => topmostClick(page, card.locator('.mantine-SegmentedControl-root').getByText(en ? english : cn, { exact: true }));
    await by('按项目', 'Projects');
    const projectRows = card.locator('tbody > tr');
    await page.waitForFunction(() => !document.querySelector('[data-figures="reliability"] tr[data-unit]'), null, WAIT);
    assert.ok((await projectRows.count()) > 0, 'projects listed');
    const availability = await card.locator('[data-availability]').allInnerTexts();
    assert.ok(availability.some((a) => /%$/.test(a)), `an availability in per cent: ${availability.join(' ')}`);
    for (const a of availability) if (a !== '—') assert.ok(number(a) >= 0 && number(a) <= 100, a);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotsDir, `reliability-${lang}-projects.png`) });

    // Per unit; the unit with the most episodes drilled into.
    await by('按设备', 'Units');
    await card.locator('tr[data-unit]').first().waitFor(WAIT);
    const rows = await card.locator('tr[data-unit]').evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll(':scope > td')].map((td) => td.textContent.trim());
        return { id: tr.getAttribute('data-unit'), downtime: cells[4], episodes: Number(cells[6]) };
      }),
    );
    const worst = rows.filter((r) => r.episodes > 0).sort((a, b) => b.episodes - a.episodes)[0];
    assert.ok(worst, `a unit with downtime in the range (${rows.length} units)`);
    const row = card.locator(`tr[data-unit="${worst.id}"]`);
    await topmostClick(page, row.locator('button').first());
    const episodes = card.locator(`tr[data-episodes="${worst.id}"] tbody > tr`);
    await episodes.first().waitFor(WAIT);
    assert.equal(await row.locator('button').first().getAttribute('aria-expanded'), 'true');
    assert.equal(await episodes.count(), worst.episodes, 'one line per episode the row counts');
    // Each episode's downtime is shown to 0.1 h: they add up to the row's within the rounding.
    const sum = (await episodes.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2].textContent.trim()))).reduce((s, h) => s + number(h), 0);
    assert.ok(Math.abs(sum - number(worst.downtime)) <= 0.05 * worst.episodes + 1e-9, `episodes ${sum.toFixed(2)} h, row ${worst.downtime} h`);
    // Each episode names its faults (warnings on the unit's channels).
    const faults = await episodes.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[4].textContent.trim()));
    for (const f of faults) assert.match(f, /#\d+/);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotsDir, `reliability-${lang}-episodes.png`) });
    // A second click closes it.
    await topmostClick(page, row.locator('button').first());
    await card.locator(`tr[data-episodes="${worst.id}"]`).waitFor({ state: 'detached', ...WAIT });
  } finally {
    await context.close();
  }
}

export const tests = {
  async 'reliability in Chinese: per project, per unit, a unit drilled into its episodes'({ baseUrl, browser, screenshotsDir }) {
    await reliability(browser, baseUrl, screenshotsDir, 'cn');
  },
  async 'reliability in English: per project, per unit, a unit drilled into its episodes'({ baseUrl, browser, screenshotsDir }) {
    await reliability(browser, baseUrl, screenshotsDir, 'en');
  },
};
