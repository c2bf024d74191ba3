// Browser test of parts and stock (docs/maintenance.md "Parts and stock"): the manager's reorder list
// and the statistics' parts-cost card on the demo's data, in both languages (screenshots parts-*.png),
// and the printed monthly report printed to PDF by Chromium, its text read back with pdftotext: the
// reliability and parts-cost figures are the statistics' own (the answers the screen shows).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { call } from './server.mjs';
import { WAIT, pageAs } from './helpers.mjs';

const T = { en: { reorder: 'Reorder list', stats: 'Statistics' }, cn: { reorder: '补货清单', stats: '统计分析' } };
const VIEW = { width: 1440, height: 900 };
/** The month's reliability is worked out over every demo unit's calendar: slower than a list. */
const SLOW = { timeout: 120_000 };
const money = (v, lang) => v.toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const login = async (baseUrl) => (await call(baseUrl, 'POST', '/sys/login', { body: { username: 'manager', password: 'manager123', captcha: '', uuid: '' } })).token;

async function reorderList(browser, baseUrl, screenshotsDir, lang) {
  const token = await login(baseUrl);
  const expected = await call(baseUrl, 'POST', '/ball/fallreorder/list', { token, body: { page: 1, limit: 5 } });
  assert.ok(expected.total > 0, 'the demo has parts to reorder');
  const { context, page } = await pageAs(browser, token, lang, VIEW);
  try {
    await page.goto(`${baseUrl}/#/main/fall/reorder`);
    const panel = page.getByRole('tabpanel', { name: T[lang].reorder });
    const first = expected.list[0];
    await panel.getByRole('row').filter({ hasText: first.partName }).first().waitFor(WAIT);
    await page.screenshot({ path: path.join(screenshotsDir, `parts-reorder-${lang}.png`) });
  } finally {
    await context.close();
  }
}

async function costCard(browser, baseUrl, screenshotsDir, lang) {
  const token = await login(baseUrl);
  const { context, page } = await pageAs(browser, token, lang, VIEW);
  try {
    const answer = page.waitForResponse((r) => r.url().includes('/ball/stats/parts-cost?') && r.status() === 200, SLOW);
    await page.goto(`${baseUrl}/#/main/fall/stats`);
    const { data } = await (await answer).json();
    const card = page.locator('[data-figures="parts-cost"]');
    await card.locator('[data-parts-total]').waitFor(SLOW);
    await card.scrollIntoViewIfNeeded();
    const total = await card.locator('[data-parts-total]').innerText();
    assert.ok(total.includes(money(data.totals.cost, lang)), `${total} shows ${money(data.totals.cost, lang)}`);
    assert.ok(data.totals.moves > 0, 'the demo has parts cost in the default range');
    await card.screenshot({ path: path.join(screenshotsDir, `parts-cost-${lang}.png`) });
    // The drill-down of the costliest month: its rows add up to the month's figure.
    const month = [...data.months].sort((a, b) => b.cost - a.cost)[0];
    const moves = page.waitForResponse((r) => r.url().includes('/ball/stats/parts-cost/moves?') && r.url().includes(`month=${month.month}`), WAIT);
    await card.locator(`[data-month="${month.month}"]`).getByRole('button').click();
    const rows = (await (await moves).json()).data;
    assert.equal(Math.round(rows.reduce((n, m) => n + m.cost * 100, 0)), Math.round(month.cost * 100));
    await card.locator('[data-moves]').waitFor(WAIT);
    await card.locator(`[data-month="${month.month}"]`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotsDir, `parts-cost-drill-${lang}.png`) });
  } finally {
    await context.close();
  }
}

async function printed(browser, baseUrl, screenshotsDir, lang) {
  const token = await login(baseUrl);
  const today = new Date();
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const month = first.toISOString().slice(0, 7);
  const from = first.toISOString().slice(0, 10);
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)).toISOString().slice(0, 10);
  // One project's report (the print page's filters ride along): the project that used the most parts last month.
  const all = await call(baseUrl, 'GET', `/ball/stats/parts-cost?from=${from}&to=${to}`, { token });
  assert.ok(all.orders.length > 0, 'the demo used parts last month');
  const projectId = all.orders[0].projectId;
  const parts = await call(baseUrl, 'GET', `/ball/stats/parts-cost?from=${from}&to=${to}&projectId=${projectId}`, { token });
  const reliability = await call(baseUrl, 'GET', `/ball/stats/reliability?from=${from}&to=${to}&projectId=${projectId}`, { token });
  const { context, page } = await pageAs(browser, token, lang, { width: 1200, height: 1000 });
  try {
    const seen = [];
    page.on('response', (r) => r.url().includes('/ball/stats/') && seen.push(`${r.status()} ${r.url().split('/api')[1]}`));
    page.on('pageerror', (e) => seen.push(`pageerror ${e.message}`));
    // Into the back-office first (the session's rights load there), then to the report as its button does.
    await page.goto(`${baseUrl}/#/main/fall/stats`);
    await page.locator('[data-figures="parts-cost"]').waitFor(SLOW);
    await page.goto(`${baseUrl}/#/print/stats?month=${month}&projectId=${projectId}`);
    try {
      await page.locator('[data-report][data-ready="true"]').waitFor(SLOW);
    } catch (e) {
      await page.screenshot({ path: path.join(screenshotsDir, `parts-report-failed-${lang}.png`), fullPage: true });
      throw new Error(`the report never became ready: ${seen.join(' | ')}`, { cause: e });
    }
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
    const outDir = path.join(screenshotsDir, '..');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `parts-report-${lang}.pdf`);
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pct = (v) => (v === null ? '—' : `${(v * 100).toFixed(2)}%`);
    const hours = (ms) => (ms === null ? '—' : (ms / 3_600_000).toFixed(1));
    for (const want of [pct(reliability.totals.availability), `${hours(reliability.totals.mttrMs)} h`, `${hours(reliability.totals.mtbfMs)} h`, money(parts.totals.cost, lang), parts.orders[0].number]) {
      assert.ok(text.includes(want), `the printed report says ${want}`);
    }
    assert.ok(text.includes(lang === 'en' ? 'Parts cost' : '备件成本'));
    assert.ok(text.includes(lang === 'en' ? 'Reliability (show hours)' : '可靠性（演出时段）'));
    await page.emulateMedia({ media: 'screen' });
    await page.locator('[data-report-section="reliability"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotsDir, `parts-report-${lang}.png`) });
  } finally {
    await context.close();
  }
}

export const tests = {
  async 'reorder list in Chinese and English shows the demo parts at or under their point'({ baseUrl, browser, screenshotsDir }) {
    for (const lang of ['cn', 'en']) await reorderList(browser, baseUrl, screenshotsDir, lang);
  },
  async 'parts-cost card in Chinese and English agrees with its answer and drills to the moves'({ baseUrl, browser, screenshotsDir }) {
    for (const lang of ['cn', 'en']) await costCard(browser, baseUrl, screenshotsDir, lang);
  },
  async 'printed monthly report carries reliability and parts cost, read back from the PDF'({ baseUrl, browser, screenshotsDir }) {
    for (const lang of ['cn', 'en']) await printed(browser, baseUrl, screenshotsDir, lang);
  },
};
