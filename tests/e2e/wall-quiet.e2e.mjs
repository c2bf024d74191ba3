// The overview wall left open with its stream connected asks the server nothing but what the stream
// announces (issue 31): signed in with the mouse as a user, and opened by a kiosk display token, it
// stays WATCH_MS on screen while every request is counted by path (page.on('request')) and every
// stream event by topic. Budget: at most one GET /wall/session per page load, and no data call
// without an event, in the WATCH_MS after the stream opened, of a topic that makes that data stale.
// The demo boards keep reporting (channel events come; the overview refreshes nothing on them).
import assert from 'node:assert/strict';
import { call } from './server.mjs';
import { signIn, WAIT } from './helpers.mjs';

/**
 * The walls' refresh timer is set to REFRESH_S for the test (wall.refreshSeconds, read by each page
 * it opens), so a timer that polls with the stream open shows three times within WATCH_MS.
 */
const REFRESH_S = 5;
const WATCH_MS = Number(process.env.WALL_QUIET_MS || 3 * REFRESH_S * 1000);
/** A refresh follows its event after the stream's coalescing pause (lib/live.ts, 400 ms) and a busy machine's delay. */
const AFTER_EVENT_MS = 5_000;
/** The overview's data calls and the topics that make each stale (shared/stats/api/live-keys.ts). */
const DATA_TOPICS = [
  [/^\/api\/ball\/fallproject\//, ['warning', 'equipment', 'order']],
  [/^\/api\/ball\/fallwarning\/latest$/, ['warning']],
  [/^\/api\/sys\/content\/current$/, ['notice']],
];
/** Calls that belong to the stream itself or the page's frame, not to polling. */
const STREAM = [/^\/api\/auth\/ticket$/, /^\/api\/live\/stream$/];
/** The page view of opening the wall (lib/analytics.ts), sent once after a pause: allowed once, not on a timer. */
const BEACON = /^\/api\/analytics\/events$/;

/** Records, in the page, each stream event's topic and time and when the stream opened. */
function watchStream() {
  window.__LIVE_SEEN__ = { opened: [], events: [] };
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('hello', () => window.__LIVE_SEEN__.opened.push(Date.now()));
      for (const topic of ['warning', 'channel', 'equipment', 'order', 'board', 'notice']) {
        this.addEventListener(topic, () => window.__LIVE_SEEN__.events.push({ topic, at: Date.now() }));
      }
    }
  };
}

async function watchWall(page, label, open) {
  const requests = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) requests.push({ path: url.pathname, method: r.method(), at: Date.now() });
  });
  await open();
  await page.waitForFunction(() => window.__LIVE_SEEN__?.opened.length > 0, undefined, WAIT);
  await page.waitForFunction(() => {
    const panels = [...document.querySelectorAll('[data-panel]')];
    return panels.length > 0 && panels.every((p) => p.getAttribute('data-ready') === 'true');
  }, undefined, WAIT);
  // The alarm strip reads its alarms once its panels are drawn: that first call belongs to the page load.
  await page.waitForFunction(() => document.querySelector('[data-testid="alarm-watch"]')?.getAttribute('data-state') === 'ready', undefined, WAIT);
  await page.waitForTimeout(1000);
  const from = Date.now();
  await page.waitForTimeout(WATCH_MS);
  const seen = await page.evaluate(() => window.__LIVE_SEEN__);

  const byPath = {};
  for (const r of requests) byPath[`${r.method} ${r.path}`] = (byPath[`${r.method} ${r.path}`] ?? 0) + 1;
  const topics = {};
  for (const e of seen.events) topics[e.topic] = (topics[e.topic] ?? 0) + 1;
  const watched = requests.filter((r) => r.at >= from);
  const unannounced = watched.filter((r) => {
    if (STREAM.some((p) => p.test(r.path))) return false;
    if (BEACON.test(r.path)) return watched.filter((w) => BEACON.test(w.path)).length > 1;
    const topicsOf = DATA_TOPICS.find(([p]) => p.test(r.path))?.[1] ?? [];
    return !seen.events.some((e) => topicsOf.includes(e.topic) && e.at <= r.at && r.at - e.at <= AFTER_EVENT_MS);
  });
  console.log(
    `    ${label}: ${requests.length} API requests in all, ${watched.length} in the ${WATCH_MS / 1000} s watched; stream opened ${seen.opened.length}×;` +
      ` events ${JSON.stringify(topics)}\n      by path ${JSON.stringify(byPath)}`,
  );
  assert.ok((byPath['GET /api/wall/session'] ?? 0) <= 1, `${label}: ${byPath['GET /api/wall/session']} session calls`);
  assert.equal(seen.opened.length, 1, `${label}: the stream stayed open`);
  assert.deepEqual(
    unannounced.map((r) => `${r.method} ${r.path} +${r.at - from} ms`),
    [],
    `${label}: calls no stream event announced`,
  );
}

export async function run({ baseUrl, browser }) {
  const { token: admin } = await call(baseUrl, 'POST', '/sys/login', { body: { username: 'admin', password: 'admin123', captcha: '', uuid: '' } });
  const refresh = (await call(baseUrl, 'GET', '/sys/config/info/wall.refreshSeconds', { token: admin })).value;
  await call(baseUrl, 'POST', '/sys/config/update', { token: admin, body: { key: 'wall.refreshSeconds', value: REFRESH_S } });
  try {
    await watchWalls(baseUrl, browser, admin);
  } finally {
    await call(baseUrl, 'POST', '/sys/config/update', { token: admin, body: { key: 'wall.refreshSeconds', value: Number(refresh) } });
  }
}

async function watchWalls(baseUrl, browser, admin) {

  // A signed-in user: signs in with the mouse, then opens the overview in the same tab.
  {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    try {
      await context.addInitScript(watchStream);
      const page = await context.newPage();
      await signIn(page, baseUrl, 'admin', 'admin123');
      await watchWall(page, 'signed-in user', () => page.goto(`${baseUrl}/#/page`));
    } finally {
      await context.close();
    }
  }

  // The same user's session as the app stores it (token and user in sessionStorage), the wall opened directly (the soak bench's way).
  {
    const login = await fetch(`${baseUrl}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123', captcha: '', uuid: '' }) }).then((r) => r.json());
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    try {
      await context.addInitScript(watchStream);
      await context.addInitScript(([token, user]) => {
        sessionStorage.setItem('TOKEN', token);
        sessionStorage.setItem('USER_INFO', user);
      }, [login.data.token, JSON.stringify(login.data.user)]);
      const page = await context.newPage();
      await watchWall(page, 'stored session', () => page.goto(`${baseUrl}/#/page`));
    } finally {
      await context.close();
    }
  }

  // A kiosk display: its token's address, no login.
  const issued = await call(baseUrl, 'POST', '/wall/display-token', { token: admin, body: { label: 'e2e quiet kiosk' } });
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    try {
      await context.addInitScript(watchStream);
      const page = await context.newPage();
      await watchWall(page, 'kiosk display', () => page.goto(`${baseUrl}/${issued.path.replace(/^\//, '')}`));
    } finally {
      await context.close();
    }
  } finally {
    await call(baseUrl, 'POST', '/wall/display-token/revoke', { token: admin, body: { id: issued.id } }).catch(() => undefined);
  }
}
