import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { server } from '../../../../mocks/server';
import { api } from '@client/lib/api';
import { EARLY_CALL_MAX_AGE_MS, type EarlyCall } from '@client/lib/early-calls';
import { login } from '@client/lib/session';
import { prefetchOverview } from './overview-data';
import { isOverviewAddress, overviewCalls, wallToken } from './overview-calls';

const user = { id: 1, username: 'admin', realName: '', avatar: '', roles: [], perms: [], menus: [] } as never;

/** The requests the app sends for the overview wall, as method, path under /api and body. */
async function requestsOfPrefetch(token: string) {
  const seen: { method: string; path: string; body?: unknown; headers: Record<string, string> }[] = [];
  const listener = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    seen.push({ method: request.method, path: url.pathname.replace(/^\/api/, '') + url.search, ...(text ? { body: JSON.parse(text) } : {}), headers: Object.fromEntries(request.headers) });
  };
  server.events.on('request:start', listener);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  void prefetchOverview(client, token);
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  server.events.removeListener('request:start', listener);
  return seen;
}

describe('overview calls started before the app', () => {
  afterEach(() => {
    delete window.__CASCADE_EARLY_CALLS__;
  });

  it('are exactly the requests the overview wall makes (so the app takes their answers)', async () => {
    login('tok-1', user);
    const seen = await requestsOfPrefetch('tok-1');
    const key = (c: { method: string; path: string; body?: unknown }) => JSON.stringify([c.method, c.path, c.body ?? null]);
    expect(seen.map(key).sort()).toEqual(overviewCalls().map(key).sort());
    // The same headers the early start sends: the token and the language.
    const token = wallToken('#/page', sessionStorage, localStorage)!;
    for (const r of seen) {
      expect(r.headers.authorization).toBe(token.value);
      expect(r.headers['accept-language']).toBe(token.language);
    }
  });

  it('hands an early answer to the API client once, then asks the server itself', async () => {
    login('tok-2', user);
    const url = '/api/ball/fallproject/countProjects';
    const headers = { 'Accept-Language': 'zh-CN', Authorization: 'tok-2' };
    const early: EarlyCall = {
      method: 'GET',
      url,
      body: undefined,
      headers,
      at: Date.now(),
      response: Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'success', data: { total: 999, byStatus: [] } }))),
    };
    window.__CASCADE_EARLY_CALLS__ = [early];
    expect(await api.get<{ total: number }>('/ball/fallproject/countProjects')).toMatchObject({ total: 999 });
    // Taken: the next call goes to the server (the mock answers 64).
    expect((await api.get<{ total: number }>('/ball/fallproject/countProjects')).total).toBe(64);
  });

  it('leaves an early answer alone when the token, the language or the body differ, or when it is old', async () => {
    login('tok-3', user);
    const answer = () => Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'success', data: { total: 999, byStatus: [] } })));
    const base = { method: 'GET', url: '/api/ball/fallproject/countProjects', body: undefined, at: Date.now() };
    window.__CASCADE_EARLY_CALLS__ = [
      { ...base, headers: { 'Accept-Language': 'zh-CN', Authorization: 'someone-else' }, response: answer() },
      { ...base, headers: { 'Accept-Language': 'en', Authorization: 'tok-3' }, response: answer() },
      { ...base, headers: { 'Accept-Language': 'zh-CN', Authorization: 'tok-3' }, at: Date.now() - EARLY_CALL_MAX_AGE_MS - 1, response: answer() },
    ];
    expect((await api.get<{ total: number }>('/ball/fallproject/countProjects')).total).toBe(64);
    expect(window.__CASCADE_EARLY_CALLS__).toHaveLength(3);
  });

  it('knows the overview address and the token a kiosk address carries', () => {
    expect(isOverviewAddress('#/page')).toBe(true);
    expect(isOverviewAddress('#/page?kiosk=1&token=abc')).toBe(true);
    expect(isOverviewAddress('#/page/project/3')).toBe(false);
    expect(isOverviewAddress('#/main')).toBe(false);
    const none = { getItem: () => null };
    expect(wallToken('#/page?kiosk=1&token=abc', none, none)).toEqual({ header: 'Authorization', value: 'abc', language: 'zh-CN' });
    expect(wallToken('#/page', none, none)).toBeNull();
    expect(wallToken('#/page', { getItem: (k) => (k === 'TOKEN' ? 'stored' : null) }, { getItem: (k) => (k === 'LANGUAGE' ? 'en' : null) })).toEqual({ header: 'Authorization', value: 'stored', language: 'en' });
  });
});
