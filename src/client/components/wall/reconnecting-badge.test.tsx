import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { FakeEventSource } from '@tests/helpers/fake-event-source';
import { connectLive, registryLiveKeys } from '@client/lib/live';
import { clearSession, loginDisplay } from '@client/lib/session';
import { ReconnectingBadge } from './reconnecting-badge';

describe('the wall while the server has no database', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('says "reconnecting… figures as of HH:MM" from the server\'s word until the database is back, then reads everything again', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    loginDisplay('tok');
    const qc = new QueryClient();
    qc.setQueryData(['stats', 'groupArea'], 1);
    const close = connectLive(qc, [...registryLiveKeys(), { prefix: ['stats'], on: ['order'] }]);
    render(<ReconnectingBadge label={(time) => `Reconnecting… figures as of ${time}`} />);
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last!;
    act(() => source.emit('hello', {}));
    expect(screen.queryByRole('status')).toBeNull();

    const since = new Date(Date.now() - 5 * 60_000);
    act(() => source.emit('database', { available: false, since: since.toISOString() }));
    const hhmm = `${String(since.getHours()).padStart(2, '0')}:${String(since.getMinutes()).padStart(2, '0')}`;
    expect(screen.getByRole('status').textContent).toBe(`Reconnecting… figures as of ${hhmm}`);

    act(() => source.emit('database', { available: true, since: null }));
    expect(screen.queryByRole('status')).toBeNull();
    await vi.waitFor(() => expect(qc.getQueryState(['stats', 'groupArea'])?.isInvalidated).toBe(true));
    close();
  });

  it('says so too when the stream itself is lost, from the moment it was', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    loginDisplay('tok');
    const close = connectLive(new QueryClient(), registryLiveKeys());
    render(<ReconnectingBadge label={(time) => `as of ${time}`} />);
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last!;
    act(() => source.emit('hello', {}));
    act(() => source.onerror?.());
    expect(screen.getByRole('status').textContent).toMatch(/^as of \d\d:\d\d$/);
    act(() => source.emit('hello', {}));
    expect(screen.queryByRole('status')).toBeNull();
    close();
  });
});
