// Browser test of the preventive plans (docs/maintenance.md "Preventive plans"), as a manager with the
// mouse at 1920×1080: opens "Preventive plans" from the navigation, picks a demo project in "Due next"
// and sees its plans' rows soonest first; adds a plan for the whole project, every week from
// completion, and sees it join the due-next rows; then the same screen in Chinese. Screenshots: plans-*.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';
import { WAIT, addWithProject, openScreen, pageAs, pickProject } from './helpers.mjs';

const READY_MS = 60_000;
const T = {
  en: { dir: 'Operations', entry: 'Preventive plans', nav: 'Main navigation', title: 'Preventive plans', due: 'Due next', add: 'Add', project: 'Project', name: 'Plan name', whole: 'The whole project', ok: 'OK' },
  cn: { dir: '水景运维', entry: '保养计划', nav: '主导航', title: '保养计划', due: '即将到期', project: '项目' },
};

/** The due-next table's rows, once it has at least `n`. */
async function dueRows(card, n) {
  const rows = card.getByRole('table').locator('tbody tr');
  await rows.nth(n - 1).waitFor(WAIT);
  return rows;
}

export async function run({ baseUrl, screenshotsDir, browser }) {
  const shot = (name) => path.join(screenshotsDir, name);
  const { token: manager } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'manager', password: 'manager123', captcha: '', uuid: '' } });
  // A demo project with plans (the demo seeds them with a history for its first built projects).
  const plans = await call(baseUrl, 'POST', '/ball/fallpmplan/listAll', { token: manager, body: {} });
  assert.ok(plans.length >= 4, `the demo has plans: ${plans.length}`);
  const { projectId, projectNameEn, projectName } = plans[0];
  const before = (await call(baseUrl, 'GET', `/ball/fallpmplan/due?projectId=${projectId}`, { token: manager })).length;
  assert.ok(before >= 2, `its plans have something due: ${before}`);

  const { context, page } = await pageAs(browser, manager, 'en');
  let added = null;
  try {
    const t = T.en;
    await page.goto(`${baseUrl}/#/main`, { timeout: READY_MS });
    await openScreen(page, t.dir, t.entry, /#\/main\/fall\/pm-plan/, t.nav);
    const card = page.getByTestId('pm-due');
    await card.getByText(t.due, { exact: true }).waitFor(WAIT);
    await pickProject(page, card, t.project, projectNameEn);
    const rows = await dueRows(card, before);
    assert.equal(await rows.count(), before);
    // Soonest first: the dated rows' due dates in order.
    const dates = (await rows.locator('td:nth-child(3)').allTextContents()).filter((d) => /^\d{4}-\d\d-\d\d$/.test(d));
    assert.ok(dates.length >= 1, 'dated rows');
    assert.deepEqual(dates, [...dates].sort());
    await page.screenshot({ path: shot('plans-due-en.png') });

    // A new plan for the whole project, every week from completion (the form's first choices), with the mouse.
    const panel = page.getByRole('tabpanel', { name: t.title });
    const dialog = await addWithProject(page, panel, t, projectNameEn);
    await dialog.getByRole('textbox', { name: t.name, exact: true }).fill('Nozzle clean');
    await dialog.getByText(t.whole, { exact: true }).click();
    await page.screenshot({ path: shot('plans-dialog-en.png') });
    const saved = page.waitForResponse((r) => r.url().endsWith('/ball/fallpmplan/save'));
    await dialog.getByRole('button', { name: t.ok, exact: true }).click();
    const answer = await (await saved).json();
    assert.equal(answer.code, 0, `the plan was saved: ${JSON.stringify(answer)}`);
    added = answer.data.id;
    await dialog.waitFor({ state: 'detached', ...WAIT });
    // The due-next rows follow the save: the new plan is there, due today (its first due date).
    await card.getByRole('row').filter({ hasText: 'Nozzle clean' }).waitFor(WAIT);
    assert.equal(await (await dueRows(card, before + 1)).count(), before + 1);
    await page.screenshot({ path: shot('plans-added-en.png') });

    // The same screen in Chinese: one language at a time.
    const c = T.cn;
    await page.evaluate(() => localStorage.setItem('LANGUAGE', 'cn'));
    await page.reload({ waitUntil: 'domcontentloaded' });
    const cardCn = page.getByTestId('pm-due');
    await cardCn.getByText(c.due, { exact: true }).waitFor(WAIT);
    await pickProject(page, cardCn, c.project, projectName);
    await dueRows(cardCn, before + 1);
    await page.getByRole('tabpanel', { name: c.title }).locator('table').first().waitFor(WAIT);
    assert.equal(await page.getByText('Due next', { exact: true }).count(), 0);
    await page.screenshot({ path: shot('plans-due-cn.png') });
  } finally {
    if (added) await call(baseUrl, 'POST', '/ball/fallpmplan/delete', { token: manager, body: [added] });
    await context.close();
  }
}
