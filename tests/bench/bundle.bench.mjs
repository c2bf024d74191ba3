// Back-office first load, as Chromium downloads it: the real server on the demo data
// (tmp/bench-wall, seeded by wall-seed.ts) and the built client, each journey in a fresh browser
// context (cold cache), the bytes and requests counted from the DevTools protocol's Network events
// (the bytes on the wire, headers included, with the browser asking for gzip only so the figure is
// the issue's "KB gzip" rather than brotli's smaller one).
//  - sign-in → landing: /#/login opened, the form sent, the /main dashboard drawn with its charts;
//  - a list screen: /#/main/fall/order opened with a session already in the tab (a reload), its
//    table drawn.
// A journey counts every script until none has started for QUIET_MS after its screen is drawn.
// Budgets are the issues': landing ≤ 250 KB and ≤ 30 scripts, list ≤ 320 KB (issue 31; 200 before, under
// the stack's own floor) and ≤ 40 scripts. The list's journey also counts the other language's texts it
// downloaded (none: each language's texts are their own chunks, the other loads on a switch), and the
// build's manifest says which list screens reach zod at first load (none: a list loads its form, and the
// contract that validates it, with its dialog: components/list-page ListPageProps.form). Printed beside
// them, what the stack itself costs before our code (stack-floor.mjs).
// Needs `npm run build` (or CLIENT_DIR pointing at a build). Run alone: node tests/bench/bundle.bench.mjs
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serverCommand } from '../../scripts/server.mjs';
import { runAlone } from './budget.mjs';
import { freePort, waitForWarm } from './proc.mjs';
import { stackFloor } from './stack-floor.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.join(root, 'tmp/bench-wall');
const clientDir = path.resolve(root, process.env.CLIENT_DIR ?? 'dist/client');
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const QUIET_MS = 1500;
const BUDGET = {
  landing: { kb: 250, scripts: 30 },
  list: { kb: 320, scripts: 40 },
};
/** zod's own name for its base type, which minifying keeps (a string its constructors are registered under). */
const ZOD_MARK = '$ZodType';

/** The build's manifest (vite.config.ts build.manifest): each chunk's file, source and static imports. */
const readManifest = () => JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));

/**
 * The list screens (a `*.screen.tsx` that draws ListPage) whose chunk, or a chunk it imports statically
 * (what loads before the screen draws), holds zod.
 */
function listScreensWithValidation(manifest) {
  const holdsZod = new Map();
  const zodIn = (key) => {
    if (!holdsZod.has(key)) holdsZod.set(key, readFileSync(path.join(clientDir, manifest[key].file), 'utf8').includes(ZOD_MARK));
    return holdsZod.get(key);
  };
  const firstLoad = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) firstLoad(next, seen);
    return seen;
  };
  const screens = Object.keys(manifest).filter((key) => key.endsWith('.screen.tsx') && readFileSync(path.join(root, key), 'utf8').includes('<ListPage'));
  if (screens.length < 15 || !Object.keys(manifest).some(zodIn)) throw new Error('the manifest has no list screens, or no chunk holds zod: the check would pass for nothing');
  return { screens, withZod: screens.filter((key) => [...firstLoad(key)].some(zodIn)) };
}

/**
 * Counts what a page downloads through CDP: per request its type and the bytes received on the wire
 * (Network.loadingFinished encodedDataLength). `scripts()` the JavaScript so far, `lastScriptAt` when
 * the latest one started.
 */
async function networkMeter(context, page) {
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  const meter = { lastScriptAt: Date.now() };
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { url: e.request.url, type: e.type, bytes: 0, done: false });
    if (e.type === 'Script') meter.lastScriptAt = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { bytes: e.encodedDataLength, done: true });
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
  meter.scripts = () => [...requests.values()].filter((r) => r.type === 'Script');
  meter.settled = async () => {
    for (const until = Date.now() + 30_000; Date.now() < until; await page.waitForTimeout(100)) {
      const scripts = meter.scripts();
      if (Date.now() - meter.lastScriptAt >= QUIET_MS && scripts.every((r) => r.done)) return;
    }
    throw new Error('scripts kept loading for 30 s');
  };
  meter.figures = (manifest) => {
    const scripts = meter.scripts();
    // Chinese is the journeys' language (none is stored): English texts are the other language's.
    const sources = new Map(Object.values(manifest).map((c) => [`/${c.file}`, c.src ?? '']));
    const otherLanguage = scripts.filter((r) => (sources.get(r.url.replace(/^https?:\/\/[^/]+/, '')) ?? '').startsWith('src/client/locales/en/'));
    if (process.env.BENCH_LIST) for (const r of [...scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`${String(r.bytes).padStart(8)} ${r.encoding} ${r.url.replace(/^https?:\/\/[^/]+/, '')}`);
    const encodings = [...new Set(scripts.map((r) => r.encoding))].join('/');
    const kb = (list) => Math.round(list.reduce((n, r) => n + r.bytes, 0) / 100) / 10;
    return { kb: kb(scripts), count: scripts.length, encodings, otherLanguageKb: kb(otherLanguage) };
  };
  return meter;
}

export async function run() {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('client build failed');
  }
  const manifest = readManifest();
  const validation = listScreensWithValidation(manifest);
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/wall-seed.ts', dataDir], { cwd: root, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('seeding the demo data failed');

  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, await serverCommand(), {
    cwd: root,
    // No scripted faults: a warning popping up mid-journey would load the alarm strip's code.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: clientDir, CAPTCHA: 'off', DEMO: 'on', DEMO_FAULT_EVERY_MS: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROME_ARGS });
  try {
    await waitForWarm(base, 120_000);
    const load = loadavg()[0];

    // Sign-in → landing.
    let context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    let page = await context.newPage();
    let meter = await networkMeter(context, page);
    await page.goto(`${base}/#/login`);
    await page.getByLabel(/用户名|Username/).fill('admin');
    await page.getByLabel(/^(密码|Password)/).fill('admin123');
    await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
    await page.waitForURL(/#\/main/, { timeout: 30_000 });
    // The dashboard's charts: the server's drawings (SVG) until the viewer reaches for one, canvases
    // when the server has no renderer built.
    await page.locator('[data-panel] [data-chart] svg, [data-panel] canvas').first().waitFor({ timeout: 30_000 });
    await meter.settled();
    const landing = meter.figures(manifest);
    const token = await page.evaluate(() => [sessionStorage.getItem('TOKEN'), sessionStorage.getItem('USER_INFO')]);
    await context.close();

    // A list screen opened with the session in the tab.
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(([t, user]) => {
      sessionStorage.setItem('TOKEN', t);
      sessionStorage.setItem('USER_INFO', user);
    }, token);
    page = await context.newPage();
    meter = await networkMeter(context, page);
    await page.goto(`${base}/#/main/fall/order`);
    await page.locator('table tbody tr').first().waitFor({ timeout: 30_000 });
    await meter.settled();
    const list = meter.figures(manifest);
    await context.close();

    const note = (f) => `${f.count} scripts (${f.encodings}); load average ${load.toFixed(1)}`;
    return [
      { name: 'sign-in → landing: JavaScript transferred (gzip)', value: landing.kb, unit: 'KB', budget: BUDGET.landing.kb, note: note(landing) },
      { name: 'sign-in → landing: script requests', value: landing.count, unit: 'requests', budget: BUDGET.landing.scripts },
      { name: 'orders list opened: JavaScript transferred (gzip)', value: list.kb, unit: 'KB', budget: BUDGET.list.kb, note: note(list) },
      { name: 'orders list opened: script requests', value: list.count, unit: 'requests', budget: BUDGET.list.scripts },
      { name: "orders list opened: the other language's texts (gzip)", value: list.otherLanguageKb, unit: 'KB', budget: 0, note: 'the page in Chinese; English texts downloaded' },
      {
        name: 'list screens reaching zod at first load',
        value: validation.withZod.length,
        unit: 'screens',
        budget: 0,
        note: `of ${validation.screens.length} list screens (build manifest)${validation.withZod.length ? `: ${validation.withZod.map((k) => path.basename(k)).join(', ')}` : ''}`,
      },
      ...(await stackFloor()),
    ];
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

await runAlone(import.meta.url, run);
