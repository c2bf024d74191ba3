// Browser test of the manager's statistics screen (fall/stats) and its printable monthly report, in
// Chinese and in English: the screen at 1280, 1440 and 1920 wide (every chart inside its card), a
// KPI drilled down to the order list whose total is the KPI's figure, and the report printed to PDF
// by Chromium (page.pdf): A4 pages, counted, and no chart blank (each an SVG with drawn series).
// Screenshots of the screen and the report at 1440 in both languages.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WAIT = { timeout: 60_000 };
/** The colours the report's series are drawn in (report-options.ts): a chart without any drew no data. */
const SERIES_COLOURS = ['#3c9dff', '#2fd67b', '#ffb52e', '#ff4d5e', '#3cd3ff', '#868e96'];

async function signIn(page, baseUrl, lang) {
  await page.addInitScript((l) => localStorage.setItem('LANGUAGE', l), lang);
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel(/用户名|Username/).fill('manager');
  await page.getByLabel(/^(密码|Password)/).fill('manager123');
  await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
  await page.waitForURL(/#\/main/, WAIT);
}

/** Every chart of the screen has drawn a canvas that fits its card. */
async function chartsFit(page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-screen="statistics"] [data-panel] canvas').length >= 6, null, WAIT);
  const boxes = await page.$$eval('[data-screen="statistics"] [data-panel]', (cards) =>
    cards.map((card) => {
      const c = card.getBoundingClientRect();
      const canvas = card.querySelector('canvas').getBoundingClientRect();
      return { name: card.getAttribute('data-panel'), card: c.width, canvas: canvas.width, right: canvas.right - c.right };
    }),
  );
  for (const b of boxes) {
    assert.ok(b.canvas > 200, `${b.name}: chart ${b.canvas}px wide`);
    assert.ok(b.right <= 1, `${b.name}: chart overflows its card by ${b.right}px`);
  }
  // Nothing on the screen is wider than the window (no horizontal scroll of the page).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page scrolls sideways by ${overflow}px`);
}

async function screen(browser, baseUrl, screenshotsDir, lang) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl, lang);
    await page.goto(`${baseUrl}/#/main/fall/stats`);
    await page.locator('[data-kpi="completed"]').waitFor(WAIT);
    await chartsFit(page);
    await page.waitForTimeout(1200); // the bars' entry animation
    await page.screenshot({ path: path.join(screenshotsDir, `statistics-${lang}.png`), fullPage: true });
    // The screen scrolls inside the layout: the lower charts in a second picture.
    await page.locator('[data-panel="equipment"]').scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(screenshotsDir, `statistics-${lang}-charts.png`) });
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.waitForTimeout(400);
      await chartsFit(page);
    }
    await page.setViewportSize({ width: 1440, height: 1000 });

    // A KPI drills down to the list of exactly its rows: the list's total is the KPI's figure.
    const figure = Number((await page.locator('[data-kpi="completed"] p').nth(1).innerText()).replace(/[^\d]/g, ''));
    assert.ok(figure > 0, 'the demo completed orders in the last 30 days');
    await page.locator('[data-kpi="completed"]').click();
    await page.waitForURL(/#\/main\/fall\/order\?.*statMetric=completed/, WAIT);
    await page.locator('[data-drill-filter]').waitFor(WAIT);
    // With or without a thousands separator.
    const digits = String(figure).split('').join('[,\\s]?');
    const total = lang === 'en' ? new RegExp(`Total ${digits}\\b`) : new RegExp(`共 ${digits} 条`);
    await page.getByText(total).first().waitFor(WAIT);
    if (lang === 'en') {
      // A count of the orders by source drills down the same way: the list's total is its figure.
      await page.goto(`${baseUrl}/#/main/fall/stats`);
      const cell = page.locator('[data-figure="manual-submitted"]');
      await cell.waitFor(WAIT);
      const manual = Number((await cell.innerText()).replace(/[^\d]/g, ''));
      await cell.click();
      await page.waitForURL(/#\/main\/fall\/order\?.*source=manual/, WAIT);
      await page.locator('[data-drill-filter]').waitFor(WAIT);
      await page.getByText(new RegExp(`Total ${String(manual).split('').join('[,\\s]?')}\\b`)).first().waitFor(WAIT);
    }
  } finally {
    await context.close();
  }
}

async function report(browser, baseUrl, screenshotsDir, lang) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl, lang);
    const today = new Date();
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    await page.goto(`${baseUrl}/#/print/stats?month=${month}`);
    await page.locator('[data-report][data-ready="true"]').waitFor(WAIT);
    const charts = await page.$$eval('[data-report-chart]', (els) =>
      els.map((el) => {
        const svg = el.querySelector('svg');
        const box = svg?.getBoundingClientRect();
        return { name: el.getAttribute('data-report-chart'), svg: !!svg, width: box?.width ?? 0, height: box?.height ?? 0, paths: svg?.querySelectorAll('path').length ?? 0, html: svg?.outerHTML.toLowerCase() ?? '' };
      }),
    );
    assert.equal(charts.length, 6);
    for (const c of charts) {
      assert.ok(c.svg, `${c.name}: drawn as SVG`);
      assert.ok(c.width > 500 && c.height > 150, `${c.name}: ${c.width}×${c.height}`);
      assert.ok(c.paths > 5, `${c.name}: ${c.paths} paths`);
      assert.ok(SERIES_COLOURS.some((colour) => c.html.includes(colour)), `${c.name}: no series drawn (blank chart)`);
    }
    const summaries = await page.locator('[data-summary]').allInnerTexts();
    // One summary a section: repair, warnings, equipment, reliability, parts cost.
    assert.equal(summaries.length, 5);
    for (const s of summaries) assert.ok(s.length > 20);
    assert.equal(/[\u4e00-\u9fff]/.test(summaries.join(' ')), lang === 'cn', 'the summaries are in the chosen language');
    await page.screenshot({ path: path.join(screenshotsDir, `statistics-report-${lang}.png`), fullPage: true });

    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
    const outDir = path.join(screenshotsDir, '..');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, `statistics-report-${lang}.pdf`), pdf);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
    // Five sections (six charts, then reliability and parts cost, whose tables over every project run
    // longest in English): two to eight A4 pages, never one crammed page.
    assert.ok(pages >= 2 && pages <= 8, `${pages} pages`);
    // Every page A4 portrait: 595 × 842 points (Skia writes 594.96 × 841.92).
    const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    assert.equal(boxes.length, pages);
    for (const [w, h] of boxes) assert.ok(Math.abs(w - 595) < 1 && Math.abs(h - 842) < 1, `page ${w}×${h}`);
  } finally {
    await context.close();
  }
}

export const tests = {
  async 'statistics screen in Chinese: responsive, a KPI drills down to its rows'({ baseUrl, browser, screenshotsDir }) {
    await screen(browser, baseUrl, screenshotsDir, 'cn');
  },
  async 'statistics screen in English: responsive, a KPI drills down to its rows'({ baseUrl, browser, screenshotsDir }) {
    await screen(browser, baseUrl, screenshotsDir, 'en');
  },
  async 'monthly report in Chinese prints to A4 PDF with every chart drawn'({ baseUrl, browser, screenshotsDir }) {
    await report(browser, baseUrl, screenshotsDir, 'cn');
  },
  async 'monthly report in English prints to A4 PDF with every chart drawn'({ baseUrl, browser, screenshotsDir }) {
    await report(browser, baseUrl, screenshotsDir, 'en');
  },
};
