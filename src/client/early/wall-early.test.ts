import { afterEach, describe, expect, it, vi } from 'vitest';
import { overviewCalls } from '../features/wall/overview-calls';

const FRAME_HTML = '<div data-wall-root><div data-wall-canvas><section data-panel="map" data-ready="true"></section></div></div>';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  delete window.__CASCADE_EARLY_CALLS__;
  delete window.__CASCADE_FRAME__;
  document.getElementById('wall-frame')?.remove();
  document.getElementById('root')?.remove();
  sessionStorage.clear();
  window.location.hash = '';
});

describe('the overview wall’s early start', () => {
  it('asks for the first frame, shows it, and answers the wall’s calls from it; only the session and the base map go out besides, after it', async () => {
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
    expect(fetched.map((u) => u.split('?')[0]).sort()).toEqual(['/api/wall/frame', '/api/wall/session', 'geo/countries-110m.json']);
  });

  it('sends the wall’s calls itself when the server draws no frame', async () => {
    document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
    sessionStorage.setItem('TOKEN', 'tok-2');
    window.__APP_CONFIG__ = { apiHost: '/api' };
    window.location.hash = '#/page';
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data: null })));
    });
    await import('./wall-early');
    await window.__CASCADE_FRAME__;
    await Promise.all(window.__CASCADE_EARLY_CALLS__!.map((c) => c.response));
    expect(document.getElementById('wall-frame')).toBeNull();
    expect(fetched).toContain('/api/ball/fallproject/countProjects');
    expect(fetched).toHaveLength(overviewCalls().length + 2);
  });
});
