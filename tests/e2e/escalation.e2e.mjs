// Browser test of escalation to people (docs/escalation.md): the manager names a chat webhook for a
// project's level 1 on the Escalation recipients screen, with the mouse; a board's channel faults
// through the device path and nobody acknowledges it; with alarm.notifyMinutes set short (0.1 min)
// the server's own escalation job POSTs to a webhook receiver this test runs on 127.0.0.1; the
// operator then opens the warning's notifications in the warnings list and reads "Sent". A second
// recipient on a host not on the allow-list is recorded as refused and never called.
// Screenshots: escalation-recipients-{en,cn}.png, escalation-notices-{en,cn}.png.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import path from 'node:path';
import { call, freePort } from './server.mjs';
import { signedState } from '../bench/fleet-publisher.mjs';

const WAIT = { timeout: 30_000 };
/** The job sweeps every 15 s; the level is reached 6 s after the fault. */
const NOTIFIED_MS = 60_000;

const L = {
  en: { title: 'Escalation recipients', add: 'Add', project: 'Project', level: 'Level', channel: 'By', webhook: 'Webhook (chat)', address: 'Address', name: 'Name', ok: 'OK', warnings: 'Warnings', notices: 'Notifications', sent: 'Sent', refused: 'Refused (host not allowed)' },
  cn: { title: '告警升级通知', add: '新增', project: '项目', level: '升级级别', channel: '方式', webhook: 'Webhook（聊天工具）', address: '地址', name: '名称', ok: '确定', warnings: '告警记录', notices: '通知记录', sent: '已发送', refused: '已拒绝（地址不在允许列表）' },
};

async function pageAs(browser, token, lang) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ([l, t]) => {
      localStorage.setItem('LANGUAGE', l);
      if (!sessionStorage.getItem('TOKEN')) sessionStorage.setItem('TOKEN', t);
    },
    [lang, token],
  );
  return { context, page: await context.newPage() };
}

async function pickRemote(page, scope, label, search, optionName) {
  const input = scope.getByLabel(label, { exact: true }).and(scope.locator('input:not([type="hidden"])'));
  await input.click();
  await input.fill(search);
  await page.waitForFunction(
    (name) => {
      const shown = [...document.querySelectorAll('[role="listbox"] [role="option"]')].filter((o) => o.getClientRects().length > 0);
      return shown.length === 1 && shown[0].textContent.includes(name);
    },
    optionName,
    WAIT,
  );
  await page.locator('[role="listbox"] [role="option"]').filter({ visible: true }).first().click();
}

export async function run({ baseUrl, screenshotsDir, browser }) {
  const received = [];
  const hooks = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push({ path: req.url, body: JSON.parse(text || '{}') });
      res.writeHead(200).end('ok');
    });
  });
  const hookPort = await freePort();
  await new Promise((resolve) => hooks.listen(hookPort, '127.0.0.1', resolve));
  const { token: admin } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
  const { token: manager } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'manager', password: 'manager123', captcha: '', uuid: '' } });
  const { token: operator } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'operator', password: 'operator123', captcha: '', uuid: '' } });
  await call(baseUrl, 'POST', '/sys/config/update', { token: admin, body: { key: 'security.outboundHosts', value: '127.0.0.1' } });
  await call(baseUrl, 'POST', '/sys/config/update', { token: admin, body: { key: 'alarm.notifyMinutes', value: '0.1' } });
  try {
    for (const lang of ['en', 'cn']) {
      const t = L[lang];
      // Digits only: a Latin stamp inside a Chinese name reads as English to the language walk.
      const stamp = `${lang === 'en' ? 1 : 2}${Date.now() % 1e9}`;
      // Both names, as every seeded name has (the language walk runs after this test on the same server).
      const names = { cn: `升级喷泉 ${stamp}`, en: `Escalation fountain ${stamp}` };
      const projectName = names[lang];
      const { id: projectId } = await call(baseUrl, 'POST', '/ball/fallproject/save', { token: admin, body: { name: names.cn, nameEn: names.en, uniqueKey: `esc-${stamp}` } });
      const board = await call(baseUrl, 'POST', '/ball/falldetect/save', { token: admin, body: { projectId, boardName: `升级检测板 ${stamp}`, boardNameEn: `Escalation board ${stamp}`, boardNo: 'ES-1', pollSeconds: 3600 } });
      const { boardKey } = await call(baseUrl, 'POST', '/ball/falldetect/key', { token: admin, body: { id: board.id } });

      // The manager names two webhooks for level 1: one allowed, one on a host that is not.
      const m = await pageAs(browser, manager, lang);
      await m.page.goto(`${baseUrl}/#/main/fall/escalation`);
      await m.page.getByRole('table', { name: t.title }).waitFor(WAIT);
      for (const [name, url] of [
        [`Duty chat ${stamp}`, `http://127.0.0.1:${hookPort}/hooks/${stamp}-secret`],
        [`Elsewhere ${stamp}`, `http://localhost:${hookPort}/elsewhere`],
      ]) {
        await m.page.getByRole('button', { name: t.add, exact: true }).filter({ visible: true }).click();
        const dialog = m.page.getByRole('dialog', { name: `${t.title} · ${t.add}` });
        await pickRemote(m.page, dialog, t.project, stamp, projectName);
        await dialog.getByLabel(new RegExp(`^${t.channel}`)).and(dialog.locator('input:not([type="hidden"])')).click();
        await m.page.getByRole('option', { name: t.webhook }).click();
        await dialog.getByRole('textbox', { name: t.address }).fill(url);
        await dialog.getByRole('textbox', { name: t.name, exact: true }).fill(name);
        await dialog.getByRole('button', { name: t.ok, exact: true }).click();
        await dialog.waitFor({ state: 'detached', ...WAIT });
      }
      const table = m.page.getByRole('table', { name: t.title });
      await table.getByText(`Duty chat ${stamp}`).waitFor(WAIT);
      await table.getByText(`http://127.0.0.1:${hookPort}`, { exact: true }).first().waitFor(WAIT);
      assert.equal(await table.getByText(`${stamp}-secret`).count(), 0, 'the webhook URL never comes back whole');
      await m.page.screenshot({ path: path.join(screenshotsDir, `escalation-recipients-${lang}.png`) });
      await m.context.close();

      // A fault nobody acknowledges: the server's own job tells the chat.
      const before = received.length;
      const res = await fetch(`${baseUrl}/api/ball/detect/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-project-key': `esc-${stamp}` },
        body: signedState(boardKey, { boardNo: 'ES-1', at: Date.now(), seq: 1, channels: [{ ch: 1, switch: 1, analog: 50 }] }),
      });
      assert.ok(res.ok, `board report → ${res.status}`);
      const faultAt = Date.now();
      while (!received.slice(before).some((h) => h.path === `/hooks/${stamp}-secret`)) {
        assert.ok(Date.now() - faultAt < NOTIFIED_MS, 'the webhook is called within a minute');
        await new Promise((r) => setTimeout(r, 250));
      }
      const hook = received.slice(before).find((h) => h.path === `/hooks/${stamp}-secret`);
      assert.equal(hook.body.event, 'warning.escalated');
      assert.equal(hook.body.projectId, projectId);
      assert.ok(!received.some((h) => h.path === '/elsewhere'), 'the host off the allow-list is never called');
      console.log(`  ${lang}: webhook called ${Date.now() - faultAt} ms after the fault`);

      // The operator reads what was sent on the warning.
      const o = await pageAs(browser, operator, lang);
      await o.page.goto(`${baseUrl}/#/main/fall/detect?tab=warnings`);
      const warnings = o.page.getByRole('table', { name: t.warnings });
      const row = warnings.getByRole('row').filter({ hasText: projectName });
      await row.getByRole('button', { name: t.notices }).click();
      const notices = o.page.getByTestId('warning-notices');
      await notices.getByText(t.sent, { exact: true }).waitFor(WAIT);
      await notices.getByText(t.refused, { exact: true }).waitFor(WAIT);
      await o.page.screenshot({ path: path.join(screenshotsDir, `escalation-notices-${lang}.png`) });
      await o.context.close();
    }
  } finally {
    await call(baseUrl, 'POST', '/sys/config/update', { token: admin, body: { key: 'alarm.notifyMinutes', value: '10,30' } });
    await call(baseUrl, 'POST', '/sys/config/update', { token: admin, body: { key: 'security.outboundHosts', value: '' } });
    hooks.close();
  }
}
