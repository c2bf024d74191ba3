import { afterEach, describe, expect, it, vi } from 'vitest';
import { overviewCalls } from '../features/wall/overview-calls';

const FRAME_HTML = '<div data-wall-root><div data-wall-canvas><section data-panel="map" data-ready="true"></section></div></div>';

/** The build's lists on the early start's tag (vite.config.ts wallEarly): the wall's chunks, ECharts and Leaflet apart. */
function buildTag(): void {
  const tag = document.createElement('script');
  Object.assign(tag.dataset, { wallChunks: './assets/wall.js ./assets/wall.css', wallLater: './assets/echarts.js ./assets/leaflet.js ./assets/leaflet.css', localeCn: './assets/part-wall.js' });
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
}

/** What the early start has asked the browser to load so far (modulepreload and stylesheet links). */
const linked = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="stylesheet"]')].map((l) => l.getAttribute('href')).sort();

afterEach(() => {
  vi.unstubAllGlobals();
  // @ts-expect-error: undoes buildTag's own property, back to the document's getter
  delete document.currentScript;
  document.head.querySelectorAll('link').forEach((l) => l.remove());
  vi.resetModules();
  delete window.__CASCADE_EARLY_CALLS__;
  delete window.__CASCADE_FRAME__;
  document.getElementById('wall-frame')?.remove();
  document.getElementById('root')?.remove();
  sessionStorage.clear();
  window.location.hash = '';
});

describe('the overview wall’s early start', () => {
  it('asks for the first frame, shows it, and answers the wall’s calls from it; only the session goes out besides, after it', async () => {
    const root = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
    sessionStorage.setItem('TOKEN', 'tok-1');
    window.__APP_CONFIG__ = { apiHost: '/api' };
    window.location.hash = '#/page';
    const made = overviewCalls()
      .filter((c) => c.path !== '/wall/session')
      .map((c) => ({ method: c.method, url: `/api${c.path}`, body: c.body === undefined ? null : JSON.stringify(c.body), status: 200, payload: JSON.stringify({ code: 0, msg: 'ok', data: c.path }) }));
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      const body = url.startsWith('/api/wall/frame') ? { code: 0, msg: 'ok', data: { html: FRAME_HTML, calls: made } } : { code: 0, msg: 'ok', data: null };
      return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
    });
    await import('./wall-early');
    await window.__CASCADE_FRAME__;
    expect(document.getElementById('wall-frame')).not.toBeNull();
    expect(root.style.visibility).toBe('hidden');
    const calls = window.__CASCADE_EARLY_CALLS__!;
    const count = calls.find((c) => c.url === '/api/ball/fallproject/countProjects')!;
    expect(count.headers).toEqual({ 'Accept-Language': 'zh-CN', Authorization: 'tok-1' });
    expect(await (await count.response).json()).toEqual({ code: 0, msg: 'ok', data: '/ball/fallproject/countProjects' });
    // The map shows the frame's drawing: its base map loads when the live map is wanted.
    expect(fetched.map((u) => u.split('?')[0]).sort()).toEqual(['/api/wall/frame', '/api/wall/session']);
  });

  it('leaves ECharts and Leaflet until a pointer moves when the panels show the frame’s drawings', async () => {
    document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
    sessionStorage.setItem('TOKEN', 'tok-3');
    window.__APP_CONFIG__ = { apiHost: '/api' };
    window.location.hash = '#/page';
    buildTag();
    const made = overviewCalls().map((c) => ({ method: c.method, url: `/api${c.path}`, body: c.body === undefined ? null : JSON.stringify(c.body), status: 200, payload: '{"code":0,"msg":"ok","data":null}' }));
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data: url.startsWith('/api/wall/frame') ? { html: FRAME_HTML, calls: made } : null }))),
    );
    await import('./wall-early');
    // The texts and the stylesheets come with the frame; the wall's chunks once it is on screen.
    expect(linked()).toEqual(['./assets/part-wall.js', './assets/wall.css']);
    await window.__CASCADE_FRAME__;
    await new Promise((r) => setTimeout(r, 10));
    expect(linked()).toEqual(['./assets/part-wall.js', './assets/wall.css', './assets/wall.js']);
    window.dispatchEvent(new Event('pointermove'));
    expect(linked()).toEqual(['./assets/echarts.js', './assets/leaflet.css', './assets/leaflet.js', './assets/part-wall.js', './assets/wall.css', './assets/wall.js']);
  });

  it('sends the wall’s calls itself when the server draws no frame, and preloads ECharts and Leaflet at once', async () => {
    document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
    sessionStorage.setItem('TOKEN', 'tok-2');
    window.__APP_CONFIG__ = { apiHost: '/api' };
    window.location.hash = '#/page';
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data: null })));
    });
    buildTag();
    await import('./wall-early');
    await window.__CASCADE_FRAME__;
    await Promise.all(window.__CASCADE_EARLY_CALLS__!.map((c) => c.response));
    expect(document.getElementById('wall-frame')).toBeNull();
    expect(fetched).toContain('/api/ball/fallproject/countProjects');
    // The frame, the calls and the base map: the charts and the map draw live at once, their chunks preloaded.
    expect(fetched).toHaveLength(overviewCalls().length + 2);
    await new Promise((r) => setTimeout(r, 10));
    expect(linked()).toContain('./assets/echarts.js');
  });
});
