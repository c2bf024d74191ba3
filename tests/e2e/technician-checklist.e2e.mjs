// Browser test of checklists (docs/maintenance.md "Checklists"): the manager's template is opened
// in its edit dialog (both languages); a technician (the operator role) opens the order naming it,
// tries to complete it without the photo (refused under the item), then with the mouse reads an
// out-of-limit pressure, marks the intake screen "Fail", adds a photo, signs in the box and files the
// report "fixed": the order completes and a corrective order opens, named in the technician's
// language. The technician's walk runs in English and in Chinese, an order each. 1366×768, a laptop
// in the plant room. Screenshots: checklist-*-{en,cn}.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import sharp from 'sharp';
import { call } from './server.mjs';
import { WAIT, pageAs } from './helpers.mjs';

const T = {
  en: {
    title: 'Checklists', edit: 'Edit', keyword: 'Name or remark', search: 'Search', orders: 'Maintenance orders', orderKeyword: 'Keyword', detail: 'Details',
    fileReport: 'File a report', repairer: 'Repairer', fail: 'Fail', signedBy: 'Signed by (name)', status: 'Status', completed: 'Completed',
    photoNeeded: 'This item needs a photo before the order can be completed', failed: 'Failed', cancel: 'Cancel',
  },
  cn: {
    title: '检查表模板', edit: '修改', keyword: '名称或备注', search: '查询', orders: '维修工单', orderKeyword: '关键字', detail: '详情',
    fileReport: '填写维修报告', repairer: '维修人员', fail: '不合格', signedBy: '签名人姓名', status: '状态', completed: '已完成',
    photoNeeded: '此项目需要拍照后才能完工', failed: '不合格', cancel: '取消',
  },
};
/** The rest of the technician's words in each language (locales work.ts checklist.*). */
const W = {
  en: { signed: 'Signed', signHere: 'Sign in the box', corrective: (n) => `Corrective order ${n}`, record: 'Checklist Failed', repairer: 'Sam Carter' },
  cn: { signed: '已签名', signHere: '请在框内签名', corrective: (n) => `整改工单 ${n}`, record: '检查表 不合格', repairer: '王师傅' },
};

const VIEW = { width: 1366, height: 768 };

export async function run({ baseUrl, screenshotsDir, browser }) {
  const shot = (name) => path.join(screenshotsDir, name);
  const login = async (username, password) => (await call(baseUrl, 'POST', '/sys/login', { body: { username, password, captcha: '', uuid: '' } })).token;
  const admin = await login('admin', 'admin123');
  const manager = await login('manager', 'manager123');
  const operator = await login('operator', 'operator123');
  const stamp = Date.now().toString(36);
  const [project] = await call(baseUrl, 'POST', '/ball/fallproject/listAll', { token: admin, body: {} });
  const unit = await call(baseUrl, 'POST', '/ball/falleqinfo/save', { token: admin, body: { name: `Round pump ${stamp}`, nameEn: `Round pump ${stamp}`, projectId: project.id } });
  const template = await call(baseUrl, 'POST', '/ball/fallchecklist/save', {
    token: manager,
    body: {
      name: `水泵周检 ${stamp}`,
      nameEn: `Weekly pump round ${stamp}`,
      items: [
        { key: 'pressure', type: 'number', label: '出口压力', labelEn: 'Outlet pressure', unit: 'bar', min: 2, max: 8 },
        { key: 'screen', type: 'check', label: '进水滤网', labelEn: 'Intake screen' },
        { key: 'noise', type: 'choice', label: '噪音', labelEn: 'Noise', options: ['quiet', 'loud'], required: false },
        { key: 'photo', type: 'photo', label: '泵房照片', labelEn: 'Pump room photo' },
        { key: 'sign', type: 'signature', label: '签名', labelEn: 'Signature' },
      ],
    },
  });
  // One order per language: the technician completes each.
  const orders = {};
  for (const lang of ['en', 'cn']) {
    const name = `Weekly round ${lang} ${stamp}`;
    orders[lang] = { name, ...(await call(baseUrl, 'POST', '/ball/fallorder/save', { token: manager, body: { name, projectId: project.id, equipmentId: unit.id, checklistId: template.id } })) };
  }

  // The manager's template, in its edit dialog, in both languages.
  for (const lang of ['en', 'cn']) {
    const t = T[lang];
    const office = await pageAs(browser, manager, lang, VIEW);
    try {
      await office.page.goto(`${baseUrl}/#/main/fall/checklist`);
      const panel = office.page.getByRole('tabpanel', { name: t.title });
      const search = panel.getByRole('search').filter({ visible: true });
      await search.getByRole('textbox', { name: t.keyword, exact: true }).fill(stamp);
      await search.getByRole('button', { name: t.search, exact: true }).click();
      const row = panel.getByRole('row').filter({ hasText: stamp });
      await row.getByRole('button', { name: t.edit, exact: true }).click();
      const dialog = office.page.locator('[role="dialog"][aria-modal]').last();
      await dialog.locator('[data-item-index="4"]').waitFor(WAIT);
      await office.page.screenshot({ path: shot(`checklist-template-${lang}.png`) });
      await dialog.getByRole('button', { name: t.cancel, exact: true }).click();
    } finally {
      await office.context.close();
    }
  }

  for (const lang of ['en', 'cn']) await fill(lang);

  async function fill(lang) {
    const t = T[lang];
    const w = W[lang];
    const { name: orderName, id: orderId } = orders[lang];
    const tech = await pageAs(browser, operator, lang, VIEW);
    try {
      const page = tech.page;
      await page.goto(`${baseUrl}/#/main/fall/order`);
      const search = page.getByRole('search').filter({ visible: true });
      await search.getByRole('textbox', { name: t.orderKeyword, exact: true }).fill(orderName);
      await search.getByRole('button', { name: t.search, exact: true }).click();
      const row = page.getByRole('table', { name: t.orders }).filter({ visible: true }).getByRole('row').filter({ hasText: orderName });
      await row.getByRole('button', { name: t.detail, exact: true }).click();
      const detail = page.getByRole('dialog', { name: new RegExp(orderName) });
      const form = detail.getByRole('form', { name: t.fileReport });
      const list = form.locator('section');
      await list.locator('[data-item="sign"]').waitFor(WAIT);
      await form.getByRole('textbox', { name: t.repairer }).fill(w.repairer);

      // Out of its limits: the mark says so before anything is sent.
      const pressure = list.locator('[data-item="pressure"]');
      await pressure.getByRole('textbox').fill('9.2');
      await pressure.locator('[data-verdict="fail"]').waitFor(WAIT);
      await list.locator('[data-item="screen"]').getByText(t.fail, { exact: true }).click();

      // Without the photo the order is not completed: the refusal sits under the item.
      await form.getByRole('button', { name: t.fileReport, exact: true }).click();
      await list.locator('[data-item="photo"]').getByText(t.photoNeeded).waitFor(WAIT);
      const before = await call(baseUrl, 'GET', `/ball/fallorder/info/${orderId}`, { token: admin });
      assert.equal(before.reportCount, 0, 'nothing filed while the photo is missing');

      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
      await list.locator('[data-item="photo"] input[type="file"]').setInputFiles({ name: 'pump-room.png', mimeType: 'image/png', buffer: photo });
      await list.locator('[data-item="photo"]').getByText('pump-room.png').waitFor(WAIT);

      const sign = list.locator('[data-item="sign"]');
      await sign.getByRole('textbox', { name: t.signedBy }).fill(w.repairer);
      const pad = sign.locator('[data-testid="signature-pad"]');
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
      await page.mouse.down();
      for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)), { steps: 2 });
      await page.mouse.up();
      await sign.getByText(w.signed, { exact: true }).waitFor(WAIT);
      await page.screenshot({ path: shot(`checklist-fill-${lang}.png`) });

      const filed = page.waitForResponse((r) => r.url().endsWith('/ball/fallreport/save') && r.request().method() === 'POST' && r.status() === 200);
      await form.getByRole('button', { name: t.fileReport, exact: true }).click();
      const answer = await (await filed).json();
      assert.equal(answer.code, 0, JSON.stringify(answer));
      assert.equal(answer.data.orderStatus, 'completed');
      const corrective = answer.data.correctiveOrder;
      assert.ok(corrective, 'a corrective order opened');
      await detail.locator(`dt:text-is("${t.status}") + dd`).getByText(t.completed, { exact: true }).waitFor(WAIT);
      await page.getByText(w.corrective(corrective.number)).waitFor(WAIT);
      // The form starts over, the pad too; the report's checklist is kept and read back as filed.
      await sign.getByText(w.signHere, { exact: true }).waitFor(WAIT);
      assert.equal(await sign.getByRole('textbox', { name: t.signedBy }).inputValue(), '');
      await page.screenshot({ path: shot(`checklist-filed-${lang}.png`) });
      await detail.getByRole('button', { name: w.record }).click();
      const record = page.getByRole('dialog', { name: lang === 'en' ? `Weekly pump round ${stamp}` : `水泵周检 ${stamp}` });
      await record.locator('[data-item="pressure"]').getByText(t.failed, { exact: true }).waitFor(WAIT);
      await record.locator('[data-item="sign"] img').waitFor(WAIT);
      await record.locator('[data-item="photo"] img').waitFor(WAIT);
      await record.getByText(w.corrective(corrective.number)).waitFor(WAIT);
      await page.screenshot({ path: shot(`checklist-record-${lang}.png`) });

      const opened = await call(baseUrl, 'GET', `/ball/fallorder/info/${corrective.id}`, { token: admin });
      assert.equal(opened.source, 'checklist');
      assert.equal(opened.parentOrderId, orderId);
      assert.match(opened.name, new RegExp(`^Checklist “Weekly pump round ${stamp}” failed \\(${before.number}\\): Outlet pressure 9\\.2 bar \\(2–8\\); Intake screen: fail$`));
    } finally {
      await tech.context.close();
    }
  }
}
