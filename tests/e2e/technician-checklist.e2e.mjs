// Browser test of checklists (docs/maintenance.md "Checklists"): the manager's template is opened
// in its edit dialog (both languages); a technician (the operator role) opens the order naming it,
// tries to complete it without the photo (refused under the item), then with the mouse reads an
// out-of-limit pressure, marks the intake screen "Fail", adds a photo, signs in the box and files the
// report "fixed": the order completes and a corrective order opens, named in the technician's
// language. 1366×768, a laptop in the plant room. Screenshots: checklist-*.png.
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
  cn: { title: '检查表模板', edit: '修改', keyword: '名称或备注', search: '查询', cancel: '取消' },
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
  const orderName = `Weekly round ${stamp}`;
  const order = await call(baseUrl, 'POST', '/ball/fallorder/save', { token: manager, body: { name: orderName, projectId: project.id, equipmentId: unit.id, checklistId: template.id } });

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

  const t = T.en;
  const tech = await pageAs(browser, operator, 'en', VIEW);
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
    await form.getByRole('textbox', { name: t.repairer }).fill('Sam Carter');

    // Out of its limits: the mark says so before anything is sent.
    const pressure = list.locator('[data-item="pressure"]');
    await pressure.getByRole('textbox').fill('9.2');
    await pressure.locator('[data-verdict="fail"]').waitFor(WAIT);
    await list.locator('[data-item="screen"]').getByText(t.fail, { exact: true }).click();

    // Without the photo the order is not completed: the refusal sits under the item.
    await form.getByRole('button', { name: t.fileReport, exact: true }).click();
    await list.locator('[data-item="photo"]').getByText(t.photoNeeded).waitFor(WAIT);
    const before = await call(baseUrl, 'GET', `/ball/fallorder/info/${order.id}`, { token: admin });
    assert.equal(before.reportCount, 0, 'nothing filed while the photo is missing');

    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    await list.locator('[data-item="photo"] input[type="file"]').setInputFiles({ name: 'pump-room.png', mimeType: 'image/png', buffer: photo });
    await list.locator('[data-item="photo"]').getByText('pump-room.png').waitFor(WAIT);

    const sign = list.locator('[data-item="sign"]');
    await sign.getByRole('textbox', { name: t.signedBy }).fill('Sam Carter');
    const pad = sign.locator('[data-testid="signature-pad"]');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)), { steps: 2 });
    await page.mouse.up();
    await sign.getByText('Signed', { exact: true }).waitFor(WAIT);
    await page.screenshot({ path: shot('checklist-fill-en.png') });

    const filed = page.waitForResponse((r) => r.url().endsWith('/ball/fallreport/save') && r.request().method() === 'POST' && r.status() === 200);
    await form.getByRole('button', { name: t.fileReport, exact: true }).click();
    const answer = await (await filed).json();
    assert.equal(answer.code, 0, JSON.stringify(answer));
    assert.equal(answer.data.orderStatus, 'completed');
    const corrective = answer.data.correctiveOrder;
    assert.ok(corrective, 'a corrective order opened');
    await detail.locator(`dt:text-is("${t.status}") + dd`).getByText(t.completed, { exact: true }).waitFor(WAIT);
    await page.getByText(`Corrective order ${corrective.number}`).waitFor(WAIT);
    // The form starts over, the pad too; the report's checklist is kept and read back as filed.
    await sign.getByText('Sign in the box', { exact: true }).waitFor(WAIT);
    assert.equal(await sign.getByRole('textbox', { name: t.signedBy }).inputValue(), '');
    await page.screenshot({ path: shot('checklist-filed-en.png') });
    await detail.getByRole('button', { name: 'Checklist Failed' }).click();
    const record = page.getByRole('dialog', { name: `Weekly pump round ${stamp}` });
    await record.locator('[data-item="pressure"]').getByText('Failed', { exact: true }).waitFor(WAIT);
    await record.locator('[data-item="sign"] img').waitFor(WAIT);
    await record.locator('[data-item="photo"] img').waitFor(WAIT);
    await record.getByText(`Corrective order ${corrective.number}`).waitFor(WAIT);
    await page.screenshot({ path: shot('checklist-record-en.png') });

    const opened = await call(baseUrl, 'GET', `/ball/fallorder/info/${corrective.id}`, { token: admin });
    assert.equal(opened.source, 'checklist');
    assert.equal(opened.parentOrderId, order.id);
    assert.match(opened.name, new RegExp(`^Checklist “Weekly pump round ${stamp}” failed \\(${before.number}\\): Outlet pressure 9\\.2 bar \\(2–8\\); Intake screen: fail$`));
  } finally {
    await tech.context.close();
  }
}
