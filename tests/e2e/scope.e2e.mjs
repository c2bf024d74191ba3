// Browser test of a role's data scope (issue 25, docs/access.md): the administrator, with the mouse,
// makes a role limited to two projects (picked from the searchable project list), gives it to a new
// user (the role picked from the list), signs out and signs in as that user; the project list holds
// those two projects only, and the overview wall counts only theirs — in Chinese and in English.
// Screenshots: test-results/screenshots/scope-projects-{cn,en}.png and scope-wall-{cn,en}.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';
import { WAIT, countersDone, openScreen, signIn, topmostClick } from './helpers.mjs';

const READY_MS = 45_000;
const kpiValue = (page, key) => page.locator(`[data-kpi="${key}"] [data-value]`).first().getAttribute('data-value');

/** The overview wall drawn by the app itself: every panel ready, the server's first frame gone. */
async function wallReady(page) {
  await page.waitForFunction(
    () => {
      const panels = [...document.querySelectorAll('[data-panel]')];
      return panels.length > 0 && panels.every((p) => p.getAttribute('data-ready') === 'true') && !document.getElementById('wall-frame');
    },
    undefined,
    { timeout: READY_MS },
  );
}

export const tests = {
  async 'the administrator makes a role of two projects with the mouse; its user sees only those'({ baseUrl, browser, screenshotsDir }) {
    const shot = (name) => ({ path: path.join(screenshotsDir, name) });
    const suffix = Date.now().toString(36);
    const roleName = `西湖运维${suffix}`;
    const username = `westlake${suffix}`;
    const password = 'westlake123';
    const admin = (await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } })).token;
    // Two projects of the demo that have equipment, so the wall has something of theirs to count.
    const projects = (await call(baseUrl, 'POST', '/ball/fallproject/listAll', { token: admin, body: {} })).filter((p) => p.status === 'A').slice(0, 2);
    assert.equal(projects.length, 2);
    const all = await call(baseUrl, 'GET', '/ball/fallproject/countProjects', { token: admin });
    assert.ok(all.total > 2, 'the demo has more projects than the scope');

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      // 1. The role: scope "chosen projects", two picked with the mouse, every menu granted.
      await signIn(page, baseUrl, 'admin', 'admin123');
      await openScreen(page, '系统管理', '角色管理', /#\/main\/sys\/role/);
      await topmostClick(page, page.getByRole('tabpanel', { name: '角色管理' }).getByRole('button', { name: '新增', exact: true }));
      const roleDialog = page.getByRole('dialog', { name: '角色管理 · 新增' });
      await roleDialog.getByRole('textbox', { name: '角色编码' }).fill(`westlake_${suffix}`);
      await roleDialog.getByRole('textbox', { name: '角色名称' }).fill(roleName);
      await roleDialog.getByRole('textbox', { name: '英文名称' }).fill(`West Lake ${suffix}`);
      await topmostClick(page, roleDialog.getByText('指定项目', { exact: true }));
      const picker = roleDialog.getByLabel('可见项目').and(roleDialog.locator('input:not([type="hidden"])'));
      for (const p of projects) {
        await topmostClick(page, picker);
        // The list is searchable: a few letters of the name narrow it, the option is clicked.
        await picker.pressSequentially(p.name.slice(0, 2));
        await topmostClick(page, page.getByRole('option', { name: p.name, exact: true }));
        await roleDialog.getByText(p.name, { exact: true }).first().waitFor(WAIT);
      }
      // A click beside the picker closes its list, as a person would.
      await topmostClick(page, roleDialog.getByText('数据范围', { exact: true }));
      await page.getByRole('listbox').waitFor({ state: 'hidden', ...WAIT });
      await topmostClick(page, roleDialog.getByRole('button', { name: '全选', exact: true }));
      await topmostClick(page, roleDialog.getByRole('button', { name: '确定' }));
      await roleDialog.waitFor({ state: 'detached', ...WAIT });
      await page.getByRole('table', { name: '角色管理' }).getByText(roleName).waitFor(WAIT);
      const role = (await call(baseUrl, 'POST', '/sys/role/listAll', { token: admin, body: {} })).find((r) => r.name === roleName);
      assert.equal(role.dataScope, 'projects');
      assert.deepEqual(role.projectIdList, projects.map((p) => p.id).sort((a, b) => a - b));

      // 2. A user holding it, the role picked from the list with the mouse.
      await openScreen(page, '系统管理', '用户管理', /#\/main\/sys\/user/);
      await topmostClick(page, page.getByRole('tabpanel', { name: '用户管理' }).getByRole('button', { name: '新增', exact: true }));
      const userDialog = page.getByRole('dialog', { name: '用户管理 · 新增' });
      await userDialog.getByRole('textbox', { name: '用户名' }).fill(username);
      await userDialog.getByLabel(/^密码/).fill(password);
      await userDialog.getByRole('textbox', { name: '姓名', exact: true }).fill('西湖运维');
      const rolePicker = userDialog.getByLabel('角色', { exact: true }).and(userDialog.locator('input:not([type="hidden"])'));
      await topmostClick(page, rolePicker);
      await rolePicker.pressSequentially(suffix);
      await topmostClick(page, page.getByRole('option', { name: roleName }));
      await userDialog.getByText(roleName).waitFor(WAIT);
      await topmostClick(page, userDialog.getByRole('button', { name: '确定' }));
      await userDialog.waitFor({ state: 'detached', ...WAIT });
      await page.getByRole('table', { name: '用户管理' }).getByText(username).waitFor(WAIT);

      // 3. Sign out, sign in as the user.
      await topmostClick(page, page.getByRole('button', { name: '用户菜单' }));
      await topmostClick(page, page.getByRole('menuitem', { name: '退出登录' }));
      await page.waitForURL(/#\/login/, WAIT);
    } finally {
      await context.close();
    }

    const token = (await call(baseUrl, 'POST', '/sys/login', { body: { username, password, captcha: '', uuid: '' } })).token;
    const broken = (await call(baseUrl, 'GET', '/ball/fallproject/groupDevice', { token })).reduce((n, g) => n + g.broken, 0);
    const brokenOfTwo = (await Promise.all(projects.map((p) => call(baseUrl, 'GET', `/ball/fallproject/groupDevice?projectId=${p.id}`, { token: admin }))))
      .flat()
      .reduce((n, g) => n + g.broken, 0);
    assert.equal(broken, brokenOfTwo, "the user's broken units are those of the two projects");

    for (const [lang, nav, dir, entry] of [['cn', '主导航', '水景运维', '项目管理'], ['en', 'Main navigation', 'Operations', 'Projects']]) {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const p = await ctx.newPage();
      try {
        await signIn(p, baseUrl, username, password, lang);
        // 4. The project list: the two projects, nothing else.
        await openScreen(p, dir, entry, /#\/main\/fall\/project/, nav);
        const table = p.getByRole('table', { name: entry });
        for (const project of projects) await table.getByText(lang === 'en' && project.nameEn ? project.nameEn : project.name, { exact: true }).first().waitFor(WAIT);
        assert.equal(await table.locator('tbody tr').count(), 2, `${lang}: the project list holds the two projects only`);
        await p.screenshot(shot(`scope-projects-${lang}.png`));
        // 5. The overview wall counts their projects and their broken units only.
        await p.goto(`${baseUrl}/#/page`);
        await wallReady(p);
        await countersDone(p);
        assert.equal(await kpiValue(p, 'projects'), '2', `${lang}: the wall counts the two projects`);
        assert.equal(await kpiValue(p, 'broken'), String(broken), `${lang}: the wall's broken units are theirs`);
        await p.screenshot(shot(`scope-wall-${lang}.png`));
      } finally {
        await ctx.close();
      }
    }
  },
};
