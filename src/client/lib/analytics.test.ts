import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_BATCH_DELAY_MS } from '@shared/constants';
import type { SessionUser } from '@shared/contracts/auth';
import { clearSession, login, loginDisplay } from './session';
import { flush, resetAnalytics, screenOf, startAnalytics, trackAction, trackPageView } from './analytics';

const user: SessionUser = { id: 7, username: 'op', realName: 'Op', email: '', phone: '', avatar: '', roles: ['operator'], perms: [], menus: [] };

describe('usage analytics tracker', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let stop: () => void;
  const sent = () => fetchMock.mock.calls.map(([url, init]) => ({ url, init: init as RequestInit, events: JSON.parse((init as RequestInit).body as string).events }));

  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: '', data: { stored: 1, enabled: true } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    window.__APP_CONFIG__ = { analytics: true, apiHost: '/api', authHeader: 'X-Token' };
    login('tok-1', user);
    resetAnalytics();
    stop = startAnalytics();
  });
  afterEach(() => {
    stop();
    resetAnalytics();
    clearSession();
    delete window.__APP_CONFIG__;
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('sends the page views and actions of 3000 ms in one batch, with the session header', async () => {
    trackPageView('/main/fall/order');
    trackAction('fall-order#save');
    vi.advanceTimersByTime(ANALYTICS_BATCH_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    trackPageView('/main/sys/user');
    vi.advanceTimersByTime(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [call] = sent();
    expect(call.url).toBe('/api/analytics/events');
    expect((call.init.headers as Record<string, string>)['X-Token']).toBe('tok-1');
    expect(call.init.keepalive).toBe(false);
    expect(call.events).toEqual([
      { kind: 'view', screen: '/main/fall/order' },
      { kind: 'action', screen: '/main/fall/order', action: 'fall-order#save' },
      { kind: 'view', screen: '/main/sys/user' },
    ]);
    // Nothing queued, nothing sent; the next event starts a new 3000 ms wait.
    vi.advanceTimersByTime(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    trackAction('sys-user#update');
    vi.advanceTimersByTime(ANALYTICS_BATCH_DELAY_MS);
    expect(sent()[1].events).toEqual([{ kind: 'action', screen: '/main/sys/user', action: 'sys-user#update' }]);
  });

  it('sends nothing while analysis is off, or without a session', () => {
    window.__APP_CONFIG__ = { analytics: false };
    trackPageView('/main');
    trackAction('fall-order#save');
    vi.advanceTimersByTime(ANALYTICS_BATCH_DELAY_MS * 3);
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();

    window.__APP_CONFIG__ = { analytics: true };
    clearSession();
    trackPageView('/login');
    vi.advanceTimersByTime(ANALYTICS_BATCH_DELAY_MS * 3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stops for good once the server answers that analysis is off', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 0, msg: '', data: { stored: 0, enabled: false } }), { status: 200 }));
    trackPageView('/main');
    await vi.advanceTimersByTimeAsync(ANALYTICS_BATCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    trackPageView('/main/fall/order');
    await vi.advanceTimersByTimeAsync(ANALYTICS_BATCH_DELAY_MS * 2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the queue at once, with keepalive, when the page is hidden or left', () => {
    trackPageView('/main/fall/order');
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent()[0].init.keepalive).toBe(true);
    expect(sent()[0].events).toEqual([{ kind: 'view', screen: '/main/fall/order' }]);
    // The timer that was waiting is gone: nothing is sent twice.
    vi.advanceTimersByTime(ANALYTICS_BATCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    trackPageView('/main/sys/user');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as unknown as Record<string, unknown>).visibilityState;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent()[1].init.keepalive).toBe(true);
  });

  it('splits a long queue into batches of at most 100 and never throws when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    for (let i = 0; i < 150; i += 1) trackPageView(`/main/screen${i}`);
    expect(() => flush(false)).not.toThrow();
    expect(sent().map((c) => c.events.length)).toEqual([100, 50]);
    await vi.runAllTimersAsync();
  });

  it('sends what waits with the session it happened in when that session ends', () => {
    trackPageView('/main/fall/order');
    clearSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((sent()[0].init.headers as Record<string, string>)['X-Token']).toBe('tok-1');
    expect(sent()[0].events).toEqual([{ kind: 'view', screen: '/main/fall/order' }]);
    login('tok-2', user);
    trackPageView('/main');
    vi.advanceTimersByTime(ANALYTICS_BATCH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((sent()[1].init.headers as Record<string, string>)['X-Token']).toBe('tok-2');
    expect(sent()[1].events).toEqual([{ kind: 'view', screen: '/main' }]);
  });

  it('counts only page views on a kiosk wall', () => {
    clearSession();
    loginDisplay('display-token');
    trackPageView('/page');
    trackAction('fall-order#save');
    vi.advanceTimersByTime(ANALYTICS_BATCH_DELAY_MS);
    expect(sent()[0].events).toEqual([{ kind: 'view', screen: '/page' }]);
  });

  it('counts a press of a button marked with its permission code, not of a disabled one', () => {
    trackPageView('/main/fall/order');
    document.body.innerHTML = `
      <div data-perm="fall-order#accept"><button id="ok"><span id="inner">Accept</span></button><button id="off" disabled>Accept</button></div>
      <button id="plain">Other</button>`;
    (document.getElementById('inner') as HTMLElement).click();
    (document.getElementById('off') as HTMLElement).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    (document.getElementById('plain') as HTMLElement).click();
    vi.advanceTimersByTime(ANALYTICS_BATCH_DELAY_MS);
    expect(sent()[0].events).toEqual([
      { kind: 'view', screen: '/main/fall/order' },
      { kind: 'action', screen: '/main/fall/order', action: 'fall-order#accept' },
    ]);
  });

  it('names a screen by its route, without ids or query', () => {
    expect(screenOf('/page/project/12')).toBe('/page/project/:id');
    expect(screenOf('/page/model/3/2?kiosk=1&token=secret')).toBe('/page/model/:id/:id');
    expect(screenOf('/main/fall/order')).toBe('/main/fall/order');
    expect(screenOf('/login2/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('/login2/:id');
    expect(screenOf('/main/a b')).toBe('/main/a_b');
    expect(screenOf('')).toBe('/');
    expect(screenOf(`/${'x'.repeat(300)}`)).toHaveLength(128);
  });
});
