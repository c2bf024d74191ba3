// Browser test of the back-office landing (/#/main): its six charts come up as the server's SVG
// drawings without ECharts, in the viewer's language and colour scheme, and a chart hands over to
// ECharts once the mouse moves over it, at the same size, the drawing gone. Screenshots at 1440×900
// in Chinese (light) and English (dark), before and after the handover.
import assert from 'node:assert/strict';
import path from 'node:path';

const WAIT = { timeout: 60_000 };
const CHARTS = ['speed', 'quality', 'status', 'area', 'water', 'device'];

async function landing(browser, baseUrl, screenshotsDir, lang, skin) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const echarts = [];
  page.on('request', (r) => /\/assets\/(echarts|wall-chart)-/.test(r.url()) && echarts.push(r.url()));
  try {
    await page.addInitScript(
      ([l, s]) => {
        localStorage.setItem('LANGUAGE', l);
        localStorage.setItem('CASCADE_LAYOUT', JSON.stringify({ skin: s }));
      },
      [lang, skin],
    );
    await page.goto(`${baseUrl}/#/login`);
    await page.getByLabel(/用户名|Username/).fill('manager');
    await page.getByLabel(/^(密码|Password)/).fill('manager123');
    await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
    await page.waitForURL(/#\/main/, WAIT);
    await page.waitForFunction((n) => document.querySelectorAll('[data-panel] [data-chart="drawing"] svg').length === n, CHARTS.length, WAIT);
    // The pointer that clicked "Log in" rests over the page as it comes up: not a reach for a chart.
    await page.waitForTimeout(1500);
    assert.deepEqual(echarts, [], 'ECharts loaded before any chart was reached for');
    const drawings = await page.$$eval('[data-panel] [data-chart]', (boxes) =>
      boxes.map((box) => {
        const svg = box.querySelector('svg');
        return { name: box.closest('[data-panel]').getAttribute('data-panel'), box: box.clientWidth, svg: Number(svg.getAttribute('width')), html: svg.outerHTML };
      }),
    );
    assert.deepEqual(drawings.map((d) => d.name), CHARTS);
    for (const d of drawings) assert.equal(d.svg, d.box, `${d.name}: drawn ${d.svg}px wide in a ${d.box}px box`);
    const speed = drawings[0].html;
    assert.equal(/[\u4e00-\u9fff]/.test(speed), lang === 'cn', 'the drawing is in the chosen language');
    // The axis labels in the scheme's dimmed text (theme-charts.ts).
    assert.ok(speed.includes(skin === 'dark' ? '#8b949e' : '#6c757d'), `the drawing is in the ${skin} scheme`);
    await page.screenshot({ path: path.join(screenshotsDir, `dashboard-${lang}-${skin}-drawn.png`) });

    const box = page.locator('[data-panel="speed"] [data-chart]');
    const at = await box.boundingBox();
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.move(at.x + at.width / 2 + 8, at.y + at.height / 2 + 4);
    await page.locator('[data-panel="speed"] [data-chart="live"] canvas').waitFor(WAIT);
    await page.waitForFunction(() => !document.querySelector('[data-panel="speed"] [data-chart] svg'), null, WAIT);
    assert.ok(echarts.length > 0, 'ECharts loaded once the mouse moved over a chart');
    const canvas = await page.$eval('[data-panel="speed"] [data-chart] canvas', (c) => c.getBoundingClientRect().width);
    assert.ok(Math.abs(canvas - drawings[0].box) <= 1, `the live chart is ${canvas}px wide, the drawing was ${drawings[0].box}px`);
    // The others stay drawings until reached for.
    assert.equal(await page.locator('[data-panel] [data-chart="drawing"] svg').count(), CHARTS.length - 1);
    await page.mouse.move(5, 5);
    await page.screenshot({ path: path.join(screenshotsDir, `dashboard-${lang}-${skin}-live.png`) });
  } finally {
    await context.close();
  }
}

export async function run({ baseUrl, screenshotsDir, browser }) {
  await landing(browser, baseUrl, screenshotsDir, 'cn', 'light');
  await landing(browser, baseUrl, screenshotsDir, 'en', 'dark');
}
