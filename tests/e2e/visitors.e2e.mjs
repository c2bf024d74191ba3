// Browser tests of the two visitors without a user account (docs/domain.md §6): a public visitor,
// not signed in, sees a public project with its pictures (site plan, drawings and the pictures of
// its introduction, each really loaded); a project visitor enters the project's password (login2),
// lands on that project's wall with every panel painted, and is sent back there from the overview,
// with no 403 anywhere. Screenshots in both languages: visitors-*.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';

const VIEWPORT = { width: 1920, height: 1080 };
const WAIT = { timeout: 60_000 };

async function adminToken(baseUrl) {
  const { token } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
  return token;
}

/** The first public project of the demo (with a site plan when `withPlan`). */
async function publicProject(baseUrl, withPlan) {
  for (let i = 1; i <= 80; i++) {
    const body = await (await fetch(`${baseUrl}/api/public/project/${i}`)).json().catch(() => null);
    if (body?.code === 0 && (!withPlan || body.data?.sitePlan)) return i;
  }
  throw new Error('the demo data has no public project');
}

/** A small PNG (a 16 px square), uploaded for a project introduction. */
async function uploadIntroPicture(baseUrl, token) {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#1e88c8' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'fountain.png');
  const res = await fetch(`${baseUrl}/api/oss/file/upload?ownerType=fall_project_intro`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await res.json();
  assert.equal(body.code, 0, `upload: ${JSON.stringify(body)}`);
  return body.data;
}

async function wallContext(browser, lang) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript((l) => {
    if (localStorage.getItem('LANGUAGE') === null) localStorage.setItem('LANGUAGE', l);
  }, lang);
  return context;
}

/** Every response of the page with a refusal (401, 403), as "status url". */
function refusals(page) {
  const seen = [];
  page.on('response', (r) => {
    if (r.status() === 401 || r.status() === 403) seen.push(`${r.status()} ${r.url()}`);
  });
  return seen;
}

export const tests = {
  async 'a public visitor, not signed in, sees a public project with its pictures loaded'({ baseUrl, browser, screenshotsDir }) {
    const token = await adminToken(baseUrl);
    const id = await publicProject(baseUrl, true);
    for (const language of ['cn', 'en']) {
      // A file belongs to one record: each introduction gets its own picture.
      const picture = await uploadIntroPicture(baseUrl, token);
      await call(baseUrl, 'POST', '/ball/fallproject/intro/save', {
        token,
        body: { projectId: id, type: 'overview', language, sort: 0, title: language === 'en' ? 'In pictures' : '图片介绍', content: `<p>${language === 'en' ? 'The basin at night' : '夜间水池'}</p><img src="${picture.url}" alt="intro-picture">` },
      });
    }
    for (const lang of ['cn', 'en']) {
      const context = await wallContext(browser, lang);
      const page = await context.newPage();
      const refused = refusals(page);
      try {
        await page.goto(`${baseUrl}/#/page/project/${id}`);
        await page.getByTestId('password-banner').waitFor(WAIT);
        const intro = page.locator('[data-panel="public-intro"] img[alt="intro-picture"]');
        await intro.waitFor(WAIT);
        // Every picture of the page really loaded: the introduction's, the site plan and its thumbnails.
        await page.waitForFunction(() => [...document.images].length > 0 && [...document.images].every((img) => img.complete), null, WAIT);
        const sizes = await page.evaluate(() => [...document.images].map((img) => ({ src: img.getAttribute('src'), width: img.naturalWidth })));
        assert.ok(sizes.some((s) => s.src.includes('/public/project/') && s.width === 16), `the introduction's picture loaded: ${JSON.stringify(sizes)}`);
        for (const s of sizes) assert.ok(s.width > 0, `${lang}: a picture did not load: ${s.src}`);
        assert.deepEqual(refused, [], `${lang}: a public visitor was refused`);
        // What the operating calendar says now, in the title bar, in the page's language.
        const state = page.getByTestId('show-state');
        await state.waitFor(WAIT);
        const now = await state.getAttribute('data-state');
        const words = { cn: { show: /演出中/, idle: /休息中/, closed: /关闭|停演/ }, en: { show: /In show/, idle: /Idle/, closed: /Closed/ } }[lang];
        assert.ok(words[now]?.test(await state.textContent()), `${lang}: the show state ${now} reads ${await state.textContent()}`);
        await page.screenshot({ path: path.join(screenshotsDir, `visitors-public-${lang}.png`) });
      } finally {
        await context.close();
      }
    }
  },

  async "a project visitor signs in with the project's password and lands on its wall, every panel painted, no 403"({ baseUrl, browser, screenshotsDir }) {
    const token = await adminToken(baseUrl);
    const id = await publicProject(baseUrl, true);
    const issued = await call(baseUrl, 'POST', '/ball/fallproject/password/issue', { token, body: { projectId: id, label: 'Browser test' } });
    for (const lang of ['cn', 'en']) {
      const context = await wallContext(browser, lang);
      const page = await context.newPage();
      const refused = refusals(page);
      try {
        await page.goto(`${baseUrl}/#/login2/${id}`);
        await page.getByLabel(lang === 'en' ? /Access password|Password/ : /访问密码|密码/).first().fill(issued.password);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(new RegExp(`#/page/project/${id}$`), WAIT);
        await page.getByTestId('visitor-badge').waitFor(WAIT);
        // Sent to the overview (a bookmark, a typed address): back to their project's wall, before any call.
        await page.goto(`${baseUrl}/#/page`);
        await page.waitForURL(new RegExp(`#/page/project/${id}$`), WAIT);
        await page.goto(`${baseUrl}/#/main`);
        await page.waitForURL(new RegExp(`#/page/project/${id}$`), WAIT);
        await page.getByTestId('visitor-badge').waitFor(WAIT);
        await page.waitForFunction(() => {
          const panels = [...document.querySelectorAll('[data-panel]')];
          return panels.length > 0 && panels.every((p) => p.getAttribute('data-ready') === 'true');
        }, null, WAIT);
        const panels = await page.evaluate(() => [...document.querySelectorAll('[data-panel]')].map((p) => p.getAttribute('data-panel')));
        assert.ok(panels.length >= 3, `the project wall's panels: ${panels.join(', ')}`);
        // A few seconds more: no panel asks for anything it is refused, on its interval either.
        await page.waitForTimeout(6000);
        assert.deepEqual(refused, [], `${lang}: the visitor got refusals`);
        await page.screenshot({ path: path.join(screenshotsDir, `visitors-project-${lang}.png`) });
      } finally {
        await context.close();
      }
    }
  },
};
