// Browser test of the live demo: a fresh `npm start`-like server with demo data, whose
// boards the built-in simulator keeps reporting. On the walls a channel value changes, a scripted
// fault turns up as an open warning and clears again, and no board goes offline. The fault timing
// comes from DEMO_FAULT_EVERY_MS / DEMO_FAULT_RECOVER_MS so this runs in about a minute; the demo's
// own server (the other tests') keeps the defaults. Screenshots go to screenshotsDir (livedemo-*.png).
import assert from 'node:assert/strict';
import path from 'node:path';
import { call, startServer } from './server.mjs';

const VIEWPORT = { width: 1920, height: 1080 };
const READY_MS = 60_000;
/** The whole cycle must fit in two minutes of wall time once the wall is up. */
const CYCLE_MS = 120_000;
const FAULT_EVERY_MS = 20_000;
const FAULT_RECOVER_MS = 15_000;

/** The newest open warnings (the wall ticker's call answers { list, openTotal }). */
async function openWarnings(baseUrl, token, limit) {
  return (await call(baseUrl, 'POST', '/ball/fallwarning/latest', { token, body: { limit, openOnly: true } })).list;
}

async function wallPage(browser, token, hash) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript((t) => {
    localStorage.setItem('LANGUAGE', 'en');
    if (!sessionStorage.getItem('TOKEN')) sessionStorage.setItem('TOKEN', t);
  }, token);
  const page = await context.newPage();
  await page.goto(hash);
  await page.waitForFunction(
    () => {
      const panels = [...document.querySelectorAll('[data-panel]')];
      return panels.length > 0 && panels.every((p) => p.getAttribute('data-ready') === 'true') && !document.getElementById('wall-frame');
    },
    undefined,
    { timeout: READY_MS },
  );
  return { context, page };
}

/**
 * For the screenshot only (the assertions read the rows' data attributes): holds the ticker with the
 * pointer over it and moves its track so the warning's row is the first one in view.
 */
async function showRow(page, id) {
  await page.locator('[data-panel="warnings"]').hover();
  await page.evaluate((wid) => {
    const row = document.querySelector(`[data-panel="warnings"] [data-warning-id="${wid}"]`);
    const track = row?.closest('[data-moving]')?.firstElementChild;
    if (!row || !track) return;
    const delta = row.getBoundingClientRect().top - track.getBoundingClientRect().top;
    // The compositor's animation moves the track (components/wall/scroll-list.tsx): it goes, the style stands.
    for (const moves of track.getAnimations()) moves.cancel();
    track.style.transform = `translateY(${-Math.max(0, delta - 16)}px)`;
  }, id);
}

export async function run({ screenshotsDir, browser }) {
  const shot = (name) => path.join(screenshotsDir, name);
  const server = await startServer({ env: { DEMO_FAULT_EVERY_MS: String(FAULT_EVERY_MS), DEMO_FAULT_RECOVER_MS: String(FAULT_RECOVER_MS) } });
  const { baseUrl } = server;
  try {
    const { token } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
    // One normal reading closes a channel warning (the setting a site may choose), so the recovery
    // shows within the test's minute instead of three report periods later.
    await call(baseUrl, 'POST', '/sys/config/update', { token, body: { key: 'detect.closeAfterNormal', value: 1 } });
    const openBefore = new Set((await openWarnings(baseUrl, token, 100)).map((w) => w.id));
    const started = Date.now();

    // 1. The overview wall of a fresh start, with its live-warning panel.
    const overview = await wallPage(browser, token, `${baseUrl}/#/page`);
    await overview.page.screenshot({ path: shot('livedemo-1-overview.png') });
    const firstRows = await overview.page.locator('[data-panel="warnings"] [data-warning-id]').count();
    assert.ok(firstRows > 0, 'the warnings panel lists warnings');

    // A project wall beside it, with a board's nine channels as they read now.
    const boards = await call(baseUrl, 'POST', '/ball/falldetect/list', { token, body: { page: 1, limit: 1 } });
    const projectId = boards.list[0]?.projectId;
    assert.ok(projectId, 'a demo project with a board');
    const project = await wallPage(browser, token, `${baseUrl}/#/page/project/${projectId}`);
    const values = () =>
      project.page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="board-panel"] [data-testid^="channel-"]')].map((c) => `${c.getAttribute('data-testid')}=${c.textContent}`).join('|'),
      );
    const before = await values();
    assert.ok(before.length > 0, 'the project wall shows a board with its channels');

    // 2. A scripted fault opens a warning the overview wall shows as open …
    let fault = null;
    while (!fault && Date.now() - started < CYCLE_MS) {
      const open = await openWarnings(baseUrl, token, 50);
      fault = open.find((w) => !openBefore.has(w.id) && w.kind !== 'offline') ?? null;
      if (!fault) await new Promise((r) => setTimeout(r, 1_000));
    }
    assert.ok(fault, `a scripted fault opened a warning within ${CYCLE_MS / 1000} s`);
    // Its equipment is broken while the warning is open (read the equipment, then see the warning still open).
    if (fault.equipmentId) {
      const eq = await call(baseUrl, 'GET', `/ball/falleqinfo/info/${fault.equipmentId}`, { token });
      const stillOpen = (await openWarnings(baseUrl, token, 100)).some((w) => w.id === fault.id);
      if (stillOpen) assert.equal(eq.state, 'broken', 'the faulty equipment is broken');
    }
    const row = overview.page.locator(`[data-panel="warnings"] [data-warning-id="${fault.id}"]`).first();
    await row.waitFor({ timeout: 20_000 });
    await overview.page.waitForFunction((id) => document.querySelector(`[data-panel="warnings"] [data-warning-id="${id}"]`)?.getAttribute('data-result') === 'open', fault.id, {
      timeout: 20_000,
    });
    await showRow(overview.page, fault.id);
    await overview.page.screenshot({ path: shot('livedemo-3-fault-open.png') });
    await overview.page.locator('[data-panel="warnings"]').screenshot({ path: shot('livedemo-3-fault-open-panel.png') });
    await overview.page.mouse.move(0, 0);

    // 3. … and the recovery clears it on the wall.
    const left = Math.max(5_000, CYCLE_MS - (Date.now() - started));
    await overview.page.waitForFunction(
      (id) => document.querySelector(`[data-panel="warnings"] [data-warning-id="${id}"]`)?.getAttribute('data-result') === 'fixed',
      fault.id,
      { timeout: left },
    );
    await showRow(overview.page, fault.id);
    await overview.page.screenshot({ path: shot('livedemo-4-fault-cleared.png') });
    await overview.page.locator('[data-panel="warnings"]').screenshot({ path: shot('livedemo-4-fault-cleared-panel.png') });

    // 4. The project wall's channel values have moved with the simulator's reports meanwhile.
    await project.page.waitForFunction((b) => {
      const now = [...document.querySelectorAll('[data-testid="board-panel"] [data-testid^="channel-"]')].map((c) => `${c.getAttribute('data-testid')}=${c.textContent}`).join('|');
      return now.length > 0 && now !== b;
    }, before, { timeout: Math.max(5_000, CYCLE_MS - (Date.now() - started)) });
    await project.page.screenshot({ path: shot('livedemo-2-project-channels.png') });
    assert.ok(Date.now() - started < CYCLE_MS, 'values moved and the fault came and went within two minutes');

    // No board of the demo went offline meanwhile.
    const offline = (await openWarnings(baseUrl, token, 100)).filter((w) => w.kind === 'offline');
    assert.deepEqual(offline, [], 'no open offline warnings');
    await overview.context.close();
    await project.context.close();
  } finally {
    await server.stop();
  }
}
