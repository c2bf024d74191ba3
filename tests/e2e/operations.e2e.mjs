// Browser test of the installation operations: through the operations screens a user creates a project (the
// unique key checked live, a location picked on the world map, a site plan uploaded), places new
// equipment on that site plan, opens a maintenance order on it, files a "not fixed" and then a
// "fixed" report, and sees the order completed — once in Chinese and once in English, each with
// its own project. The end state is checked in the screens and through the API. Screenshots of the
// project dialog with its site plan, the equipment on the plan and the order with its reports.
import assert from 'node:assert/strict';
import path from 'node:path';

const WAIT = { timeout: 30_000 };

const LABELS = {
  cn: {
    nav: '主导航',
    dir: '水景运维',
    projects: '项目管理',
    equipment: '设备台账',
    orders: '维修工单',
    username: '用户名',
    password: '密码',
    login: '登录',
    add: '新增',
    search: '查询',
    ok: '确定',
    close: '关闭',
    tabLocation: '地理位置',
    tabPlan: '平面图',
    name: '项目名称',
    uniqueKey: '唯一标识',
    keyTaken: '唯一标识已存在',
    keyFree: '唯一标识可用',
    longitude: '经度',
    latitude: '纬度',
    mapBackground: '地图背景（平面图）',
    pickLocation: '请在地图上点击选择位置',
    placed: /^已放置：X/,
    keyword: '关键字',
    eqKeyword: '名称 / 序列号',
    eqName: '设备名称',
    eqProject: '所属项目',
    orderName: '工单名称',
    orderProject: '项目',
    orderEquipment: '设备',
    detail: '详情',
    repairer: '维修人员',
    notes: '维修说明',
    notFixed: '未修复',
    fixed: '已修复',
    fileReport: '填写维修报告',
    status: '状态',
    actions: '操作',
    submitted: '已提交',
    repairing: '维修中',
    completed: '已完成',
  },
  en: {
    nav: 'Main navigation',
    dir: 'Operations',
    projects: 'Projects',
    equipment: 'Equipment',
    orders: 'Maintenance orders',
    username: 'Username',
    password: 'Password',
    login: 'Log in',
    add: 'Add',
    search: 'Search',
    ok: 'OK',
    close: 'Close',
    tabLocation: 'Location',
    tabPlan: 'Site plan',
    name: 'Project name',
    uniqueKey: 'Unique key',
    keyTaken: 'The unique key already exists',
    keyFree: 'The unique key is free',
    longitude: 'Longitude',
    latitude: 'Latitude',
    mapBackground: 'Map background (site plan)',
    pickLocation: 'Please click on the map to pick a location',
    placed: /^Placed: X/,
    keyword: 'Keyword',
    eqKeyword: 'Name / serial',
    eqName: 'Name',
    eqProject: 'Project',
    orderName: 'Name',
    orderProject: 'Project',
    orderEquipment: 'Equipment',
    detail: 'Details',
    repairer: 'Repairer',
    notes: 'Notes',
    notFixed: 'Not fixed',
    fixed: 'Fixed',
    fileReport: 'File a report',
    status: 'Status',
    actions: 'Actions',
    submitted: 'Submitted',
    repairing: 'Repairing',
    completed: 'Completed',
  },
};

/** GET/POST the API with the page's own session token; answers the envelope's data, throws on an error code. */
async function api(page, method, url, body) {
  const envelope = await page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(`/api${u}`, {
        method: m,
        headers: { 'content-type': 'application/json', Authorization: sessionStorage.getItem('TOKEN') ?? '' },
        body: b === null ? undefined : JSON.stringify(b),
      });
      return res.json();
    },
    [method, url, body ?? null],
  );
  if (envelope.code !== 0) throw new Error(`${method} ${url} → ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

async function signIn(page, baseUrl, L) {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel(L.username).fill('admin');
  await page.getByLabel(new RegExp(`^${L.password}`)).fill('admin123');
  await page.getByRole('button', { name: L.login, exact: true }).click();
  await page.waitForURL(/#\/main/, WAIT);
}

/** Opens a screen from the side navigation: its directory, then the entry. */
async function openScreen(page, L, entry, url) {
  const nav = page.getByRole('navigation', { name: L.nav });
  const link = nav.getByText(entry, { exact: true });
  if (!(await link.isVisible())) await nav.getByText(L.dir, { exact: true }).click();
  await link.click();
  await page.waitForURL(url, WAIT);
  await page.getByRole('table', { name: entry }).filter({ visible: true }).waitFor(WAIT);
}

/** The add button of the screen in view: screens opened earlier stay in the DOM, hidden in their tabs. */
const addButton = (page, L) => page.getByRole('button', { name: L.add, exact: true }).filter({ visible: true });

/** A site plan drawn by the browser itself (pools, paths, a pump house), as PNG bytes. */
async function sitePlanPng(page, title) {
  const base64 = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 800;
    const g = canvas.getContext('2d');
    g.fillStyle = '#f4f1e8';
    g.fillRect(0, 0, 1200, 800);
    g.fillStyle = '#cfe3ef';
    g.strokeStyle = '#5b7f95';
    g.lineWidth = 4;
    g.beginPath();
    g.ellipse(600, 400, 360, 220, 0, 0, Math.PI * 2);
    g.fill();
    g.stroke();
    g.fillStyle = '#9fc6dc';
    g.beginPath();
    g.arc(600, 400, 90, 0, Math.PI * 2);
    g.fill();
    g.stroke();
    g.fillStyle = '#d9d2c0';
    g.fillRect(0, 700, 1200, 40);
    g.fillRect(80, 0, 40, 800);
    g.fillStyle = '#b7a98a';
    g.fillRect(980, 80, 160, 110);
    g.fillStyle = '#333';
    g.font = '28px sans-serif';
    g.fillText(text, 40, 50);
    g.font = '20px sans-serif';
    g.fillText('Pump house', 995, 140);
    return canvas.toDataURL('image/png').split(',')[1];
  }, title);
  return Buffer.from(base64, 'base64');
}

/**
 * Picks the one option of a remote-search select: types a part of the name only that option has,
 * waits until exactly that option is listed, then picks it with the keyboard.
 */
async function pickRemote(page, scope, label, search, optionName) {
  const input = scope.getByLabel(label, { exact: true }).and(scope.locator('input:not([type="hidden"])'));
  await input.click();
  await input.fill(search);
  // The list keeps the previous answer while the next one loads, so wait for the answer to this search.
  await page.waitForFunction(
    (name) => {
      const shown = [...document.querySelectorAll('[role="listbox"] [role="option"]')].filter((o) => o.getClientRects().length > 0);
      return shown.length === 1 && shown[0].textContent.includes(name);
    },
    optionName,
    WAIT,
  );
  await input.press('ArrowDown');
  await input.press('Enter');
  await page.waitForFunction(([el, v]) => el.value === v, [await input.elementHandle(), optionName], WAIT);
}

async function flow({ baseUrl, browser, screenshotsDir }, lang) {
  const L = LABELS[lang];
  const stamp = `${lang}${Date.now().toString(36)}`;
  const projectName = lang === 'cn' ? `E2E 音乐喷泉 ${stamp}` : `E2E Music fountain ${stamp}`;
  const uniqueKey = `e2e-ops-${stamp}`;
  const equipmentName = lang === 'cn' ? `E2E 主泵 ${stamp}` : `E2E Main pump ${stamp}`;
  const orderName = lang === 'cn' ? `E2E 主泵异响 ${stamp}` : `E2E Pump noise ${stamp}`;
  const shot = (name) => ({ path: path.join(screenshotsDir, `operations-${name}-${lang}.png`) });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('LANGUAGE', l), lang);
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl, L);

    // 1. A new project: the unique key is checked while typing, a location is picked on the world
    //    map, and a site plan is uploaded.
    await openScreen(page, L, L.projects, /#\/main\/fall\/project/);
    const taken = (await api(page, 'POST', '/ball/fallproject/list', { page: 1, limit: 1 })).list[0].uniqueKey;
    await addButton(page, L).click();
    const dialog = page.getByRole('dialog', { name: `${L.projects} · ${L.add}` });
    await dialog.getByRole('textbox', { name: L.name }).fill(projectName);
    const keyInput = dialog.getByRole('textbox', { name: L.uniqueKey });
    await keyInput.fill(taken);
    await dialog.getByText(L.keyTaken).waitFor(WAIT);
    await keyInput.fill(uniqueKey);
    await dialog.getByText(L.keyFree).waitFor(WAIT);
    assert.equal(await dialog.getByText(L.keyTaken).count(), 0, 'a free key shows no clash');

    await dialog.getByRole('tab', { name: L.tabLocation }).click();
    const map = dialog.locator('.leaflet-container');
    await map.locator('path.leaflet-interactive').first().waitFor(WAIT); // the country outlines are drawn
    const box = await map.boundingBox();
    await map.click({ position: { x: box.width * 0.75, y: box.height * 0.4 } });
    const longitude = dialog.getByRole('textbox', { name: L.longitude });
    const latitude = dialog.getByRole('textbox', { name: L.latitude });
    await page.waitForFunction(([a, b]) => a.value !== '' && b.value !== '', [await longitude.elementHandle(), await latitude.elementHandle()], WAIT);
    const picked = { longitude: Number(await longitude.inputValue()), latitude: Number(await latitude.inputValue()) };
    assert.ok(Number.isFinite(picked.longitude) && Number.isFinite(picked.latitude), `a location was picked: ${JSON.stringify(picked)}`);

    await dialog.getByRole('tab', { name: L.tabPlan }).click();
    await dialog.getByLabel(L.mapBackground, { exact: true }).setInputFiles({ name: `site-plan-${stamp}.png`, mimeType: 'image/png', buffer: await sitePlanPng(page, projectName) });
    await dialog.getByRole('link', { name: `site-plan-${stamp}.png` }).waitFor(WAIT);
    const planImage = dialog.getByRole('img', { name: L.mapBackground, exact: true });
    await planImage.waitFor(WAIT);
    await page.waitForFunction((img) => img.complete && img.naturalWidth === 1200, await planImage.elementHandle(), WAIT);
    await page.screenshot(shot('project-dialog'));
    await dialog.getByRole('button', { name: L.ok, exact: true }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const projectSearch = page.getByRole('search').filter({ visible: true });
    await projectSearch.getByRole('textbox', { name: L.keyword, exact: true }).fill(uniqueKey);
    await projectSearch.getByRole('button', { name: L.search, exact: true }).click();
    await page.getByRole('table', { name: L.projects }).filter({ visible: true }).getByRole('row').filter({ hasText: uniqueKey }).waitFor(WAIT);

    const [project] = (await api(page, 'POST', '/ball/fallproject/list', { page: 1, limit: 10, keyword: uniqueKey })).list;
    assert.equal(project?.uniqueKey, uniqueKey, 'the project was saved');
    assert.equal(project.name, projectName);
    assert.ok(project.mapBackground, 'the site plan is attached');
    assert.ok(Math.abs(project.longitude - picked.longitude) < 1e-4 && Math.abs(project.latitude - picked.latitude) < 1e-4, 'the picked location is saved');

    // 2. New equipment of that project, placed by clicking its site plan.
    await openScreen(page, L, L.equipment, /#\/main\/fall\/eqInfo/);
    await addButton(page, L).click();
    const eqDialog = page.getByRole('dialog', { name: `${L.equipment} · ${L.add}` });
    await eqDialog.getByRole('textbox', { name: L.eqName, exact: true }).fill(equipmentName);
    await pickRemote(page, eqDialog, L.eqProject, stamp, projectName);
    const plan = eqDialog.getByRole('button', { name: L.pickLocation });
    await plan.waitFor(WAIT);
    await page.waitForFunction((el) => el.querySelector('img')?.complete && el.querySelector('img').naturalWidth === 1200, await plan.elementHandle(), WAIT);
    const planBox = await plan.boundingBox();
    await plan.click({ position: { x: planBox.width * 0.3, y: planBox.height * 0.6 } });
    const placed = eqDialog.getByText(L.placed);
    await placed.waitFor(WAIT);
    await placed.scrollIntoViewIfNeeded();
    await page.screenshot(shot('equipment-on-plan'));
    await eqDialog.getByRole('button', { name: L.ok, exact: true }).click();
    await eqDialog.waitFor({ state: 'detached', ...WAIT });
    // 2,040 demo rows: the new one is found through the query form.
    const eqSearch = page.getByRole('search').filter({ visible: true });
    await eqSearch.getByRole('textbox', { name: L.eqKeyword, exact: true }).fill(stamp);
    await eqSearch.getByRole('button', { name: L.search, exact: true }).click();
    await page.getByRole('table', { name: L.equipment }).filter({ visible: true }).getByRole('row').filter({ hasText: equipmentName }).waitFor(WAIT);
    const [equipment] = await api(page, 'POST', '/ball/falleqinfo/listAll', { projectId: project.id });
    assert.equal(equipment?.name, equipmentName);
    assert.ok(Math.abs(equipment.posX - 0.3) < 0.02 && Math.abs(equipment.posY - 0.6) < 0.02, `placed where clicked: ${equipment.posX}, ${equipment.posY}`);

    // 3. An order on that equipment.
    await openScreen(page, L, L.orders, /#\/main\/fall\/order/);
    await addButton(page, L).click();
    const orderDialog = page.getByRole('dialog', { name: `${L.orders} · ${L.add}` });
    await orderDialog.getByRole('textbox', { name: L.orderName, exact: true }).fill(orderName);
    await pickRemote(page, orderDialog, L.orderProject, stamp, projectName);
    await pickRemote(page, orderDialog, L.orderEquipment, stamp, equipmentName);
    await orderDialog.getByRole('button', { name: L.ok, exact: true }).click();
    await orderDialog.waitFor({ state: 'detached', ...WAIT });
    const orderSearch = page.getByRole('search').filter({ visible: true });
    await orderSearch.getByRole('textbox', { name: L.keyword, exact: true }).fill(orderName);
    await orderSearch.getByRole('button', { name: L.search, exact: true }).click();
    const orders = page.getByRole('table', { name: L.orders }).filter({ visible: true });
    const row = orders.getByRole('row').filter({ hasText: orderName });
    await row.getByText(L.submitted, { exact: true }).waitFor(WAIT);

    // 4. A "not fixed" report sends it to repairing, a "fixed" one completes it.
    await row.getByRole('button', { name: L.detail, exact: true }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(orderName) });
    const status = detail.locator(`dt:text-is("${L.status}") + dd`);
    await status.getByText(L.submitted, { exact: true }).waitFor(WAIT);
    const reportForm = detail.getByRole('form', { name: L.fileReport });
    const reports = [
      { repairer: lang === 'cn' ? '张师傅' : 'Sam Carter', result: L.notFixed, notes: lang === 'cn' ? '叶轮磨损，已订配件' : 'Worn impeller, part ordered', then: L.repairing },
      { repairer: lang === 'cn' ? '李师傅' : 'Jo Park', result: L.fixed, notes: lang === 'cn' ? '更换叶轮后运行正常' : 'Impeller replaced, runs quietly', then: L.completed },
    ];
    for (const report of reports) {
      await reportForm.getByRole('textbox', { name: L.repairer }).fill(report.repairer);
      await reportForm.getByText(report.result, { exact: true }).click();
      await reportForm.getByRole('textbox', { name: L.notes }).fill(report.notes);
      await reportForm.getByRole('button', { name: L.fileReport, exact: true }).click();
      const filed = detail.getByRole('row').filter({ hasText: report.notes });
      await filed.getByRole('cell', { name: report.result, exact: true }).waitFor(WAIT);
      await filed.getByRole('cell', { name: report.repairer, exact: true }).waitFor(WAIT);
      await status.getByText(report.then, { exact: true }).waitFor(WAIT);
    }
    await status.scrollIntoViewIfNeeded();
    await page.screenshot(shot('order-reports'));
    await detail.getByRole('button', { name: L.close, exact: true }).click();
    await detail.waitFor({ state: 'detached', ...WAIT });
    await row.getByText(L.completed, { exact: true }).waitFor(WAIT);
    // One actions column (details, flow steps, edit, delete), and no tag cut short ("REP…").
    assert.equal(await orders.getByRole('columnheader', { name: L.actions, exact: true }).count(), 1, 'one actions column');
    // A tag is cut when it overflows its cell (cells clip) or its own box (a badge's ellipsis).
    const clipped = await orders.locator('td [data-color], td .mantine-Badge-label').evaluateAll((tags) =>
      tags
        .filter((t) => {
          const tag = t.getBoundingClientRect();
          const cell = t.closest('td').getBoundingClientRect();
          return t.scrollWidth > t.clientWidth || tag.right > cell.right + 0.5 || tag.left < cell.left - 0.5;
        })
        .map((t) => t.textContent),
    );
    assert.ok((await orders.locator('td [data-color]').count()) > 0, 'the list shows status tags');
    assert.deepEqual(clipped, [], 'tags shown in full');
    await page.screenshot(shot('order-list'));

    // 5. The server agrees: the order is completed with its two reports, oldest first.
    const { list } = await api(page, 'POST', '/ball/fallorder/list', { page: 1, limit: 10, keyword: orderName });
    assert.equal(list.length, 1, 'one order of that name');
    const order = await api(page, 'GET', `/ball/fallorder/info/${list[0].id}`);
    assert.equal(order.status, 'completed');
    assert.equal(order.projectId, project.id);
    assert.equal(order.equipmentId, equipment.id);
    assert.ok(order.completedAt, 'the completion time is set');
    assert.deepEqual(
      order.reports.map((r) => [r.repairer, r.result, r.notes]).sort(),
      [
        [reports[0].repairer, 'not_fixed', reports[0].notes],
        [reports[1].repairer, 'fixed', reports[1].notes],
      ].sort(),
    );
  } catch (error) {
    await page.screenshot(shot('failure')).catch(() => undefined); // what the screen showed when it failed
    throw error;
  } finally {
    await context.close();
  }
}

export const tests = {
  'project, site plan, equipment on the plan, order with a not-fixed and a fixed report (cn)': (ctx) => flow(ctx, 'cn'),
  'project, site plan, equipment on the plan, order with a not-fixed and a fixed report (en)': (ctx) => flow(ctx, 'en'),
};
