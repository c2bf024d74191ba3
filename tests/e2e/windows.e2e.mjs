// Browser test of alarm maintenance windows (docs/alarms.md "Maintenance windows"), as a manager with
// the mouse at 1920×1080: a board's channel faults through the device path and the project wall
// sounds it; the manager adds a date-range window over today for the project on the "Maintenance
// windows" screen (project picked, kind switched, dates and reason typed) and the list says it is in
// force; the wall's strip lets the alarm go and says "maintenance window until …", in English and in
// Chinese; the window deleted, the alarm is back on the strip. Screenshots: windows-*.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';
import { alarmBoard, closeOpenWarnings } from './alarm-board.mjs';
import { WAIT, addWithProject, pageAs, wallReady } from './helpers.mjs';

const READY_MS = 60_000;

const T = {
  en: { title: 'Maintenance windows', add: 'Add', project: 'Project', name: 'Name', dates: 'Date range', from: 'First day', to: 'Last day', reason: 'Reason', ok: 'OK', inForce: 'In force until', delete: 'Delete', confirm: 'OK', wall: /Maintenance window until (\d\d-\d\d )?\d\d:\d\d/ },
  cn: { wall: /维护窗口中，至 (\d\d-\d\d )?\d\d:\d\d/ },
};

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function run({ baseUrl, screenshotsDir, browser }) {
  const shot = (name) => path.join(screenshotsDir, name);
  const { token: admin } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
  const { token: manager } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'manager', password: 'manager123', captcha: '', uuid: '' } });
  const { projectId, boardId, fault } = await alarmBoard(baseUrl, admin, { cn: '维护窗口喷泉', en: 'Window Fountain' });
  const project = await call(baseUrl, 'GET', `/ball/fallproject/info/${projectId}`, { token: admin });
  const wall = await pageAs(browser, manager, 'en');
  const office = await pageAs(browser, manager, 'en');
  let windowId = null;
  try {
    await wall.page.goto(`${baseUrl}/#/page/project/${projectId}`, { timeout: READY_MS, waitUntil: 'domcontentloaded' });
    await wallReady(wall.page);
    await fault(1);
    const [warning] = (await call(baseUrl, 'POST', '/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 1, detectId: boardId, result: 'open' } })).list;
    assert.ok(warning, 'the fault opened a warning');
    await wall.page.locator(`[data-testid="alarm-strip"] [data-alarm-id="${warning.id}"]`).waitFor(WAIT);

    // The manager adds a window over today (a day either side, whatever the project's zone) with the mouse.
    const t = T.en;
    await office.page.goto(`${baseUrl}/#/main/fall/alarm-window`, { timeout: READY_MS });
    const panel = office.page.getByRole('tabpanel', { name: t.title });
    const dialog = await addWithProject(office.page, panel, t, project.nameEn);
    await dialog.getByRole('textbox', { name: t.name }).fill('Winter drain-down');
    await dialog.getByText(t.dates, { exact: true }).click();
    const from = dialog.getByLabel(t.from);
    await from.click();
    await from.fill(day(-1));
    await from.press('Enter');
    const to = dialog.getByLabel(t.to);
    await to.click();
    await to.fill(day(1));
    await to.press('Enter');
    await dialog.getByRole('textbox', { name: t.reason }).click();
    await dialog.getByRole('textbox', { name: t.reason }).fill('Basin drained, pumps lifted');
    await office.page.screenshot({ path: shot('windows-dialog-en.png') });
    const saved = office.page.waitForResponse((r) => r.url().endsWith('/ball/fallalarmwindow/save'));
    await dialog.getByRole('button', { name: t.ok, exact: true }).click();
    const answer = await (await saved).json();
    assert.equal(answer.code, 0, `the window was saved: ${JSON.stringify(answer)}`);
    windowId = answer.data.id;
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const row = panel.getByRole('row').filter({ hasText: 'Winter drain-down' }).first();
    await row.getByTestId('window-active').waitFor(WAIT);
    assert.match(await row.getByTestId('window-active').textContent(), new RegExp(t.inForce));
    const [stored] = (await call(baseUrl, 'POST', '/ball/fallalarmwindow/listAll', { token: admin, body: { projectId } }));
    assert.deepEqual([stored.kind, stored.dateFrom, stored.dateTo, stored.reason, stored.active], ['dates', day(-1), day(1), 'Basin drained, pumps lifted', true]);
    await office.page.screenshot({ path: shot('windows-list-en.png') });

    // The wall lets the alarm go and says why, in both languages.
    await wall.page.waitForSelector('[data-testid="alarm-strip"][data-count="0"][data-sounding="false"]', WAIT);
    await wall.page.getByTestId('alarm-maintenance').getByText(t.wall).waitFor(WAIT);
    const info = await call(baseUrl, 'GET', `/ball/fallwarning/info/${warning.id}`, { token: admin });
    assert.equal(info.suppressedBy, 'maintenance');
    await wall.page.screenshot({ path: shot('windows-wall-en.png') });
    await wall.page.evaluate(() => localStorage.setItem('LANGUAGE', 'cn'));
    await wall.page.reload({ waitUntil: 'domcontentloaded' });
    await wallReady(wall.page);
    await wall.page.getByTestId('alarm-maintenance').getByText(T.cn.wall).waitFor(WAIT);
    await wall.page.screenshot({ path: shot('windows-wall-cn.png') });

    // Deleted with the mouse: the alarm is back on the strip at once.
    await row.getByRole('button', { name: t.delete, exact: true }).click();
    const confirm = office.page.locator('[role="dialog"][aria-modal]').last();
    await confirm.getByRole('button', { name: t.confirm, exact: true }).click();
    await row.waitFor({ state: 'detached', ...WAIT });
    windowId = null;
    await wall.page.locator(`[data-testid="alarm-strip"] [data-alarm-id="${warning.id}"]`).waitFor(WAIT);
    await wall.page.getByTestId('alarm-maintenance').waitFor({ state: 'detached', ...WAIT });
  } finally {
    await wall.context.close();
    await office.context.close();
    if (windowId) await call(baseUrl, 'POST', '/ball/fallalarmwindow/delete', { token: admin, body: [windowId] }).catch(() => undefined);
    await closeOpenWarnings(baseUrl, admin, boardId);
  }
}
