import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@tests/helpers/fake-event-source';
import { act, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { server } from '../../../../mocks/server';
import { clearSession, loginDisplay } from '@client/lib/session';
import { connectLive } from '@client/lib/live';
import { WALL_LIVE_KEYS } from './live-keys';
import { STATS_LIVE_KEYS } from '../stats/api/live-keys';
import { useProjectWall } from './project/api/get-project-wall';
import { useCountProjects } from '../stats/api/get-count-projects';
import { useLiveRefresh, wallRefreshMs } from '../stats/api/refresh';

/** A wall's two kinds of live data: a statistics panel (overview) and the project wall's one call. */
function Wall() {
  const count = useCountProjects({ refetchInterval: useLiveRefresh() });
  const wall = useProjectWall(1);
  return <p>{count.isSuccess && wall.isSuccess ? 'ready' : 'loading'}</p>;
}

describe('a live wall query with the stream up', () => {
  const asked: string[] = [];
  const record = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
  afterEach(() => {
    server.events.removeListener('request:start', record);
    clearSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const count = (path: string) => asked.filter((p) => p.endsWith(path)).length;

  it('asks nothing on a timer while the stream is open, refreshes on its events, and polls again once it is lost', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    loginDisplay('tok');
    server.events.on('request:start', record);
    const { queryClient, findByText, unmount } = renderWithProviders(<Wall />);
    const close = connectLive(queryClient, [...STATS_LIVE_KEYS, ...WALL_LIVE_KEYS]);
    await findByText('ready');
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last!;
    act(() => source.emit('hello'));

    vi.useFakeTimers();
    asked.length = 0;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(asked).toEqual([]);

    // What an event announces is asked for, once, after the stream's short pause.
    act(() => source.emit('order', { topic: 'order', at: '' }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(count('/ball/fallproject/countProjects')).toBe(1);
    expect(count('/wall/project/1')).toBe(1);
    act(() => source.emit('channel', { topic: 'channel', at: '' }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(count('/ball/fallproject/countProjects')).toBe(1);
    expect(count('/wall/project/1')).toBe(2);

    // The stream lost (the browser reconnecting): the wall's interval is back.
    asked.length = 0;
    act(() => source.onerror?.());
    await act(() => vi.advanceTimersByTimeAsync(2 * wallRefreshMs() + 1_000));
    expect(count('/ball/fallproject/countProjects')).toBe(2);
    expect(count('/wall/project/1')).toBe(2);

    // Open again: it stops, after the one refresh of what the loss may have missed.
    act(() => source.emit('hello'));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    asked.length = 0;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(asked).toEqual([]);
    close();
    unmount();
  });
});
