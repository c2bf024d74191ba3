// Browser test of the operating calendar (docs/maintenance.md "Operating calendar"), as a manager with
// the mouse at 1920×1080: a project without show times is "Idle" on its wall; the manager adds a show
// programme covering the present hour on the "Operating calendar" screen (project picked, the hours
// typed in the project's zone); the wall turns to "In show until …" by itself, in English and in
// Chinese, and the project's daily show time is the programme's. Screenshots: calendar-*.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';
import { alarmBoard, closeOpenWarnings } from './alarm-board.mjs';
import { WAIT, addWithProject, pageAs, wallReady } from './helpers.mjs';

const READY_MS = 60_000;
const T = {
  en: { title: 'Operating calendar', add: 'Add', project: 'Project', name: 'Name', from: 'From', to: 'To', ok: 'OK', keyword: 'Name or remark', search: 'Search', inShow: (until) => `In show until ${until}` },
  cn: { inShow: (until) => `演出中，至 ${until}` },
};

/** `HH:mm` in Asia/Shanghai (the project's zone, the default) `minutes` after `from`. */
const shanghai = (minutes, from = Date.now()) => new Date(from + minutes * 60_000).toLocaleTimeString('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** `MM-DD` in Asia/Shanghai `minutes` after `from`. */
const shanghaiDay = (minutes, from = Date.now()) => new Date(from + minutes * 60_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' }).slice(5);

export async function run({ baseUrl, screenshotsDir, browser }) {
  const shot = (name) => path.join(screenshotsDir, name);
  const { token: admin } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
  const { token: manager } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'manager', password: 'manager123', captcha: '', uuid: '' } });
  const { projectId, boardId } = await alarmBoard(baseUrl, admin, { cn: '日历喷泉', en: 'Calendar Fountain' });
  const project = await call(baseUrl, 'GET', `/ball/fallproject/info/${projectId}`, { token: admin });
  assert.equal(project.timeZone, 'Asia/Shanghai');
  const wall = await pageAs(browser, manager, 'en');
  const office = await pageAs(browser, manager, 'en');
  const t = T.en;
  try {
    await wall.page.goto(`${baseUrl}/#/page/project/${projectId}`, { timeout: READY_MS, waitUntil: 'domcontentloaded' });
    await wallReady(wall.page);
    await wall.page.locator('[data-testid="show-state"][data-state="idle"]').waitFor(WAIT);

    await office.page.goto(`${baseUrl}/#/main/fall/calendar`, { timeout: READY_MS });
    const panel = office.page.getByRole('tabpanel', { name: t.title });
    const dialog = await addWithProject(office.page, panel, t, project.nameEn);
    await dialog.getByRole('textbox', { name: t.name }).fill('Evening shows');
    // Show hours from an hour ago to two hours on, every day (the programme's default days).
    const typedAt = Date.now();
    const start = shanghai(-60, typedAt);
    const end = shanghai(120, typedAt);
    // The wall names the end by its time alone when it falls on today's date (the project's zone),
    // else by its date and time: a show typed at 23:00 in Shanghai ends tomorrow at 01:00.
    const until = shanghaiDay(0, typedAt) === shanghaiDay(120, typedAt) ? end : `${shanghaiDay(120, typedAt)} ${end}`;
    await dialog.getByRole('textbox', { name: t.from, exact: true }).fill(start);
    await dialog.getByRole('textbox', { name: t.to, exact: true }).fill(end);
    await office.page.screenshot({ path: shot('calendar-dialog-en.png') });
    const saved = office.page.waitForResponse((r) => r.url().endsWith('/ball/fallcalendar/save'));
    await dialog.getByRole('button', { name: t.ok, exact: true }).click();
    const answer = await (await saved).json();
    assert.equal(answer.code, 0, `the programme was saved: ${JSON.stringify(answer)}`);
    await dialog.waitFor({ state: 'detached', ...WAIT });
    // The list is by project, the demo's first: the manager finds the new programme by its name.
    const search = panel.getByRole('search').filter({ visible: true });
    await search.getByRole('textbox', { name: t.keyword, exact: true }).fill('Evening shows');
    await search.getByRole('button', { name: t.search, exact: true }).click();
    await panel.getByRole('row').filter({ hasText: 'Evening shows' }).first().waitFor(WAIT);
    await office.page.screenshot({ path: shot('calendar-list-en.png') });
    const after = await call(baseUrl, 'GET', `/ball/fallproject/info/${projectId}`, { token: admin });
    assert.equal(after.dailyShowTime, `${start}-${end}`);

    // The wall hears of it and turns to "in show" by itself, in both languages.
    const state = wall.page.locator('[data-testid="show-state"][data-state="show"]');
    await state.waitFor(WAIT);
    assert.equal((await state.locator('span').nth(1).textContent()).trim(), t.inShow(until));
    await wall.page.screenshot({ path: shot('calendar-wall-en.png') });
    await wall.page.evaluate(() => localStorage.setItem('LANGUAGE', 'cn'));
    await wall.page.reload({ waitUntil: 'domcontentloaded' });
    await wallReady(wall.page);
    await state.waitFor(WAIT);
    assert.equal((await state.locator('span').nth(1).textContent()).trim(), T.cn.inShow(until));
    await wall.page.screenshot({ path: shot('calendar-wall-cn.png') });
    await call(baseUrl, 'POST', '/ball/fallcalendar/delete', { token: admin, body: [answer.data.id] });
  } finally {
    await wall.context.close();
    await office.context.close();
    await closeOpenWarnings(baseUrl, admin, boardId);
  }
}
