/**
 * The overview wall's early start, bundled on its own into a script inside index.html right after
 * the runtime configuration (vite.config.ts `wallEarly`). On /page it asks the server for its drawing
 * of the wall and shows it (the first frame, components/wall/first-frame.ts), takes the answers of
 * the wall's calls from it (or sends them once it is done), then preloads the wall's chunks, whose
 * names the build writes on its script tag: ECharts, Leaflet and the base map only where the wall
 * will draw with them (no drawings of the frame to show) or once a pointer moves on the page.
 * The app picks the answers up through its usual query hooks (lib/early-calls.ts). On any other
 * address it does nothing.
 */
import { STORAGE_KEYS } from '@shared/constants';
import type { EarlyCall } from '../lib/early-calls';
import type { RuntimeConfig } from '../lib/runtime-config';
import type { WallFrame } from '@shared/contracts/wall';
import { WORLD_MAP_URL } from '../components/wall/world-map-url';
import { isOverviewAddress, overviewCalls, wallToken } from '../features/wall/overview-calls';
import { showWallFrame } from '../components/wall/first-frame-dom';
import { WALL } from '../components/wall/theme';

/** Characters of the wall's panels, for the browser to load the wall's font with. */
const FONT_SAMPLE = '项目状态区域分布水景类型设备维修速度质量故障告警通知 0123456789 Projects status';

/** Longest the app waits for the first frame before it goes on loading. */
const FRAME_WAIT_MS = 1500;

function link(attrs: Record<string, string>): void {
  // crossOrigin '' as Vite's own preloads have it, so the app's loads find these and ask no twice.
  document.head.appendChild(Object.assign(document.createElement('link'), { crossOrigin: '', ...attrs }));
}

function start(hash: string): void {
  if (!isOverviewAddress(hash)) return;
  const build = (document.currentScript as HTMLScriptElement | null)?.dataset ?? {};
  const language = localStorage.getItem(STORAGE_KEYS.language) === 'en' ? 'en' : 'cn';
  const chunks = (build.wallChunks ?? '').split(' ');
  // The texts the app loads before it renders anything (two small chunks): asked with the frame.
  const texts = ((language === 'en' ? build.localeEn : build.localeCn) ?? '').split(' ');
  // ECharts, Leaflet and their adapters: the panels show the frame's drawings of their charts and map
  // until someone reaches for one or the data change (useFrameHandover).
  const later = (build.wallLater ?? '').split(' ');
  // The stylesheets themselves (not preloads): Vite adds a chunk's CSS only when no such sheet is there.
  const stylesheets = (hrefs: string[]) => {
    for (const href of hrefs) if (href.endsWith('.css')) link({ rel: 'stylesheet', href });
  };
  const modules = (hrefs: string[]) => {
    for (const href of hrefs) if (href && !href.endsWith('.css')) link({ rel: 'modulepreload', href });
  };
  let laterAsked = false;
  const preloadLater = () => {
    if (laterAsked) return;
    laterAsked = true;
    stylesheets(later);
    modules(later);
  };
  const preload = () => modules(chunks);

  // A scene draws other cards; a wall without a session sends nobody's calls.
  const token = new URLSearchParams(hash.split('?')[1] ?? '').get('scene') ? null : wallToken(hash, sessionStorage, localStorage);
  if (!token) {
    stylesheets(chunks);
    modules(texts);
    preload();
    return preloadLater();
  }
  const config: Partial<RuntimeConfig> = window.__APP_CONFIG__ ?? {};
  const calls: EarlyCall[] = (window.__CASCADE_EARLY_CALLS__ ??= []);
  /** Hands an answer under way to the API client (lib/early-calls.ts). */
  const keep = (method: string, url: string, body: string | undefined, headers: Record<string, string>, response: Promise<Response>) => {
    // An answer the app does not take (another language chosen meanwhile, say) fails unnoticed.
    response.catch(() => undefined);
    calls.push({ method, url, body, headers, at: Date.now(), response });
  };
  const headersOf = (body: string | undefined): Record<string, string> => ({
    'Accept-Language': token.language,
    [token.header]: token.value,
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
  });
  // The server's drawing of the wall (components/wall/first-frame.ts): on screen as soon as it
  // arrives, while the app still loads; the app's own wall replaces it once drawn. The server makes
  // the wall's calls to draw it and sends their answers along: the app takes those.
  const api = config.apiHost ?? '/api';
  const frame = fetch(`${api}/wall/frame?lang=${language}`, { headers: headersOf(undefined), credentials: 'include' })
    .then((res) => (res.ok ? (res.json() as Promise<{ code: number; data: WallFrame | null }>) : null))
    .then((body) => (body?.code === 0 ? body.data : null))
    .catch(() => null);
  // Asked first, on the page's own connection; the app's stylesheets and texts after it (once the
  // frame is on screen the entry and the wall's chunks take every connection the browser opens).
  stylesheets(chunks);
  modules(texts);
  // The wall's type, set once while the server works: the browser loads the CJK font and its glyphs
  // now, not when the frame arrives (that was a tenth of a second of laying the frame out).
  const fonts = document.createElement('span');
  fonts.setAttribute('aria-hidden', 'true');
  fonts.textContent = FONT_SAMPLE;
  fonts.style.cssText = `position:fixed;left:-10000px;top:0;font:600 20px ${WALL.font}`;
  document.documentElement.appendChild(fonts);
  void frame.then(() => fonts.remove());
  // Until the frame is on screen the app starts no more than its entry (main.tsx waits for
  // __CASCADE_FRAME__, the wall's chunks are not preloaded): the two cores draw the frame, on the
  // server and here, rather than compile ECharts and Leaflet. At most FRAME_WAIT_MS.
  window.__CASCADE_FRAME__ = new Promise<void>((settle) => {
    let settled = false;
    const done = (drawings: boolean) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      settle();
      // After the app's entry, which index.html imports as this settles: the wall's chunks are
      // imported only once the entry has run; ECharts and Leaflet once a pointer shows up (hover
      // tooltips, the map's zoom), or now when the panels have no drawings to show.
      window.setTimeout(() => {
        preload();
        if (!drawings) return preloadLater();
        window.addEventListener('pointermove', preloadLater, { once: true, passive: true });
        window.addEventListener('pointerdown', preloadLater, { once: true, passive: true });
      }, 0);
    };
    const timer = window.setTimeout(() => done(false), FRAME_WAIT_MS);
    void frame.then((drawn) => {
      const html = drawn?.html;
      const show = () => {
        const current = drawn ? drawn.calls.length > 0 : false;
        // Settled once the browser has painted it, not before the app's next task.
        if (html && showWallFrame(html, window.location.hash, language, { stays: isOverviewAddress, current })) requestAnimationFrame(() => window.setTimeout(() => done(current), 0));
        else done(false);
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show, { once: true });
      else show();
    });
  });
  // The wall's calls: each answered from the frame when the server made it, else (the wall session,
  // which the frame does not need) sent once the frame is done, as is the base map: nothing else
  // asks the server for anything while it draws the frame, and the app asks for them later.
  for (const call of overviewCalls()) {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const url = `${api}${call.path}`;
    const headers = headersOf(body);
    const response = frame.then((drawn) => {
      const made = drawn?.calls.find((c) => c.method === call.method && c.url === url && (c.body ?? undefined) === body);
      return made ? new Response(made.payload, { status: made.status, headers: { 'content-type': 'application/json' } }) : fetch(url, { method: call.method, headers, body, credentials: 'include' });
    });
    keep(call.method, url, body, headers, response);
  }
  // The base map, for a map that draws live at once (no drawing of it to show).
  void frame.then((drawn) => {
    if (!config.tileUrl && !drawn?.calls.length) keep('GET', WORLD_MAP_URL, undefined, {}, fetch(WORLD_MAP_URL));
  });
}

start(window.location.hash);
