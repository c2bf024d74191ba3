// Browser test of system administration: an administrator grants a new role two menus and one button
// through the role screen, gives it to a new user, and that user sees exactly that; the server
// refuses what the grant does not cover; a forced logout from online users ends the user's session
// at once (their page goes to the login page by itself). Screenshots of the role dialog, user list and online users in cn and en.
import assert from 'node:assert/strict';
import path from 'node:path';
import { openScreen, signIn, WAIT } from './helpers.mjs';

/**
 * The add button of one screen. Screens opened earlier stay mounted in their hidden tab panels, and
 * just after a tab switch the previous screen's button is still visible for a moment: a page-wide
 * "visible" filter could pick it and then wait on it for good. The open screen's tab panel (named by
 * its tab) holds exactly one.
 */
const addButton = (page, screen) => page.getByRole('tabpanel', { name: screen }).getByRole('button', { name: '新增', exact: true });

/** POST to the API with the page's own session token; returns the HTTP status. */
const apiStatus = (page, url, body) =>
  page.evaluate(
    async ([u, b]) =>
      (await fetch(u, { method: 'POST', headers: { 'content-type': 'application/json', Authorization: sessionStorage.getItem('TOKEN') ?? '' }, body: JSON.stringify(b) })).status,
    [url, body],
  );

export const tests = {
  async 'a role of two menus and one button, a user holding it, refusal by the server, forced logout'({ baseUrl, browser, screenshotsDir }) {
    const suffix = Date.now().toString(36);
    const roleCode = `clerk_${suffix}`;
    const roleName = `账单文员${suffix}`;
    const username = `clerk${suffix}`;
    const password = 'clerk123';
    const shot = (name) => ({ path: path.join(screenshotsDir, name) });

    const userContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await userContext.newPage();
    const admin = await adminContext.newPage();
    try {
      // 1. As admin, through the role screen: customers with only its list button, and bill records
      //    as a bare menu (checking its list button adds the menu, unchecking it leaves the menu).
      await signIn(page, baseUrl, 'admin', 'admin123');
      await openScreen(page, '系统管理', '角色管理', /#\/main\/sys\/role/);
      await addButton(page, '角色管理').click();
      const roleDialog = page.getByRole('dialog', { name: '角色管理 · 新增' });
      await roleDialog.getByRole('textbox', { name: '角色编码' }).fill(roleCode);
      await roleDialog.getByRole('textbox', { name: '角色名称' }).fill(roleName);
      await roleDialog.getByRole('textbox', { name: '英文名称' }).fill(`Bill clerk ${suffix}`);
      await roleDialog.getByRole('button', { name: '应用管理', exact: true }).click();
      await roleDialog.getByRole('button', { name: '客户管理', exact: true }).click();
      await roleDialog.getByRole('checkbox', { name: '查询', exact: true }).check();
      await roleDialog.getByRole('button', { name: '客户管理', exact: true }).click();
      await roleDialog.getByRole('button', { name: '账单记录', exact: true }).click();
      await roleDialog.getByRole('checkbox', { name: '查询', exact: true }).check();
      await roleDialog.getByRole('checkbox', { name: '查询', exact: true }).uncheck();
      // directory 应用管理, menus 客户管理 and 账单记录, button app-user#list
      await roleDialog.getByText('已授权 4 项').waitFor();
      await page.screenshot(shot('admin-role-dialog-cn.png'));
      await roleDialog.getByRole('button', { name: '确定' }).click();
      await roleDialog.waitFor({ state: 'detached', ...WAIT });
      await page.getByRole('table', { name: '角色管理' }).getByText(roleCode).waitFor(WAIT);

      // 2. A user holding that role.
      await openScreen(page, '系统管理', '用户管理', /#\/main\/sys\/user/);
      await addButton(page, '用户管理').click();
      const userDialog = page.getByRole('dialog', { name: '用户管理 · 新增' });
      await userDialog.getByRole('textbox', { name: '用户名' }).fill(username);
      await userDialog.getByLabel(/^密码/).fill(password);
      await userDialog.getByRole('textbox', { name: '姓名', exact: true }).fill('账单文员');
      // The role picker searches as one types; the only match is picked with the keyboard.
      const rolePicker = userDialog.getByLabel('角色', { exact: true }).and(userDialog.locator('input:not([type="hidden"])'));
      await rolePicker.click();
      await rolePicker.pressSequentially(suffix);
      await page.getByRole('option', { name: roleName }).waitFor();
      await rolePicker.press('ArrowDown');
      await rolePicker.press('Enter');
      await userDialog.getByText(roleName).waitFor();
      await userDialog.getByRole('button', { name: '确定' }).click();
      await userDialog.waitFor({ state: 'detached', ...WAIT });
      const users = page.getByRole('table', { name: '用户管理' });
      await users.getByText(username).waitFor(WAIT);
      await page.screenshot(shot('admin-user-list-cn.png'));

      // 3. Sign out, sign in as the new user: exactly the two menus, the list but no add button.
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.waitForURL(/#\/login/, WAIT);
      await signIn(page, baseUrl, username, password);
      const nav = page.getByRole('navigation', { name: '主导航' });
      await openScreen(page, '应用管理', '客户管理', /#\/main\/app\/user/);
      await nav.getByText('账单记录', { exact: true }).waitFor();
      for (const hidden of ['账单管理', '系统管理', '水景运维', '定时任务', '文件存储', '大屏展示']) {
        assert.equal(await nav.getByText(hidden, { exact: true }).count(), 0, `${hidden} must not be shown`);
      }
      const customers = page.getByRole('table', { name: '客户管理' });
      await customers.getByText('杭州西湖文旅集团').waitFor(WAIT);
      assert.equal(await page.getByRole('button', { name: '新增', exact: true }).count(), 0, 'no add button without app-user#save');
      assert.equal(await page.getByRole('button', { name: '导出', exact: true }).count(), 0, 'no export button without app-user#export');

      // 4. The server refuses what the grant does not cover, and allows what it does.
      assert.equal(await apiStatus(page, '/api/app/user/list', { page: 1, limit: 10 }), 200);
      assert.equal(await apiStatus(page, '/api/app/user/save', { name: 'Sneaky' }), 403);
      assert.equal(await apiStatus(page, '/api/app/bill-record/list', { page: 1, limit: 10 }), 403);
      assert.equal(await apiStatus(page, '/api/sys/user/list', { page: 1, limit: 10 }), 403);

      // 5. Admin, in a second browser, forces the user out from online users.
      await signIn(admin, baseUrl, 'admin', 'admin123');
      await openScreen(admin, '系统管理', '在线用户', /#\/main\/sys\/online-user/);
      const online = admin.getByRole('table', { name: '在线用户' });
      const row = online.getByRole('row').filter({ hasText: username });
      await row.waitFor(WAIT);
      await admin.screenshot(shot('admin-online-users-cn.png'));
      await row.getByRole('button', { name: '强制下线' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
      await row.waitFor({ state: 'detached', ...WAIT });

      // 6. The user lands on the login page by itself, touching nothing: the session's live stream
      //    ended with 'revoked' when it was kicked out (issue 26), as a 401 on the next action would.
      const kicked = Date.now();
      await page.waitForURL(/#\/login/, WAIT);
      console.log(`    forced logout → the user's login page: ${Date.now() - kicked} ms`);
      assert.equal(await page.evaluate(() => sessionStorage.getItem('TOKEN')), null);

      // 7. The same screens in English.
      await admin.getByRole('button', { name: '语言' }).first().click();
      await admin.getByRole('menuitem', { name: 'English' }).click();
      await admin.getByRole('table', { name: 'Online users' }).waitFor(WAIT);
      await admin.screenshot(shot('admin-online-users-en.png'));
      await openScreen(admin, 'System', 'Roles', /#\/main\/sys\/role/, 'Main navigation');
      const roles = admin.getByRole('table', { name: 'Roles' });
      await roles.getByRole('row').filter({ hasText: roleCode }).getByRole('button', { name: 'Edit' }).click();
      const editDialog = admin.getByRole('dialog', { name: 'Roles · Edit' });
      await editDialog.getByRole('textbox', { name: 'Role code' }).waitFor();
      await editDialog.getByText('4 granted').waitFor(WAIT);
      await editDialog.getByRole('button', { name: 'Expand all' }).click();
      await admin.screenshot(shot('admin-role-dialog-en.png'));
      await editDialog.getByRole('button', { name: 'Cancel' }).click();
      await openScreen(admin, 'System', 'Users', /#\/main\/sys\/user/, 'Main navigation');
      await admin.getByRole('table', { name: 'Users' }).getByText(username).waitFor(WAIT);
      await admin.screenshot(shot('admin-user-list-en.png'));
    } finally {
      await userContext.close();
      await adminContext.close();
    }
  },

  async 'a wall opened from the scene list in a new tab keeps the session, no second sign-in'({ baseUrl, browser }) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, baseUrl, 'admin', 'admin123');
      await page.goto(`${baseUrl}/#/main/ship/scene-list`);
      const open = page.getByRole('link', { name: '打开大屏' }).first();
      await open.waitFor(WAIT);
      const [wall] = await Promise.all([context.waitForEvent('page', WAIT), open.click()]);
      await wall.waitForLoadState();
      // The new tab starts with a copy of this tab's session: the wall draws, it does not ask to sign in.
      await wall.locator('[data-panel], [data-testid="project-wall"]').first().waitFor(WAIT);
      assert.doesNotMatch(wall.url(), /#\/login/);
      assert.ok(await wall.evaluate(() => sessionStorage.getItem('TOKEN')), 'the wall tab has the session token');
    } finally {
      await context.close();
    }
  },
};

