// Browser test of each role's day, signed in AS that role (the demo's operator, manager and viewer
// users of db/seed/base.ts — never the administrator) and done with the mouse:
// - the technician (operator) files a maintenance report, picking its repair and completion times by
//   clicking calendar days and time cells (no typing into the pickers), and the saved report has them;
// - the manager drills a statistic down to its rows, exports the statistics (an xlsx with rows) and
//   prints the monthly report of a month picked on the report (PDF pages rendered with pdftoppm);
// - the viewer walks every screen of their menu and finds no add, edit, delete or import button, and
//   a write sent straight to the API answers 403;
// - a kiosk wall (display token, no sign-in) shows the overview wall.
// Screenshots of each step: test-results/screenshots/role-*.png (and role-report-page-N.png).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { call } from './server.mjs';
import { WAIT, openScreen, signIn, topmostClick } from './helpers.mjs';

const READY_MS = 45_000;

const apiLogin = async (baseUrl, username, password) => (await call(baseUrl, 'POST', '/sys/login', { body: { username, password, captcha: '', uuid: '' } })).token;

/** POST with the page's own session token; returns the HTTP status. */
const apiStatus = (page, url, body) =>
  page.evaluate(
    async ([u, b]) =>
      (await fetch(u, { method: 'POST', headers: { 'content-type': 'application/json', Authorization: sessionStorage.getItem('TOKEN') ?? '' }, body: JSON.stringify(b) })).status,
    [url, body],
  );

const pad = (n) => String(n).padStart(2, '0');
/** A local date-time `days` ago at h:m:s, as the form writes it (YYYY-MM-DD HH:mm:ss). */
function localAt(days, h, m, s) {
  const d = new Date();
  d.setDate(d.getDate() - days);
  d.setHours(h, m, s, 0);
  return { date: d, text: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(h)}:${pad(m)}:${pad(s)}` };
}

/**
 * Picks a date-time with the mouse: opens the picker, steps the calendar back to the month if
 * needed, clicks the day, opens the time field's list and clicks the hour, minute and second, then
 * the check button. Each click is checked to land on the element itself (nothing drawn over it).
 */
async function pickDateTime(page, dialog, label, when) {
  const field = dialog.getByRole('button', { name: label, exact: true });
  await field.click();
  const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') }).last();
  await dropdown.waitFor({ state: 'visible', ...WAIT });
  const target = when.date;
  // An empty picker opens on this month: back to the target's.
  const now = new Date();
  for (let i = (now.getFullYear() - target.getFullYear()) * 12 + now.getMonth() - target.getMonth(); i > 0; i -= 1) {
    await topmostClick(page, dropdown.locator('button[data-direction="previous"]').first());
  }
  const day = dropdown.locator('table button:not([data-outside]):not([data-hidden])').filter({ hasText: new RegExp(`^${target.getDate()}$`) });
  await topmostClick(page, day);
  // The time field opens its list of hours, minutes and seconds (date-pickers.tsx).
  await topmostClick(page, dropdown.locator('[class*="TimePicker-fieldsRoot"]').first());
  const lists = dropdown.locator('.mantine-TimePicker-controlsList');
  await lists.first().waitFor({ state: 'visible', ...WAIT });
  const [h, m, s] = when.text.slice(11).split(':').map(Number);
  for (const [i, v] of [h, m, s].entries()) {
    const cell = lists.nth(i).locator(`[data-value="${v}"]`);
    await cell.scrollIntoViewIfNeeded();
    await topmostClick(page, cell);
  }
  await topmostClick(page, dropdown.locator('[class*="submitButton"]').first());
  await dropdown.waitFor({ state: 'hidden', ...WAIT });
  assert.equal((await field.innerText()).trim(), when.text, `${label} shows what was picked`);
}

export const tests = {
  async 'a technician files a report picking both times with the mouse'({ baseUrl, browser, screenshotsDir }) {
    const shot = (name) => ({ path: path.join(screenshotsDir, `role-technician-${name}.png`) });
    // Set-up through the API as the technician: an order submitted five days ago on a demo project.
    const token = await apiLogin(baseUrl, 'operator', 'operator123');
    const [project] = (await call(baseUrl, 'POST', '/ball/fallproject/list', { token, body: { page: 1, limit: 1 } })).list;
    const stamp = Date.now().toString(36);
    const submitted = new Date(Date.now() - 5 * 86_400_000).toISOString();
    const order = await call(baseUrl, 'POST', '/ball/fallorder/save', { token, body: { name: `E2E 技师工单 ${stamp}`, projectId: project.id, submittedAt: submitted } });
    const { number } = order;
    const repairer = `技师${stamp}`;
    const repairAt = localAt(3, 8, 15, 30);
    const completedAt = localAt(2, 17, 45, 10);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signIn(page, baseUrl, 'operator', 'operator123');
      await openScreen(page, '水景运维', '维修报告', /#\/main\/fall\/report/);
      const panel = page.getByRole('tabpanel', { name: '维修报告' });
      await panel.getByRole('button', { name: '新增', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '维修报告 · 新增' });
      await dialog.waitFor(WAIT);
      // The order: searched by its number, the option clicked.
      const orderInput = dialog.getByLabel('工单', { exact: true }).and(dialog.locator('input:not([type="hidden"])'));
      await orderInput.click();
      await orderInput.fill(number);
      await topmostClick(page, page.getByRole('option', { name: new RegExp(number) }));
      await page.waitForFunction(([el, n]) => el.value.startsWith(n), [await orderInput.elementHandle(), number], WAIT);
      await dialog.getByRole('textbox', { name: '维修人员' }).fill(repairer);
      await pickDateTime(page, dialog, '维修时间', repairAt);
      await page.screenshot(shot('1-repair-time'));
      await pickDateTime(page, dialog, '完成时间', completedAt);
      await topmostClick(page, dialog.getByText('未修复', { exact: true }));
      await page.screenshot(shot('2-both-times'));
      await dialog.getByRole('button', { name: '确定', exact: true }).click();
      await dialog.waitFor({ state: 'hidden', ...WAIT });
      // Found in the list by its repairer, with the picked times (the list shows them to the minute).
      await panel.getByRole('textbox', { name: '维修人员' }).fill(repairer);
      await panel.getByRole('button', { name: '查询', exact: true }).click();
      const row = panel.getByRole('row').filter({ hasText: repairer });
      await row.getByText(repairAt.text.slice(0, 16)).waitFor(WAIT);
      await row.getByText(completedAt.text.slice(0, 16)).waitFor(WAIT);
      await page.screenshot(shot('3-saved'));

      // The saved report has exactly the picked times.
      const { list } = await call(baseUrl, 'POST', '/ball/fallreport/list', { token, body: { page: 1, limit: 10, repairer } });
      assert.equal(list.length, 1);
      assert.equal(new Date(list[0].repairAt).getTime(), repairAt.date.getTime(), `repair time ${list[0].repairAt}`);
      assert.equal(new Date(list[0].completedAt).getTime(), completedAt.date.getTime(), `completion time ${list[0].completedAt}`);
      assert.equal(list[0].orderId, order.id);

      // Their account page names their role, not its code.
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '个人信息' }).click();
      await page.waitForURL(/#\/main\/account/, WAIT);
      await page.locator('[data-role="operator"]').getByText('运维人员', { exact: true }).waitFor(WAIT);
      await page.screenshot(shot('4-account'));
    } finally {
      await context.close();
    }
  },

  async 'a manager drills a statistic down, exports it and prints a monthly report'({ baseUrl, browser, screenshotsDir }) {
    const shot = (name) => ({ path: path.join(screenshotsDir, `role-manager-${name}.png`) });
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signIn(page, baseUrl, 'manager', 'manager123');
      await openScreen(page, '水景运维', '统计分析', /#\/main\/fall\/stats/);
      const kpi = page.locator('[data-kpi="completed"]');
      await kpi.waitFor(WAIT);
      await page.screenshot(shot('1-statistics'));

      // 1. A figure drills down to its rows: the order list's total is the figure.
      const figure = Number((await kpi.locator('p').nth(1).innerText()).replace(/[^\d]/g, ''));
      assert.ok(figure > 0, 'the demo completed orders in the last 30 days');
      await topmostClick(page, kpi);
      await page.waitForURL(/#\/main\/fall\/order\?.*statMetric=completed/, WAIT);
      await page.locator('[data-drill-filter]').waitFor(WAIT);
      await page.getByText(new RegExp(`共 ${String(figure).split('').join('[,\\s]?')} 条`)).first().waitFor(WAIT);
      const rows = page.getByRole('tabpanel', { name: '维修工单' }).getByRole('row');
      assert.ok((await rows.count()) > 1, 'the drilled list shows rows');
      await page.screenshot(shot('2-drilled-down'));

      // 2. The export downloads an xlsx with the figures and their rows.
      await openScreen(page, '水景运维', '统计分析', /#\/main\/fall\/stats/);
      await kpi.waitFor(WAIT);
      const [download] = await Promise.all([page.waitForEvent('download', WAIT), topmostClick(page, page.locator('[data-action="export"]'))]);
      const outDir = path.join(screenshotsDir, '..');
      const xlsxPath = path.join(outDir, 'role-manager-statistics.xlsx');
      await download.saveAs(xlsxPath);
      assert.match(download.suggestedFilename(), /\.xlsx$/);
      const { default: ExcelJS } = await import('exceljs');
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(xlsxPath);
      const sheets = book.worksheets.map((ws) => ({ name: ws.name, rows: ws.actualRowCount }));
      assert.ok(sheets.length >= 5, `sheets: ${JSON.stringify(sheets)}`);
      assert.ok(sheets.some((s) => s.rows > 10), `a sheet of rows: ${JSON.stringify(sheets)}`);
      await page.screenshot(shot('3-exported'));

      // 3. The monthly report: a calendar month, the last full one unless another is picked.
      await topmostClick(page, page.locator('[data-action="print"]'));
      await page.waitForURL(/#\/print\/stats\?month=\d{4}-\d{2}/, WAIT);
      const today = new Date();
      const ym = (back) => {
        const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
        return { month: d.toISOString().slice(0, 7), label: `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月`, last: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10) };
      };
      const lastFull = ym(1);
      assert.match(page.url(), new RegExp(`month=${lastFull.month}`));
      await page.locator(`[data-report-month="${lastFull.month}"]`).waitFor(WAIT);
      // Another month picked with the mouse: the one before.
      const picked = ym(2);
      // The export's notice ("exported …") sits over the report's header a few seconds: a person waits for it to go.
      await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
      await topmostClick(page, page.getByLabel('月份', { exact: true }).and(page.locator('input:not([type="hidden"])')));
      await topmostClick(page, page.getByRole('option', { name: picked.label, exact: true }));
      await page.locator(`[data-report-month="${picked.month}"]`).waitFor(WAIT);
      await page.locator('[data-report][data-ready="true"]').waitFor({ timeout: 60_000 });
      await page.getByText(`统计周期：${picked.month}-01 ~ ${picked.last}`).waitFor(WAIT);
      await page.screenshot({ ...shot('4-monthly-report'), fullPage: true });

      await page.emulateMedia({ media: 'print' });
      const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
      const pdfPath = path.join(outDir, 'role-manager-monthly-report.pdf');
      writeFileSync(pdfPath, pdf);
      const pages = pdfPages(pdfPath, path.join(screenshotsDir, 'role-report-page'));
      // Five sections (repair, warnings, equipment, reliability, parts cost): two to six A4 pages.
      assert.ok(pages.length >= 2 && pages.length <= 6, `${pages.length} pages`);
      // Page one holds more than the title: the first section starts there.
      assert.match(pages[0], /一、维修速度与质量/, 'the first section starts on page one');
      assert.match(pages[0], /本期提交工单/, 'with its summary');
      // No section heading is left at a page's foot: each shares its page with its summary.
      const sections = [['一、维修速度与质量', '本期提交工单'], ['二、告警', '本期告警'], ['三、设备与可用率', '当前设备']];
      for (const [heading, summary] of sections) {
        const at = pages.findIndex((p) => p.includes(heading));
        assert.ok(at >= 0, `${heading} printed`);
        assert.ok(pages[at].replace(/\s+/g, '').includes(summary), `${heading} is on page ${at + 1} without its summary`);
      }
    } finally {
      await context.close();
    }
  },

  async 'a viewer sees no write button on any screen of their menu, and the API refuses their writes'({ baseUrl, browser, screenshotsDir }) {
    const token = await apiLogin(baseUrl, 'viewer', 'viewer123');
    const { menuList } = await call(baseUrl, 'GET', '/sys/menu/nav', { token });
    const screens = menuList.flatMap((dir) => (dir.list ?? []).filter((m) => m.url && !/^https?:/.test(m.url)).map((m) => ({ dir: dir.name, name: m.name, url: m.url })));
    assert.ok(screens.length >= 6, `the viewer's menu: ${screens.map((s) => s.name).join(', ')}`);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signIn(page, baseUrl, 'viewer', 'viewer123');
      for (const [i, s] of screens.entries()) {
        await openScreen(page, s.dir, s.name, new RegExp(`#/main/${s.url.replace(/\//g, '\\/')}`));
        const panel = page.getByRole('tabpanel', { name: s.name });
        // The screen has drawn its content (a table, or the screen's own body).
        await panel.locator('table, [data-screen], canvas, .mantine-Card-root, .mantine-Alert-root').first().waitFor(WAIT);
        // The screen's own tabs too (detection boards and their warnings).
        const tabs = await panel.getByRole('tab').count();
        for (let tab = 0; tab <= tabs; tab += 1) {
          if (tab > 0) await panel.getByRole('tab').nth(tab - 1).click();
          await page.waitForTimeout(500);
          const writes = await panel.getByRole('button', { name: /^(新增|修改|编辑|删除|导入|上传|批量删除|处理|确认)$/ }).filter({ visible: true }).count();
          const marked = await panel.locator('[data-perm]').evaluateAll((els) =>
            els
              .filter((el) => el.checkVisibility() && /#(save|update|delete|upload|restore|password|token|key|status|resetPassword|deal|ack|accept|close)$/.test(el.getAttribute('data-perm') ?? ''))
              .map((el) => el.getAttribute('data-perm')),
          );
          await page.screenshot({ path: path.join(screenshotsDir, `role-viewer-${String(i + 1).padStart(2, '0')}-${s.url.replace(/\//g, '-')}${tab ? `-tab${tab}` : ''}.png`) });
          assert.equal(writes, 0, `${s.name}: ${writes} write buttons visible`);
          assert.deepEqual(marked, [], `${s.name}: write buttons ${marked.join(', ')}`);
        }
      }
      // A write sent straight to the API, with the viewer's own session: 403, nothing changed.
      const [project] = (await call(baseUrl, 'POST', '/ball/fallproject/list', { token, body: { page: 1, limit: 1 } })).list;
      assert.equal(await apiStatus(page, '/api/ball/fallproject/update', { id: project.id, name: 'viewer was here' }), 403);
      assert.equal(await apiStatus(page, '/api/ball/fallorder/save', { name: 'viewer order', projectId: project.id }), 403);
      assert.equal(await apiStatus(page, '/api/ball/fallorder/delete', [1]), 403);
      const after = await call(baseUrl, 'GET', `/ball/fallproject/info/${project.id}`, { token });
      assert.equal(after.name, project.name);
    } finally {
      await context.close();
    }
  },

  async 'a kiosk wall opens the overview with a display token, no sign-in'({ baseUrl, browser, screenshotsDir }) {
    // The manager issues the token (scenes' display tokens are theirs); the kiosk itself signs in as nobody.
    const manager = await apiLogin(baseUrl, 'manager', 'manager123');
    const issued = await call(baseUrl, 'POST', '/wall/display-token', { token: manager, body: { label: 'e2e role kiosk' } });
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    try {
      await page.addInitScript(() => localStorage.setItem('LANGUAGE', 'cn'));
      await page.goto(`${baseUrl}/${issued.path.replace(/^\//, '')}`);
      await page.waitForFunction(
        () => {
          const panels = [...document.querySelectorAll('[data-panel]')];
          return panels.length > 0 && panels.every((p) => p.getAttribute('data-ready') === 'true') && !document.getElementById('wall-frame');
        },
        undefined,
        { timeout: READY_MS },
      );
      assert.match(page.url(), /#\/page/);
      assert.doesNotMatch(page.url(), /login|token=/);
      assert.ok((await page.locator('[data-panel]').count()) >= 6, 'the overview wall\'s panels');
      await page.screenshot({ path: path.join(screenshotsDir, 'role-kiosk-wall.png') });
    } finally {
      await context.close();
      await call(baseUrl, 'POST', '/wall/display-token/revoke', { token: manager, body: { id: issued.id } }).catch(() => undefined);
    }
  },
};

/**
 * The PDF's pages as text (pdftotext), each also drawn as a PNG (pdftoppm) at `prefix`-N.png to look
 * at. Both come with Debian's poppler-utils.
 */
function pdfPages(pdfPath, prefix) {
  if (spawnSync('pdftoppm', ['-v']).error) throw new Error('pdftoppm not found: apt-get install -y poppler-utils');
  const dir = path.dirname(prefix);
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.startsWith(path.basename(prefix))) rmSync(path.join(dir, f));
  execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, prefix]);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  return text.split('\f').filter((p, i, all) => i < all.length - 1 || p.trim());
}
