// Browser test of usage analytics against the real server (demo mode: analytics.enabled on): page
// views and a list's Add press are sent in batches (not one request per event, and not before
// 3000 ms), what is queued when the page is left still arrives (keepalive on pagehide), and the
// usage screen (sys/analytics) shows them per screen in both languages. Screenshots at 1440 px.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';

const WAIT = { timeout: 30_000 };

export const tests = {
  async 'page views and actions reach the usage screen in batches, and the last ones on leaving the page'({ baseUrl, browser, screenshotsDir }) {
    const { token } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
    const views = async (screen) => {
      const usage = await call(baseUrl, 'POST', '/sys/analytics/list', { token, body: { days: 7 } });
      return usage.screens.find((s) => s.screen === screen) ?? { views: 0, actions: 0 };
    };
    const texts = { cn: { add: '新增', byScreen: '按页面', orders: '维修工单' }, en: { add: 'Add', byScreen: 'By screen', orders: 'Maintenance orders' } };

    for (const lang of ['cn', 'en']) {
      const t = texts[lang];
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(
        ([l, tk]) => {
          localStorage.setItem('LANGUAGE', l);
          if (!sessionStorage.getItem('TOKEN')) sessionStorage.setItem('TOKEN', tk);
        },
        [lang, token],
      );
      const page = await context.newPage();
      const isBatch = (r) => r.url().endsWith('/api/analytics/events') && r.method() === 'POST';
      const batches = [];
      page.on('request', (r) => {
        if (isBatch(r)) batches.push({ at: Date.now(), request: r, events: JSON.parse(r.postData() ?? '{}').events });
      });
      // Answered, the batch that carries an event like this one: it may have left before the wait
      // began (a loaded machine takes 3 s to open the dialog), so the batches already sent are looked
      // at first, and only then the next request waited for.
      const answered = async (wanted) => {
        for (;;) {
          const hit = batches.find((b) => b.events.some(wanted));
          if (hit) return hit.request.response();
          await page.waitForRequest(isBatch, WAIT);
        }
      };
      const before = await views('/main/fall/order');
      const started = Date.now();
      await page.goto(`${baseUrl}/#/main/fall/order`);
      const orders = page.getByRole('tabpanel').filter({ has: page.getByRole('table') });
      await orders.getByRole('button', { name: t.add, exact: true }).first().click(WAIT);
      await page.getByRole('dialog').first().waitFor(WAIT);
      await page.keyboard.press('Escape');
      // Their answers, not only the requests: the stored counts are read right after.
      await answered((e) => e.kind === 'view' && e.screen === '/main/fall/order');
      await answered((e) => e.kind === 'action' && e.action === 'fall-order#save');
      const first = batches[0];
      assert.ok(first.at - started >= 2900, `the first batch waits 3000 ms (${first.at - started} ms)`);
      const sent = batches.flatMap((b) => b.events);
      assert.ok(sent.some((e) => e.kind === 'view' && e.screen === '/main/fall/order'), JSON.stringify(sent));
      assert.ok(sent.some((e) => e.kind === 'action' && e.action === 'fall-order#save'), JSON.stringify(sent));
      assert.ok(batches.length < sent.length, 'events travel in batches');
      const after = await views('/main/fall/order');
      assert.ok(after.views > before.views && after.actions > before.actions, `stored: ${JSON.stringify({ before, after })}`);

      // Left within the 3000 ms: the queued view still arrives (keepalive fetch on pagehide).
      const roles = await views('/main/sys/role');
      // The roles screen's own list answered (the orders' table, still in its tab, is no sign the
      // route changed: leaving on it left before the view was counted).
      const rolesListed = page.waitForResponse((r) => r.url().includes('/api/sys/role/list'), WAIT);
      await page.goto(`${baseUrl}/#/main/sys/role`);
      await rolesListed;
      await page.goto('about:blank');
      let arrived = false;
      for (let i = 0; i < 20 && !arrived; i += 1) {
        arrived = (await views('/main/sys/role')).views > roles.views;
        if (!arrived) await new Promise((r) => setTimeout(r, 250));
      }
      assert.ok(arrived, 'the page view queued when the page was left reached the server');

      await page.goto(`${baseUrl}/#/main/sys/analytics`);
      const byScreen = page.getByRole('table', { name: t.byScreen });
      await byScreen.waitFor(WAIT);
      await byScreen.getByText(t.orders, { exact: true }).waitFor(WAIT);
      await page.screenshot({ path: path.join(screenshotsDir, `usage-${lang}.png`) });
      await context.close();
    }
  },
};
