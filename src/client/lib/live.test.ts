import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@tests/helpers/fake-event-source';
import { QueryClient } from '@tanstack/react-query';
import { connectLive, invalidateFor, registryLiveKeys, type LiveKeys } from './live';
import { resourceKeys } from './resource-keys';
import { clearSession, getToken, loginDisplay } from './session';
import { setUnauthorizedHandler } from './api';

/** A table of the shape app/live-keys.ts assembles (the real one is checked in app/live-keys.test.ts). */
const KEYS: LiveKeys[] = [
  ...registryLiveKeys(),
  { prefix: ['stats'], on: ['warning', 'equipment', 'order'] },
  { prefix: ['warnings'], on: ['warning'] },
  { prefix: ['content'], on: ['notice'] },
  { prefix: ['wall-project'], on: ['warning', 'channel', 'board', 'equipment', 'order'] },
  { prefix: ['warning-alarms'], on: ['warning'], urgent: true },
];

function clientWith(keys: unknown[][]) {
  const qc = new QueryClient();
  for (const key of keys) qc.setQueryData(key, 1);
  return qc;
}

describe('live updates', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('marks stale only the cached data a topic touches', () => {
    const qc = clientWith([['warnings', 'latest'], ['stats', 'groupArea'], ['sys-user', 'info'], ['content', 'current']]);
    invalidateFor(qc, new Set(['warning']), KEYS);
    const stale = qc.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => q.queryKey[0]);
    expect(stale.sort()).toEqual(['stats', 'warnings']);
  });

  it('matches a declared key by exact prefix, element by element: a key that merely contains the word is not refreshed', () => {
    const table: LiveKeys[] = [
      { prefix: ['warning'], on: ['warning'] },
      { prefix: ['/ball/fallorder', 'open-count'], on: ['order'] },
    ];
    const qc = clientWith([
      ['warning'],
      ['warning', 'latest', 3],
      ['warning-alarms', 'all'],
      ['warnings', 'latest'],
      ['/ball/fallwarning', 'list', {}],
      ['/ball/falleqinfo', 'options', { search: 'warning' }],
      ['data-table', 1, '{"keyword":"warning"}', 'pager'],
      ['/ball/fallorder', 'open-count', 'submitted'],
      ['/ball/fallorder', 'list', { status: 'open-count' }],
    ]);
    const stale = () => qc.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => JSON.stringify(q.queryKey));
    invalidateFor(qc, new Set(['warning']), table);
    expect(stale()).toEqual(['["warning"]', '["warning","latest",3]']);
    invalidateFor(qc, new Set(['order']), table);
    expect(stale()).toEqual(['["warning"]', '["warning","latest",3]', '["/ball/fallorder","open-count","submitted"]']);
    // A topic with nothing declared refreshes nothing.
    invalidateFor(qc, new Set(['notice']), table);
    expect(stale()).toHaveLength(3);
  });

  it('refreshes what the resource key factories key, by their API-path roots: an order event reaches the order list pages and counts, not the equipment', () => {
    // As the list table (listApi's listQueryOptions) and the record dialogs key them.
    const orders = resourceKeys('/ball/fallorder');
    const equipment = resourceKeys('/ball/falleqinfo');
    const keys = [
      [...orders.list({ status: 'submitted' }), { page: 1, pageSize: 10 }],
      orders.info(7),
      resourceKeys('/ball/fallorder').view('open-count', 'submitted'),
      resourceKeys('/ball/fallreport').list({}),
      [...equipment.list({}), { page: 1, pageSize: 10 }],
      resourceKeys('/ball/falleqinfo').options(null),
    ];
    const qc = clientWith(keys.map((k) => [...k]));
    invalidateFor(qc, new Set(['order']), KEYS);
    const stale = qc.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => q.queryKey[0]);
    expect(stale.sort()).toEqual(['/ball/fallorder', '/ball/fallorder', '/ball/fallorder', '/ball/fallreport']);

    invalidateFor(qc, new Set(['equipment']), KEYS);
    expect(qc.getQueryCache().getAll().filter((q) => q.isStale())).toHaveLength(keys.length);
  });

  it('opens the stream with a ticket asked for with the header, never the token, and coalesces a burst of events into one refresh', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    loginDisplay('tok en');
    const qc = clientWith([['/ball/fallorder', 'open-count'], ['content', 'current']]);
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const close = connectLive(qc, KEYS);
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last!;
    expect(source.url).toMatch(/^\/api\/live\/stream\?ticket=mock-stream-[a-z0-9]+$/);
    expect(source.url).not.toContain('tok');
    vi.useFakeTimers();
    source.emit('order', { topic: 'order', id: 1 });
    source.emit('order', { topic: 'order', id: 2 });
    source.emit('notice', { topic: 'notice' });
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(qc.getQueryState(['content', 'current'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['/ball/fallorder', 'open-count'])?.isInvalidated).toBe(true);
    close();
    expect(source.readyState).toBe(2);
  });

  it('asks for a new ticket and opens a new stream once the browser gives up on the old one (ticket expired, server restarted)', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    loginDisplay('tok');
    const close = connectLive(new QueryClient(), KEYS);
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const first = FakeEventSource.last!;
    first.readyState = FakeEventSource.CLOSED;
    first.onerror?.();
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBe(first), { timeout: 3000 });
    expect(FakeEventSource.last!.url).toMatch(/\?ticket=mock-stream-/);
    expect(FakeEventSource.last!.url).not.toBe(first.url);
    close();
  });

  it('reads everything again once the stream is back after a loss (a restart, a network cut), not on the first open', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    loginDisplay('tok');
    const qc = clientWith([['wall-project', 7], ['warning-alarms', 'all'], ['stats', 'groupArea'], ['content', 'current']]);
    const close = connectLive(qc, KEYS);
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last!;
    source.emit('hello', {});
    const stale = () => qc.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => String(q.queryKey[0])).sort();
    expect(stale()).toEqual([]);
    // The browser lost the stream and is reconnecting by itself; events sent meanwhile are gone.
    source.onerror?.();
    source.emit('hello', {});
    await vi.waitFor(() => expect(stale()).toEqual(['content', 'stats', 'wall-project', 'warning-alarms']));
    close();
  });

  it('refreshes the alarm strip at once on a warning event, ahead of the coalesced burst', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    loginDisplay('tok');
    const qc = clientWith([['warning-alarms', 'all'], ['stats', 'groupArea']]);
    const close = connectLive(qc, KEYS);
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last!;
    vi.useFakeTimers();
    const stale = () => qc.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => String(q.queryKey[0])).sort();
    source.emit('warning', { topic: 'warning', projectId: 3 });
    expect(stale()).toEqual(['warning-alarms']);
    vi.advanceTimersByTime(500);
    expect(stale()).toEqual(['stats', 'warning-alarms']);
    close();
  });

  it('on the server\'s `reconnect` (it is stopping) closes the stream, asks for a new one within a second, keeps asking every half second or so while the server is down, and reads everything again once back', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    loginDisplay('tok');
    const tickets: number[] = [];
    let down = false;
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/auth/ticket')) {
        tickets.push(Date.now());
        if (down) throw new TypeError('Failed to fetch');
      }
      return realFetch(input, init);
    });
    const qc = clientWith([['wall-project', 7], ['warning-alarms', 'all'], ['stats', 'groupArea']]);
    const close = connectLive(qc, KEYS);
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const first = FakeEventSource.last!;
    first.emit('hello', {});
    const stale = () => qc.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => String(q.queryKey[0])).sort();
    expect(stale()).toEqual([]);
    // The server's absence runs on fake time: the retries are counted against the clock they keep,
    // not against how busy the machine is.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const asked = tickets.length;
    const since = Date.now();
    down = true;
    first.emit('reconnect', {});
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    // The process is down for 2.5 s: a few tries, not a storm and not the doubling pause.
    await vi.advanceTimersByTimeAsync(2500);
    const whileDown = tickets.length - asked;
    expect(whileDown).toBeGreaterThanOrEqual(3);
    expect(whileDown).toBeLessThanOrEqual(10);
    expect(tickets[asked] - since).toBeLessThanOrEqual(1000);
    expect(FakeEventSource.last).toBe(first);
    down = false;
    const before = tickets.length;
    // The next try, within a second, reaches the server again (its answer on real time).
    await vi.advanceTimersByTimeAsync(1000);
    expect(tickets.length).toBeGreaterThan(before);
    vi.useRealTimers();
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBe(first));
    FakeEventSource.last!.emit('hello', {});
    await vi.waitFor(() => expect(stale()).toEqual(['stats', 'wall-project', 'warning-alarms']));
    // Once open, no more tickets are asked for, however long it stays open.
    const settled = tickets.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets.length).toBe(settled);
    close();
  });

  it('on the server\'s `revoked` closes the stream for good and ends the session as a 401 would (a kiosk wall: its notice)', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    loginDisplay('tok');
    const ended: string[] = [];
    setUnauthorizedHandler((kind) => ended.push(kind));
    const close = connectLive(new QueryClient(), KEYS);
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last!;
    source.emit('hello', {});
    source.emit('revoked', {});
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(ended).toEqual(['display']);
    expect(getToken()).toBeFalsy();
    await new Promise((r) => setTimeout(r, 1500));
    expect(FakeEventSource.last).toBe(source);
    close();
  });
});
