// Browser test of "one language at a time": every wall and every back-office screen of the
// admin's menu, in English and in Chinese. In English no CJK character may show outside what people
// typed into a field that has no English variant; in Chinese no English word may show outside that,
// the small allow-list below (units, codes, brands, ids, emails, URLs) and those same fields.
//
// What people typed is read from the answers the page itself received: the values of fields named
// in USER_FIELDS, in records that carry no `<field>En` column beside them (work records, people's and
// customers' names, file names). Anything else on screen (labels, dictionary texts, text the server
// wrote, names with an English column, seeded or not) must be in the screen's language: the demo
// seeds every such name in both languages (migration 0029), so seeded data is checked too. Screenshots of each screen go to screenshotsDir (language-<lang>-<screen>.png).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** Fields people fill in that have no English column: their values may be in either language. */
const USER_FIELDS = new Set([
  'roleNames', 'name', 'title', 'body', 'content', 'description', 'remark', 'note', 'notes', 'label', 'repairer', 'submitter', 'contact',
  'equipmentName', 'deviceName', 'orderName', 'maker', 'model', 'username', 'dealtBy', 'byUser', 'createdBy', 'uploader',
  'userAgent', 'ip', 'serial', 'value', 'phone', 'email', 'cardNumber', 'originalName', 'fileName', 'path', 'params', 'error',
  'realName', 'userName', 'customerName', 'trainName', 'operator', 'code', 'type', 'menuCode', 'perms', 'handler', 'key',
  // Project type codes (xmbm) are codes, whatever the language.
  'xmbm',
  // A spare part's name as typed (parts have no English column) where a stock row repeats it, and who
  // moved stock (a person's name).
  'partName', 'by',
]);
/** Answers whose fields hold text the server writes (checked like labels, never taken as typed). */
const SERVER_WRITTEN = [
  [/\/sys\/config\//, ['remark']],
  [/\/job\/schedule\//, ['name', 'remark', 'description']],
  [/\/fallwarning\//, ['info', 'note']],
];
/** English words a Chinese screen may show: units, protocols, brands and product words no one translates. */
const EN_ALLOWED = new Set(
  [
    'Cascade', 'Modbus', 'TCP', 'HTTP', 'HTTPS', 'JSON', 'URL', 'API', 'IP', 'ID', 'CH', 'Cron', 'cron', 'xlsx', 'csv', 'AppKey', 'Secret',
    'S3', 'OSS', 'SLA', 'KPI', 'MTTR', 'MTBF', 'MiB', 'MB', 'KB', 'GB', 'MPa', 'kW', 'kWh', 'km', 'm', 's', 'h', 'min', 'px', 'true', 'false', 'null',
    'Excel', 'PostgreSQL', 'PGlite', 'Redis', 'Chrome', 'Safari', 'Firefox', 'Mozilla', 'AppleWebKit', 'KHTML', 'like', 'Gecko',
    'HeadlessChrome', 'Headless', 'Edge', 'Opera', 'WeChat', 'macOS', 'iOS', 'Android', 'ChromeOS', 'curl',
    // Escalation's channels: the words chat tools and mail servers go by (SMTP_HOST names the setting).
    'Webhook', 'SMTP', 'SMTP_HOST', 'Slack', 'Mattermost',
    // Environment variables the configuration screen names when one decides a setting, and the values
    // the alarm settings take (levels and tones are typed as these codes).
    'CAPTCHA', 'info', 'warning', 'critical', 'none', 'beep', 'chime', 'siren',
    'Linux', 'Windows', 'NT', 'Win64', 'x64', 'X11', 'OpenStreetMap', 'Leaflet', 'Esri', 'CARTO', 'Natural', 'Earth',
    // 'No Data': the product spec's empty-table text, kept verbatim in both languages (spec §, kit.table.empty).
    'No', 'Data',
    'admin', 'manager', 'operator', 'viewer', 'system', 'login2', 'ms', 'png', 'jpg', 'jpeg', 'pdf', 'docx', 'mp4', 'webp', 'WO', 'BL', 'DB', 'E2E', 'No', 'am', 'pm', 'AM', 'PM',
  ].map((w) => w.toLowerCase()),
);
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Every back-office screen of the admin's menu (src/server/db/seed/menus.ts), plus the home page. */
const SCREENS = [
  '', 'fall/project', 'fall/device', 'fall/eqInfo', 'fall/order', 'fall/report', 'fall/train', 'fall/draw', 'fall/monitor', 'fall/detect',
  'fall/others', 'fall/spare', 'fall/store', 'fall/stock', 'fall/reorder', 'fall/escalation', 'fall/risk', 'fall/stats', 'xmlx', 'ship/cards', 'ship/scene-list', 'app/user', 'app/bill', 'app/bill-record', 'job/schedule', 'job/schedule-log',
  'oss/oss', 'oss/oss-config', 'oss/oss-upload', 'sys/user', 'sys/role', 'sys/menu', 'sys/dictionary', 'sys/config', 'sys/content',
  'sys/log', 'sys/history-user', 'sys/online-user', 'sys/analytics',
];

async function login(baseUrl) {
  const res = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123', captcha: '', uuid: '' }),
  });
  return (await res.json()).data.token;
}

async function api(baseUrl, token, url, body) {
  const res = await fetch(`${baseUrl}/api${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()).data;
}

/**
 * Values of user fields in a JSON answer. On an English screen a record with a non-empty English
 * variant of the field must show that variant, so its other value is not allowed there; a record
 * whose English variant is empty has none, and its value shows as the user wrote it. On a Chinese
 * screen the value itself is what shows.
 */
function collectUserValues(value, out, skip, lang, depth = 0) {
  if (depth > 10 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) collectUserValues(v, out, skip, lang, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    // A field with a filled English column beside it (`<field>En`) is never taken as typed: every seeded
    // record fills both, so the screen must show the one of its language. One whose English column is
    // empty (a role a test made with a Chinese name only) shows as the user wrote it.
    const en = value[`${k}En`];
    // (A list may fill the English column with the name itself when none was given: the same, so typed.)
    const typed = !(`${k}En` in value) || en === null || en === v || (typeof en === 'string' && !en.trim());
    if (typeof v === 'string' && USER_FIELDS.has(k) && !skip.has(k) && typed && v.trim()) out.add(v.trim());
    else if (typeof v === 'object') collectUserValues(v, out, skip, lang, depth + 1);
    // The wall's first frame carries the answers it was drawn from as JSON text.
    else if (typeof v === 'string' && k === 'payload' && v.startsWith('{')) {
      try {
        collectUserValues(JSON.parse(v), out, skip, lang, depth + 1);
      } catch {
        // not JSON after all
      }
    }
  }
}

/**
 * What a screen shows while it is still getting its data: a table or a form waiting (aria-busy, the
 * top bar while a screen's chunk loads), a loader, a skeleton, a wall panel not yet drawn.
 */
const BUSY = '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root[data-visible], .mantine-LoadingOverlay-root, [data-ready="false"]';

/**
 * Follows a page's API answers (the user values in them) and its requests to the server still on
 * their way: its own (answers, lazy screens and panels, dictionaries), not the live stream.
 */
function watch(page, lang, baseUrl) {
  const userValues = new Set();
  let inFlight = 0;
  let begun = 0;
  let lastSent = Date.now();
  const isOwn = (r) => r.url().startsWith(baseUrl) && r.resourceType() !== 'eventsource' && !r.url().includes('/live');
  page.on('request', (r) => {
    if (!isOwn(r)) return;
    inFlight += 1;
    begun += 1;
    lastSent = Date.now();
  });
  const done = (r) => {
    if (!isOwn(r)) return;
    inFlight -= 1;
    lastSent = Date.now();
  };
  page.on('requestfailed', done);
  page.on('requestfinished', async (r) => {
    try {
      const res = await r.response();
      if (res && (res.headers()['content-type'] ?? '').includes('json')) {
        const skip = new Set(SERVER_WRITTEN.filter(([re]) => re.test(r.url())).flatMap(([, fields]) => fields));
        collectUserValues(await res.json(), userValues, skip, lang);
      }
    } catch {
      // a body already gone (navigation): nothing to learn from it
    }
    done(r);
  });
  /** Whether, two frames on (what the last answer set off has drawn and sent), nothing on screen is busy. */
  const calm = () =>
    page
      .evaluate((busy) => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(!document.querySelector(busy))))), BUSY)
      .catch(() => false);
  return {
    userValues,
    /**
     * Resolves once the screen has what it asked for and has drawn it: no request of its own on the
     * way and nothing busy on screen, twice in a row with no request begun in between. A marker
     * that stays while the network has been still for `stillMs` waits for nothing the screen asked
     * for (a chart without data keeps its skeleton). After `maxMs` it goes on as it is (the walk
     * then checks what shows).
     */
    async settled(maxMs = 12_000, stillMs = 1500) {
      const deadline = Date.now() + maxMs;
      let calmBefore = false;
      while (Date.now() < deadline) {
        const seen = begun;
        const idle = () => inFlight <= 0 && begun === seen;
        const now = inFlight <= 0 && ((await calm()) || Date.now() - lastSent > stillMs) && idle();
        if (now && calmBefore) return;
        calmBefore = now;
        if (!now) await page.waitForTimeout(50);
      }
    },
  };
}

/** Visible text of the page, one entry per text node (inputs, raw data marked translate="no" and hidden nodes left out). */
async function visibleTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (!text) continue;
      const el = n.parentElement;
      if (!el || el.closest('script, style, noscript, textarea, [contenteditable="true"], [translate="no"], svg title, .leaflet-control-attribution')) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
      out.push(text);
    }
    return out;
  });
}

/** What is left of a text once user values, URLs, emails and numbers are taken out. */
function stripAllowed(text, userValues) {
  let s = text;
  // Longest first: a device name inside a training name must not break the training name apart.
  const values = [...userValues].filter((v) => v.length > 1).sort((a, b) => b.length - a.length);
  for (const v of values) {
    if (!s.includes(v)) continue;
    // A Latin value is taken out as whole words only ("c" must not cut "Cascade").
    if (/^[A-Za-z0-9]/.test(v) || /[A-Za-z0-9]$/.test(v)) {
      const escaped = v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      s = s.replace(new RegExp(`(?<![A-Za-z0-9_./-])${escaped}(?![A-Za-z0-9_./-])`, 'g'), ' ');
    } else s = s.split(v).join(' ');
  }
  return s.replace(/https?:\/\/\S+/g, ' ').replace(/\S+@\S+\.\S+/g, ' ');
}

/** English words of a text that no allow-list covers. */
function englishWords(text) {
  // A leading slash keeps a one-segment path ("/main", the usage screen's screen paths) a path.
  const words = text.match(/\/?[A-Za-z][A-Za-z0-9_.\-#/:'’]*/g) ?? [];
  return words.filter((w) => {
    const bare = w.replace(/[.:'’-]+$/, '');
    if (bare.length <= 1) return false;
    if (/\d/.test(bare) || /[_#/.:@-]/.test(bare)) return false; // codes, ids, paths, "CH1", "log.purge"
    if (/^[A-Z]{2,6}s?$/.test(bare)) return false; // abbreviations and units (RGBW, DMX, PLC)
    return !EN_ALLOWED.has(bare.toLowerCase());
  });
}

function findings(texts, lang, userValues) {
  const bad = [];
  for (const text of texts) {
    const rest = stripAllowed(text, userValues);
    if (lang === 'en' ? CJK.test(rest) : englishWords(rest).length > 0) bad.push(text.slice(0, 120));
  }
  return [...new Set(bad)];
}

async function walk(browser, baseUrl, token, lang, targets, screenshotsDir) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(
    ([l, t]) => {
      localStorage.setItem('LANGUAGE', l);
      if (!sessionStorage.getItem('TOKEN')) sessionStorage.setItem('TOKEN', t);
    },
    [lang, token],
  );
  const page = await context.newPage();
  const watcher = watch(page, lang, baseUrl);
  const problems = {};
  try {
    for (const { name, url } of targets) {
      await page.goto(`${baseUrl}/#/${url}`);
      await watcher.settled();
      const found = findings(await visibleTexts(page), lang, watcher.userValues);
      if (found.length) problems[name] = found.slice(0, 8);
      await page.screenshot({ path: path.join(screenshotsDir, `language-${lang}-${name.replace(/[/:]/g, '_') || 'home'}.png`) });
    }
  } finally {
    await context.close();
  }
  return problems;
}

export const tests = {
  async 'every wall and back-office screen shows one language, in English and in Chinese'({ baseUrl, browser, screenshotsDir }) {
    const token = await login(baseUrl);
    // A project with a site plan, boards and warnings (demo data), for the project wall.
    const boards = await api(baseUrl, token, '/ball/falldetect/list', { page: 1, limit: 1 });
    const projectId = boards.list[0].projectId;
    const targets = [
      { name: 'wall-overview', url: 'page' },
      { name: 'wall-detail', url: 'page/detail' },
      { name: `wall-project`, url: `page/project/${projectId}` },
      ...SCREENS.map((s) => ({ name: `main-${s}`, url: s ? `main/${s}` : 'main' })),
    ];
    // Both languages at once, each in its own context: the walk mostly waits for screens to settle,
    // so two walks side by side take about the time of one.
    const [en, cn] = await Promise.all(['en', 'cn'].map((lang) => walk(browser, baseUrl, token, lang, targets, screenshotsDir)));
    writeFileSync(path.join(screenshotsDir, 'language-findings.json'), JSON.stringify({ en, cn }, null, 2));
    assert.deepEqual({ en, cn }, { en: {}, cn: {} }, `mixed languages on screen:\n${JSON.stringify({ en, cn }, null, 2)}`);
  },
};
