// Browser test of the readable channel trend (issue 26, "Readable trends"): a board of our own
// reports an hour of signed readings (its own times, one a minute, a fault in the middle); on the
// project wall a click on the channel's tile opens its trend, and in the back-office the board's
// channel dialog shows it under the table; in both languages, with the mouse only: the range switch,
// the tooltip under the pointer, the unit, the normal range and the fault mark.
// Screenshots: trend-wall-{cn,en}.png and trend-board-{cn,en}.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { call } from './server.mjs';
import { signedState } from '../bench/fleet-publisher.mjs';

const WAIT = { timeout: 30_000 };
const LANGS = ['cn', 'en'];
const MINUTE = 60_000;
const TEXT = {
  cn: { hour: '近 1 小时', unit: '单位: kPa', normal: '正常范围 25–70 kPa', show: '查看 CH2 趋势', close: '关闭趋势', boardName: '板卡名称', query: '查询', channels: '通道', avg: '平均值' },
  en: { hour: 'Last hour', unit: 'Unit: kPa', normal: 'Normal range 25–70 kPa', show: 'Show the CH2 trend', close: 'Close the trend', boardName: 'Board name', query: 'Search', channels: 'Channels', avg: 'Average' },
};

/** A water level over the last hour: a slow wave inside 25–70 kPa, above the range with the switch closed for four minutes. */
const level = (i) => (i >= 30 && i < 34 ? 78 + (i - 30) : Math.round((46 + 14 * Math.sin(i / 6) + (i % 5) * 0.6) * 10) / 10);

async function seed(baseUrl, token) {
  const stamp = Date.now().toString(36);
  const projectKey = `trend-${stamp}`;
  const { id: projectId } = await call(baseUrl, 'POST', '/ball/fallproject/save', {
    token,
    body: { name: `趋势喷泉 ${stamp}`, nameCn: `趋势喷泉 ${stamp}`, nameEn: `Trend Fountain ${stamp}`, uniqueKey: projectKey, waterType: 'fountain', city: '杭州', cityEn: 'Hangzhou', country: 'CN' },
  });
  const boardName = `趋势板 ${stamp}`;
  const board = await call(baseUrl, 'POST', '/ball/falldetect/save', { token, body: { projectId, boardName, boardNameEn: `Trend board ${stamp}`, boardNo: 'TR-1', posX: 0.5, posY: 0.5, pollSeconds: 3600 } });
  await call(baseUrl, 'POST', '/ball/falldetect/channels/update', { token, body: { id: board.id, channels: [{ ch: 2, label: '水池水位', labelEn: 'Pool level', unit: 'kPa', analogMin: 25, analogMax: 70 }] } });
  const { boardKey } = await call(baseUrl, 'POST', '/ball/falldetect/key', { token, body: { id: board.id } });
  // Readings carry their own time (docs/devices.md): an hour back needs a clock skew of an hour, for the seeding only.
  const skew = (await call(baseUrl, 'GET', '/sys/config/info/detect.clockSkewSeconds', { token })).value;
  await call(baseUrl, 'POST', '/sys/config/update', { token, body: { key: 'detect.clockSkewSeconds', value: 4000 } });
  try {
    const start = Date.now() - 60 * MINUTE;
    for (let i = 0; i < 60; i += 1) {
      const channels = Array.from({ length: 9 }, (_, c) => ({ ch: c + 1, switch: c === 1 && i >= 30 && i < 34 ? 1 : 0, analog: c === 1 ? level(i) : 50 }));
      const res = await fetch(`${baseUrl}/api/ball/detect/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-project-key': projectKey },
        body: signedState(boardKey, { boardNo: 'TR-1', at: start + i * MINUTE + 7000, seq: i + 1, channels }),
      });
      if (!res.ok) throw new Error(`board report ${i} → ${res.status} ${await res.text()}`);
    }
  } finally {
    await call(baseUrl, 'POST', '/sys/config/update', { token, body: { key: 'detect.clockSkewSeconds', value: Number(skew) } });
  }
  // Seen (acknowledged): the alarm popup stays off the walls here (alarms.e2e.mjs tests it).
  const open = (await call(baseUrl, 'POST', '/ball/fallwarning/list', { token, body: { page: 1, limit: 10, detectId: board.id } })).list;
  assert.ok(open.length >= 1, 'the fault opened a warning');
  for (const w of open) if (!w.ackAt && !w.dealAt && !w.result) await call(baseUrl, 'POST', '/ball/fallwarning/ack', { token, body: { id: w.id } });
  return { projectId, boardId: board.id, boardName };
}

async function newPage(browser, viewport, lang, token) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(([l, t]) => {
    localStorage.setItem('LANGUAGE', l);
    if (!sessionStorage.getItem('TOKEN')) sessionStorage.setItem('TOKEN', t);
  }, [lang, token]);
  return { context, page: await context.newPage() };
}

/** The trend inside `scope` shows `range` from the server (not a placeholder). */
async function trendShown(scope, range) {
  const trend = scope.locator(`[data-testid="channel-trend"][data-shown="${range}"]`);
  await trend.waitFor(WAIT);
  return trend;
}

/**
 * Moves the mouse over the chart at `fraction` of its width until the tooltip with the average shows
 * (the tooltips arrive with the first pointer activity on the page, so the first moves may draw none).
 */
async function hoverChart(page, trend, fraction, avgText) {
  const chart = trend.locator('[role="img"]');
  const box = await chart.boundingBox();
  const tooltip = page.locator('div', { hasText: avgText }).filter({ hasText: /\d{2}:\d{2} – \d{2}:\d{2}/ }).last();
  for (let i = 0; i < 20; i += 1) {
    await page.mouse.move(box.x + box.width * fraction + (i % 2) * 6, box.y + box.height * 0.55, { steps: 3 });
    if (await tooltip.isVisible().catch(() => false)) return;
    await page.waitForTimeout(500);
  }
  throw new Error('no tooltip under the pointer');
}

export async function run({ baseUrl, screenshotsDir, browser }) {
  const shot = (name) => path.join(screenshotsDir, name);
  const { token } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
  const { projectId, boardName } = await seed(baseUrl, token);

  for (const lang of LANGS) {
    const text = TEXT[lang];
    // 1. The project wall: a click on the CH2 tile opens its trend over the wall.
    {
      const { context, page } = await newPage(browser, { width: 1920, height: 1080 }, lang, token);
      try {
        await page.goto(`${baseUrl}/#/page/project/${projectId}`);
        const tile = page.locator('[data-testid="board-panel"] [data-testid="channel-2"]');
        await tile.waitFor(WAIT);
        assert.equal(await tile.getAttribute('aria-label'), text.show);
        await tile.click();
        const overlay = page.getByTestId('trend-overlay');
        await trendShown(overlay, '24h');
        await overlay.getByText(text.hour, { exact: true }).click();
        const trend = await trendShown(overlay, '1h');
        assert.ok(Number(await trend.getAttribute('data-points')) >= 55, `${lang}: an hour of minute buckets`);
        assert.ok(Number(await trend.getAttribute('data-marks')) >= 1, `${lang}: the fault's warning is marked`);
        await overlay.getByText(text.unit).waitFor(WAIT);
        await overlay.getByText(text.normal).first().waitFor(WAIT);
        // The tooltip under the pointer at the fault (the middle of the hour): its bucket's figures.
        await hoverChart(page, trend, 0.52, text.avg);
        await page.waitForTimeout(400);
        await page.screenshot({ path: shot(`trend-wall-${lang}.png`) });
        await overlay.getByRole('button', { name: text.close }).click();
        await overlay.waitFor({ state: 'detached', ...WAIT });
      } finally {
        await context.close();
      }
    }

    // 2. The back-office: the board's channel dialog, CH2's small trend opens the readable one under the table.
    {
      const { context, page } = await newPage(browser, { width: 1600, height: 1000 }, lang, token);
      try {
        await page.goto(`${baseUrl}/#/main/fall/detect`);
        await page.getByLabel(text.boardName, { exact: true }).first().fill(boardName);
        await page.getByRole('button', { name: text.query }).click();
        const row = page.locator('tbody tr', { hasText: 'TR-1' });
        await row.first().waitFor(WAIT);
        await row.first().getByRole('button', { name: text.channels }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: text.show }).click();
        const panel = dialog.getByTestId('board-trend');
        await trendShown(panel, '24h');
        await panel.getByText(text.hour, { exact: true }).click();
        const trend = await trendShown(panel, '1h');
        assert.ok(Number(await trend.getAttribute('data-points')) >= 55);
        assert.ok(Number(await trend.getAttribute('data-marks')) >= 1);
        await panel.getByText(text.unit).waitFor(WAIT);
        await trend.scrollIntoViewIfNeeded();
        await hoverChart(page, trend, 0.52, text.avg);
        await page.waitForTimeout(400);
        await page.screenshot({ path: shot(`trend-board-${lang}.png`) });
      } finally {
        await context.close();
      }
    }
  }
}
