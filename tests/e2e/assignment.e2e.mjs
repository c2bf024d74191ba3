// Browser test of assignment (docs/maintenance.md "Assignment and notifications"): the technician
// (operator, 李工) signs in with the mouse, sees the bell's unread count in the header, opens the bell,
// opens My orders from the side navigation, and opens the order that waits for its channel to confirm
// the repair: its status reads "Confirming". In both languages, 1366×768, a laptop in the
// plant room. Screenshots: assignment-*.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';
import { WAIT, NAV, openScreen, signIn, topmostClick } from './helpers.mjs';

const T = {
  en: { dir: 'Operations', entry: 'My orders', nav: 'Main navigation', bell: 'Notifications', unread: (n) => `${n} unread`, waiting: 'Confirming', title: 'My orders' },
  cn: { dir: '水景运维', entry: '我的工单', nav: NAV, bell: '通知', unread: (n) => `${n} 条未读`, waiting: '待确认', title: '我的工单' },
};
const VIEW = { width: 1366, height: 768 };

export async function run({ baseUrl, screenshotsDir, browser }) {
  const shot = (name) => path.join(screenshotsDir, name);
  const login = async (username, password) => (await call(baseUrl, 'POST', '/sys/login', { body: { username, password, captcha: '', uuid: '' } })).token;
  const admin = await login('admin', 'admin123');
  // The demo's repairs awaiting confirmation complete once their channels have read normal for
  // orders.confirmMinutes (10): held open for the length of this test, then set back.
  await call(baseUrl, 'POST', '/sys/config/update', { token: admin, body: { key: 'orders.confirmMinutes', value: '1440' } });
  try {
    const operator = await login('operator', 'operator123');
    const mine = await call(baseUrl, 'GET', '/ball/myorder/list', { token: operator });
    const waiting = mine.find((o) => o.status === 'confirming');
    assert.ok(waiting, `the demo assigns the technician an order awaiting confirmation: ${JSON.stringify(mine.map((o) => o.status))}`);
    // Overdue first, then by due time.
    const dues = mine.map((o) => [o.overdue, Date.parse(o.dueAt)]);
    for (let i = 1; i < dues.length; i++) assert.ok(dues[i - 1][0] > dues[i][0] || (dues[i - 1][0] === dues[i][0] && dues[i - 1][1] <= dues[i][1]), 'My orders is sorted by due time, overdue first');

    for (const lang of ['en', 'cn']) {
      const t = T[lang];
      const context = await browser.newContext({ viewport: VIEW });
      const page = await context.newPage();
      try {
        await signIn(page, baseUrl, 'operator', 'operator123', lang);
        const { unread } = await call(baseUrl, 'GET', '/sys/notification/list', { token: operator });
        assert.ok(unread > 0, 'the demo leaves the technician unread notifications');
        // The bell in the header, with its count.
        const bell = page.getByTestId('notification-bell');
        await bell.waitFor({ state: 'visible', ...WAIT });
        await page.waitForFunction((n) => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === String(n), unread, WAIT);
        assert.equal(await bell.getAttribute('aria-label'), `${t.bell} · ${t.unread(unread)}`);
        const badge = page.locator('.mantine-Indicator-indicator').filter({ hasText: String(unread > 99 ? '99+' : unread) });
        await badge.waitFor({ state: 'visible', ...WAIT });
        await topmostClick(page, bell);
        const dropdown = page.locator('.mantine-Popover-dropdown').filter({ hasText: t.unread(unread) });
        await dropdown.waitFor({ state: 'visible', ...WAIT });
        assert.ok((await dropdown.locator('[data-notification]').count()) > 0, 'the bell lists the notifications');
        // Its fade-in over, so the picture shows it as a person sees it.
        await page.waitForFunction(() => [...document.querySelectorAll('.mantine-Popover-dropdown')].some((el) => getComputedStyle(el).opacity === '1'), undefined, WAIT);
        await page.screenshot({ path: shot(`assignment-bell-${lang}.png`) });
        // The bell again closes it.
        await bell.click();
        await dropdown.waitFor({ state: 'hidden', ...WAIT });

        // My orders from the menu; the order awaiting confirmation, opened with the mouse.
        await openScreen(page, t.dir, t.entry, /#\/main\/fall\/my-order/, t.nav);
        const panel = page.getByRole('tabpanel', { name: t.title });
        const table = panel.getByRole('table', { name: t.title });
        await table.waitFor(WAIT);
        assert.equal(await table.locator('tbody tr').count(), mine.length);
        const row = table.locator(`tr[data-order="${waiting.id}"]`);
        await row.getByText(t.waiting, { exact: true }).waitFor(WAIT);
        await page.screenshot({ path: shot(`assignment-my-orders-${lang}.png`) });
        await topmostClick(page, row.getByRole('button', { name: waiting.number }));
        const dialog = page.locator('[role="dialog"][aria-modal]').filter({ hasText: waiting.number }).last();
        await dialog.waitFor({ state: 'visible', ...WAIT });
        await dialog.getByText(t.waiting, { exact: true }).first().waitFor(WAIT);
        await dialog.getByTestId('order-assignments').waitFor(WAIT);
        await page.screenshot({ path: shot(`assignment-order-${lang}.png`) });
      } finally {
        await context.close();
      }
    }
  } finally {
    await call(baseUrl, 'POST', '/sys/config/update', { token: admin, body: { key: 'orders.confirmMinutes', value: '10' } });
  }
}
