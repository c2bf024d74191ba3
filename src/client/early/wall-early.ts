/**
 * The overview wall's early start, bundled on its own into a script inside index.html right after
 * /config.js (vite.config.ts `wallEarly`). On /page it sends the wall's calls and fetches the base
 * map while the browser is still fetching the app's scripts, and preloads the wall's chunks (ECharts
 * and Leaflet included), whose names the build writes on its script tag. The app picks the answers
 * up through its usual query hooks (lib/early-calls.ts). On any other address it does nothing.
 */
import { STORAGE_KEYS } from '@shared/constants';
import type { EarlyCall } from '../lib/early-calls';
import type { RuntimeConfig } from '../lib/runtime-config';
import { WORLD_MAP_URL } from '../components/wall/world-map-url';
import { isOverviewAddress, overviewCalls, wallToken } from '../features/wall/overview-calls';

function link(attrs: Record<string, string>): void {
  // crossOrigin '' as Vite's own preloads have it, so the app's loads find these and ask no twice.
  document.head.appendChild(Object.assign(document.createElement('link'), { crossOrigin: '', ...attrs }));
}

function start(hash: string): void {
  if (!isOverviewAddress(hash)) return;
  const build = (document.currentScript as HTMLScriptElement | null)?.dataset ?? {};
  const language = localStorage.getItem(STORAGE_KEYS.language) === 'en' ? 'en' : 'cn';
  const chunks = [build.wallChunks, language === 'en' ? build.localeEn : build.localeCn].join(' ').split(' ');
  // The stylesheet itself (not a preload): Vite adds a chunk's CSS only when no such sheet is there.
  for (const href of chunks) if (href) link(href.endsWith('.css') ? { rel: 'stylesheet', href } : { rel: 'modulepreload', href });

  // A scene draws other cards; a wall without a session sends nobody's calls.
  if (new URLSearchParams(hash.split('?')[1] ?? '').get('scene')) return;
  const config: Partial<RuntimeConfig> = window.__APP_CONFIG__ ?? {};
  const calls: EarlyCall[] = (window.__CASCADE_EARLY_CALLS__ ??= []);
  const send = (method: string, url: string, body: string | undefined, headers: Record<string, string>, init: RequestInit) => {
    const response = fetch(url, { method, headers, body, ...init });
    // An answer the app does not take (another language chosen meanwhile, say) fails unnoticed.
    response.catch(() => undefined);
    calls.push({ method, url, body, headers, at: Date.now(), response });
  };
  const token = wallToken(hash, sessionStorage, localStorage);
  if (!token) return;
  // In the order the server should answer them (it answers one after another): the wall session
  // first (the wall waits for it), the base map (a file, decoded while the calls are answered).
  overviewCalls().forEach((call, i) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = { 'Accept-Language': token.language, [token.header]: token.value };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    send(call.method, `${config.apiHost ?? '/api'}${call.path}`, body, headers, { credentials: 'include' });
    if (i === 0 && !config.tileUrl) send('GET', WORLD_MAP_URL, undefined, {}, {});
  });
}

start(window.location.hash);
