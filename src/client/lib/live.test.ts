import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { connectLive, invalidateFor } from './live';

class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 1;
  handlers = new Map<string, ((e: MessageEvent) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown) {
    for (const fn of this.handlers.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent);
  }
  close() {
    this.readyState = 2;
  }
}

function clientWith(keys: unknown[][]) {
  const qc = new QueryClient();
  for (const key of keys) qc.setQueryData(key, 1);
  return qc;
}

describe('live updates', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('marks stale only the cached data a topic touches', () => {
    const qc = clientWith([['warnings', 'latest'], ['stats', 'groupArea'], ['sys-user', 'info'], ['content', 'current']]);
    invalidateFor(qc, new Set(['warning']));
    const stale = qc.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => q.queryKey[0]);
    expect(stale.sort()).toEqual(['stats', 'warnings']);
  });

  it('opens the stream with the token and coalesces a burst of events into one refresh', () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const qc = clientWith([['fall-order', 'open-count'], ['content', 'current']]);
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const close = connectLive(qc, 'tok en');
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/live/stream?token=tok%20en');
    source.emit('order', { topic: 'order', id: 1 });
    source.emit('order', { topic: 'order', id: 2 });
    source.emit('notice', { topic: 'notice' });
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(qc.getQueryState(['content', 'current'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['fall-order', 'open-count'])?.isInvalidated).toBe(true);
    close();
    expect(source.readyState).toBe(2);
  });
});
