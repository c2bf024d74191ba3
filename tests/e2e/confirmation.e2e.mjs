// Browser test of a repair confirmed by its readings (docs/maintenance.md "Confirmation by the
// readings"), as the technician (operator) with the mouse at 1366×768, in English and in Chinese: a
// board's channel faults through the device path and opens its order; the technician's "fixed" report
// is refused while the channel still reads abnormal (the message under the result); the board reads
// normal again, the same report is taken, and the order waits: its status reads "Confirming" /
// "待确认". Screenshots: confirmation-{refused,waiting}-{en,cn}.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';
import { WAIT, pageAs } from './helpers.mjs';
import { alarmBoard, closeOpenWarnings } from './alarm-board.mjs';

const VIEW = { width: 1366, height: 768 };
const T = {
  en: {
    orders: 'Maintenance orders', keyword: 'Keyword', search: 'Search', detail: 'Details', fileReport: 'File a report', repairer: 'Repairer', status: 'Status',
    confirming: 'Confirming', abnormal: "The order's channel still reads abnormal: it cannot be reported fixed", name: { cn: '确认喷泉', en: 'Confirm Fountain' },
  },
  cn: {
    orders: '维修工单', keyword: '关键字', search: '查询', detail: '详情', fileReport: '填写维修报告', repairer: '维修人员', status: '状态',
    confirming: '待确认', abnormal: '工单的检测通道仍读数异常，不能报告已修复', name: { cn: '确认喷泉', en: 'Confirm Fountain' },
  },
};

/** Polls `check` until it returns something, as long as WAIT allows. */
async function until(check, what) {
  const deadline = Date.now() + WAIT.timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function run({ baseUrl, screenshotsDir, browser }) {
  const shot = (name) => path.join(screenshotsDir, name);
  const login = async (username, password) => (await call(baseUrl, 'POST', '/sys/login', { body: { username, password, captcha: '', uuid: '' } })).token;
  const admin = await login('admin', 'admin123');
  const operator = await login('operator', 'operator123');

  for (const lang of ['en', 'cn']) {
    const t = T[lang];
    const { projectId, boardId, fault, normal } = await alarmBoard(baseUrl, admin, t.name);
    // The project opens an order for each channel fault: that order is the one "raised from a channel".
    await call(baseUrl, 'POST', '/ball/fallproject/update', { token: admin, body: { id: projectId, autoOrder: true } });
    await fault(1);
    const orderId = await until(async () => {
      const [w] = (await call(baseUrl, 'POST', '/ball/fallwarning/list', { token: admin, body: { page: 1, limit: 1, detectId: boardId, result: 'open' } })).list;
      return w?.orderId ?? undefined;
    }, "the channel fault's order");
    const { number } = await call(baseUrl, 'GET', `/ball/fallorder/info/${orderId}`, { token: admin });

    const tech = await pageAs(browser, operator, lang, VIEW);
    try {
      const page = tech.page;
      await page.goto(`${baseUrl}/#/main/fall/order`);
      const search = page.getByRole('search').filter({ visible: true });
      await search.getByRole('textbox', { name: t.keyword, exact: true }).fill(number);
      await search.getByRole('button', { name: t.search, exact: true }).click();
      const row = page.getByRole('table', { name: t.orders }).filter({ visible: true }).getByRole('row').filter({ hasText: number });
      await row.getByRole('button', { name: t.detail, exact: true }).click();
      const detail = page.getByRole('dialog', { name: new RegExp(number) });
      const form = detail.getByRole('form', { name: t.fileReport });
      await form.getByRole('textbox', { name: t.repairer }).fill(lang === 'en' ? 'Sam Carter' : '王师傅');

      // "Fixed" while the channel still reads faulty: refused, said under the result, nothing filed.
      await form.getByRole('button', { name: t.fileReport, exact: true }).click();
      await form.getByText(t.abnormal).first().waitFor(WAIT);
      assert.equal((await call(baseUrl, 'GET', `/ball/fallorder/info/${orderId}`, { token: admin })).reportCount, 0, 'nothing filed while abnormal');
      await page.screenshot({ path: shot(`confirmation-refused-${lang}.png`) });

      // The board reads normal again: the same report is taken, and the order waits for the readings.
      await normal();
      const filed = page.waitForResponse((r) => r.url().endsWith('/ball/fallreport/save') && r.request().method() === 'POST' && r.status() === 200);
      await form.getByRole('button', { name: t.fileReport, exact: true }).click();
      const answer = await (await filed).json();
      assert.equal(answer.code, 0, JSON.stringify(answer));
      assert.equal(answer.data.orderStatus, 'confirming');
      const status = detail.locator(`dt:text-is("${t.status}") + dd`).getByText(t.confirming, { exact: true });
      await status.waitFor(WAIT);
      // The picture shows the status, above the report form.
      await status.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`confirmation-waiting-${lang}.png`) });
    } finally {
      await tech.context.close();
      // Nothing left open for the next file on this server: the order closed, the board's warnings dealt with.
      await call(baseUrl, 'POST', '/ball/fallorder/close', { token: admin, body: { id: orderId } }).catch(() => undefined);
      await closeOpenWarnings(baseUrl, admin, boardId);
    }
  }
}
