// Browser test of the upload screen (oss/oss-upload) against the real server: the limits are shown
// before anything is chosen, several files go at once with their progress, a file over the limits or
// of a kind the server does not take is refused without being sent, and the stored files appear on
// the file list (oss/oss), which has its own upload button. Screenshots at 1440 px in cn and en.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { call } from './server.mjs';

const WAIT = { timeout: 30_000 };
const MB = 1024 * 1024;

function pdf(size) {
  const data = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n').copy(data, 0);
  return data;
}

export const tests = {
  async 'the upload screen sends files within the limits and refuses the others unsent, in both languages'({ baseUrl, browser, screenshotsDir }) {
    const { token } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
    const limits = await call(baseUrl, 'GET', '/oss/file/limits', { token });
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3b82f6' } }).png().toBuffer();
    const texts = {
      cn: { limits: '单个文件不超过 20.0 MB，图片不超过 10.0 MB', done: '已上传', tooLarge: '未上传：超过 20.0 MB', badType: '未上传：不支持这种文件类型', summary: '共 4 个，已上传 2 个', upload: '上传' },
      en: { limits: 'Up to 20.0 MB per file, images up to 10.0 MB', done: 'Uploaded', tooLarge: 'Not sent: larger than 20.0 MB', badType: 'Not sent: this kind of file is not accepted', summary: '2 of 4 uploaded', upload: 'Upload' },
    };
    assert.equal(limits.maxBytes, 20 * MB);

    const folder = mkdtempSync(path.join(tmpdir(), 'cascade-upload-'));
    try {
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
      const sent = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/oss/file/upload')) sent.push(r.url());
      });
      await page.goto(`${baseUrl}/#/main/oss/oss-upload`);
      const panel = page.getByRole('tabpanel').filter({ has: page.getByTestId('upload-drop-zone') });
      await panel.getByText(t.limits).waitFor(WAIT);

      const stamp = Date.now().toString(36);
      // Files on disk, not buffers: Playwright sends a buffer to the browser base64-encoded through
      // the DevTools pipe (about 0.6 s per MB here; the 25 MB file alone took 15 s), a path it hands
      // over. The browser reads them when it sends them: the folder goes when the test ends.
      const chosen = [
        [`site-plan-${lang}-${stamp}.png`, png],
        [`manual-${lang}-${stamp}.pdf`, pdf(6 * MB)],
        [`archive-${lang}.pdf`, pdf(limits.maxBytes + 5 * MB)],
        [`setup-${lang}.exe`, Buffer.from('MZ')],
      ].map(([name, data]) => {
        writeFileSync(path.join(folder, name), data);
        return path.join(folder, name);
      });
      await panel.locator('input[type=file]').setInputFiles(chosen);
      const row = (name) => panel.getByRole('listitem', { name });
      await row(`site-plan-${lang}-${stamp}.png`).getByText(t.done, { exact: true }).waitFor(WAIT);
      await row(`manual-${lang}-${stamp}.pdf`).getByText(t.done, { exact: true }).waitFor(WAIT);
      await row(`archive-${lang}.pdf`).getByText(t.tooLarge).waitFor(WAIT);
      await row(`setup-${lang}.exe`).getByText(t.badType).waitFor(WAIT);
      await panel.getByText(t.summary).waitFor(WAIT);
      assert.equal(sent.length, 2, 'only the two files within the limits are sent');
      await page.waitForTimeout(600); // the progress bars' fill transition
      await page.screenshot({ path: path.join(screenshotsDir, `upload-${lang}.png`) });

      // The stored files are on the file list, which has an upload button of its own.
      const files = await call(baseUrl, 'POST', '/oss/file/list', { token, body: { originalName: stamp, page: 1, limit: 10 } });
      assert.deepEqual(files.list.map((f) => f.originalName).sort(), [`manual-${lang}-${stamp}.pdf`, `site-plan-${lang}-${stamp}.png`]);
      await page.goto(`${baseUrl}/#/main/oss/oss`);
      const list = page.getByRole('tabpanel').filter({ has: page.getByRole('button', { name: t.upload, exact: true }) });
      await list.getByText(`manual-${lang}-${stamp}.pdf`).waitFor(WAIT);
      await list.getByRole('button', { name: t.upload, exact: true }).click();
      await page.getByRole('dialog').getByText(t.limits).waitFor(WAIT);
      await context.close();
    }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
