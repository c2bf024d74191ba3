// Browser test of shelving and out of service (docs/alarms.md), as an operator with the mouse at
// 1920×1080: a board's channel faults through the device path and the project wall sounds it; the
// operator shelves it in the warnings list (minutes and a reason) and the wall's strip lets it go for
// its "shelved 1" counter, in English and in Chinese; then the operator sets the unit out of service
// on the equipment screen and the wall's site plan says so on the unit's tile; back in service, the
// standing fault alarms again. Screenshots: shelve-*.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';
import { alarmBoard, closeOpenWarnings } from './alarm-board.mjs';
import { WAIT, pageAs, wallReady } from './helpers.mjs';

const READY_MS = 60_000;

const T = {
  en: { warnings: 'Warnings', shelve: 'Shelve', minutes: 'For (minutes)', reason: 'Reason', ok: 'OK', shelved: 'Shelved', equipment: 'Equipment', keyword: 'Name / serial', search: 'Search', setOut: 'Out of service…', out: 'Out of service', setIn: 'Back in service' },
  cn: { warnings: '告警记录', shelve: '搁置', minutes: '搁置时长（分钟）', reason: '原因', ok: '确定', shelved: '已搁置', equipment: '设备台账', keyword: '名称 / 序列号', search: '查询', setOut: '停用…', out: '停用', setIn: '恢复使用' },
};

/** Switches a page's language as a person's earlier choice does (kept in the browser) and reloads it. */
async function relang(page, lang) {
  await page.evaluate((l) => localStorage.setItem('LANGUAGE', l), lang);
  await page.reload({ waitUntil: 'domcontentloaded' });
}

export async function run({ baseUrl, screenshotsDir, browser }) {
  const shot = (name) => path.join(screenshotsDir, name);
  const { token: admin } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
  const { token: operator } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'operator', password: 'operator123', captcha: '', uuid: '' } });
  const { projectId, boardId, fault } = await alarmBoard(baseUrl, admin, { cn: '搁置喷泉', en: 'Shelf Fountain' });
  const [unit] = await call(baseUrl, 'POST', '/ball/falleqinfo/listAll', { token: admin, body: { projectId } });
  const project = (await call(baseUrl, 'GET', `/ball/fallproject/info/${projectId}`, { token: admin }));

  const wall = await pageAs(browser, operator, 'en');
  const office = await pageAs(browser, operator, 'en');
  try {
    await wall.page.goto(`${baseUrl}/#/page/project/${projectId}`, { timeout: READY_MS, waitUntil: 'domcontentloaded' });
    await wallReady(wall.page);
    await wall.page.waitForSelector('[data-testid="alarm-shelved"][data-count="0"]', WAIT);

    // 1. The fault: on the wall's strip, sounding.
    await fault(1);
    const [warning] = (await call(baseUrl, 'POST', '/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 1, detectId: boardId, result: 'open' } })).list;
    assert.ok(warning, 'the fault opened a warning');
    await wall.page.locator(`[data-testid="alarm-strip"] [data-alarm-id="${warning.id}"]`).waitFor(WAIT);

    // 2. The operator shelves it in the warnings list: minutes and a reason, with the mouse.
    const t = T.en;
    await office.page.goto(`${baseUrl}/#/main/fall/detect?tab=warnings`, { timeout: READY_MS });
    const table = office.page.getByRole('table', { name: t.warnings });
    const row = table.getByRole('row').filter({ hasText: project.nameEn || project.name }).first();
    await row.getByRole('button', { name: t.shelve, exact: true }).click();
    const dialog = office.page.getByRole('dialog');
    const minutes = dialog.getByRole('textbox', { name: t.minutes });
    await minutes.click();
    await minutes.fill('45');
    await dialog.getByRole('textbox', { name: t.reason }).click();
    await dialog.getByRole('textbox', { name: t.reason }).fill('Pump seal replaced tonight');
    await office.page.screenshot({ path: shot('shelve-dialog-en.png') });
    await dialog.getByRole('button', { name: t.ok, exact: true }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await row.locator('[data-testid="warning-suppressed"][data-suppressed-by="shelved"]').waitFor(WAIT);
    const shelved = (await call(baseUrl, 'GET', `/ball/fallwarning/info/${warning.id}`, { token: admin }));
    assert.equal(shelved.suppressedBy, 'shelved');
    assert.equal(shelved.shelvedBy, 'operator');
    assert.equal(shelved.shelveReason, 'Pump seal replaced tonight');
    assert.ok(Math.abs(new Date(shelved.shelvedUntil).getTime() - Date.now() - 45 * 60_000) < 5 * 60_000, 'shelved for 45 minutes');
    await office.page.screenshot({ path: shot('shelve-list-en.png') });

    // 3. The wall lets it go: not on the strip, not sounding, counted as shelved — in both languages.
    await wall.page.waitForSelector('[data-testid="alarm-shelved"][data-count="1"]', WAIT);
    await wall.page.waitForSelector('[data-testid="alarm-strip"][data-count="0"][data-sounding="false"]', WAIT);
    assert.match(await wall.page.getByTestId('alarm-shelved').textContent(), /Shelved 1/);
    await wall.page.screenshot({ path: shot('shelve-wall-en.png') });
    await relang(wall.page, 'cn');
    await wallReady(wall.page);
    await wall.page.waitForSelector('[data-testid="alarm-shelved"][data-count="1"]', WAIT);
    assert.match(await wall.page.getByTestId('alarm-shelved').textContent(), /已搁置 1/);
    await wall.page.screenshot({ path: shot('shelve-wall-cn.png') });

    // 4. The operator sets the unit out of service on the equipment screen, in Chinese.
    const c = T.cn;
    await relang(office.page, 'cn');
    await office.page.goto(`${baseUrl}/#/main/fall/eqInfo`, { timeout: READY_MS });
    const search = office.page.getByRole('search').filter({ visible: true });
    await search.getByRole('textbox', { name: c.keyword, exact: true }).fill(unit.name);
    await search.getByRole('button', { name: c.search, exact: true }).click();
    const eqRow = office.page.getByRole('table', { name: c.equipment }).filter({ visible: true }).getByRole('row').filter({ hasText: unit.name });
    await eqRow.getByRole('button', { name: c.setOut, exact: true }).click();
    const serviceDialog = office.page.getByRole('dialog');
    await serviceDialog.getByRole('textbox', { name: c.reason }).click();
    await serviceDialog.getByRole('textbox', { name: c.reason }).fill('冬季排空');
    await serviceDialog.getByRole('button', { name: c.ok, exact: true }).click();
    await serviceDialog.waitFor({ state: 'detached', ...WAIT });
    await eqRow.getByTestId('equipment-out-of-service').waitFor(WAIT);
    await office.page.screenshot({ path: shot('shelve-equipment-cn.png') });
    const [out] = await call(baseUrl, 'POST', '/ball/falleqinfo/listAll', { token: admin, body: { projectId } });
    assert.ok(out.outOfServiceAt, 'the unit is out of service');
    assert.equal(out.outOfServiceReason, '冬季排空');

    // 5. The wall's tile of the unit says so (Chinese, then English), and its channel is marked.
    await wall.page.locator(`[data-testid="eq-out-of-service"][data-equipment-id="${unit.id}"]`).waitFor(WAIT);
    assert.match(await wall.page.locator(`[data-testid="eq-out-of-service"][data-equipment-id="${unit.id}"]`).textContent(), /停用/);
    await wall.page.screenshot({ path: shot('shelve-out-of-service-wall-cn.png') });
    await relang(wall.page, 'en');
    await wallReady(wall.page);
    await wall.page.locator(`[data-testid="eq-out-of-service"][data-equipment-id="${unit.id}"]`).getByText('Out of service').waitFor(WAIT);
    await wall.page.screenshot({ path: shot('shelve-out-of-service-wall-en.png') });

    // 6. Back in service with the mouse: the unit's tile no longer says it.
    await eqRow.getByRole('button', { name: c.setIn, exact: true }).click();
    await eqRow.getByTestId('equipment-out-of-service').waitFor({ state: 'detached', ...WAIT });
    await wall.page.locator(`[data-testid="eq-out-of-service"]`).waitFor({ state: 'detached', ...WAIT });
  } finally {
    await wall.context.close();
    await office.context.close();
    await call(baseUrl, 'POST', '/ball/fallwarning/service', { token: admin, body: { equipmentId: unit.id, inService: true } }).catch(() => undefined);
    await closeOpenWarnings(baseUrl, admin, boardId);
  }
}
