// Browser tests of the back-office shell: sign-in, menus as tabs, language, reload, logout,
// and a limited user who sees only their menus and gets /403 on a direct link.
import assert from 'node:assert/strict';
import path from 'node:path';

async function signIn(page, baseUrl, username, password) {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel(/用户名|Username/).fill(username);
  await page.getByLabel(/^(密码|Password)/).fill(password);
  await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
  await page.waitForURL(/#\/main/, { timeout: 30_000 });
}

export const tests = {
  async 'admin opens two screens as tabs, switches language, reloads, logs out'({ baseUrl, browser, screenshotsDir }) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signIn(page, baseUrl, 'admin', 'admin123');
      const nav = page.getByRole('navigation', { name: '主导航' });
      await nav.getByText('系统管理', { exact: true }).click();
      await nav.getByText('用户管理', { exact: true }).click();
      await page.waitForURL(/#\/main\/sys\/user/);
      await nav.getByText('角色管理', { exact: true }).click();
      await page.waitForURL(/#\/main\/sys\/role/);
      const tabs = page.getByRole('tablist', { name: '已打开的页面' });
      await tabs.getByRole('tab', { name: /用户管理/ }).waitFor();
      await tabs.getByRole('tab', { name: /角色管理/ }).waitFor();
      await page.screenshot({ path: path.join(screenshotsDir, 'back-office-tabs-cn.png') });

      await page.getByRole('button', { name: '语言' }).first().click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Roles', { exact: true }).waitFor();

      await page.reload();
      const tabsEn = page.getByRole('tablist', { name: 'Open screens' });
      await tabsEn.getByRole('tab', { name: /Users/ }).waitFor({ timeout: 30_000 });
      await tabsEn.getByRole('tab', { name: /Roles/ }).waitFor();
      assert.match(page.url(), /#\/main\/sys\/role/);
      assert.equal(await page.evaluate(() => localStorage.getItem('LANGUAGE')), 'en');
      await page.screenshot({ path: path.join(screenshotsDir, 'back-office-tabs-en.png') });

      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL(/#\/login/);
      assert.equal(await page.evaluate(() => sessionStorage.getItem('TOKEN')), null);
      // After logout the back-office is closed again.
      await page.goto(`${baseUrl}/#/main/sys/user`);
      await page.waitForURL(/#\/login/);
    } finally {
      await context.close();
    }
  },

  async 'a limited user sees only their menus and gets 403 on a direct link'({ baseUrl, browser, screenshotsDir }) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await page.addInitScript(() => localStorage.setItem('LANGUAGE', 'en'));
      await signIn(page, baseUrl, 'operator', 'operator123');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByText('Operations', { exact: true }).waitFor();
      assert.equal(await nav.getByText('System', { exact: true }).count(), 0, 'operator must not see System');
      assert.equal(await nav.getByText('Scheduling', { exact: true }).count(), 0, 'operator must not see Scheduling');
      await page.screenshot({ path: path.join(screenshotsDir, 'back-office-operator-en.png') });
      await page.goto(`${baseUrl}/#/main/sys/user`);
      await page.waitForURL(/#\/403/, { timeout: 30_000 });
      // The server refuses the same data directly.
      const status = await page.evaluate(async () => {
        const res = await fetch('/api/sys/user/list', {
          method: 'POST',
          headers: { 'content-type': 'application/json', Authorization: sessionStorage.getItem('TOKEN') ?? '' },
          body: JSON.stringify({ page: 1, limit: 10 }),
        });
        return res.status;
      });
      assert.equal(status, 403);
    } finally {
      await context.close();
    }
  },
};
