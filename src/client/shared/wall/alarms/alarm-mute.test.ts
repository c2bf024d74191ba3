import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { activeMuteEnd, muteEnd, useWallMute } from './alarm-mute';

const T0 = Date.parse('2026-11-28T03:00:00.000Z');

describe('mute timer', () => {
  it('ends after the set minutes; none when walls may not be muted', () => {
    expect(muteEnd(T0, 15)).toBe(T0 + 15 * 60_000);
    expect(muteEnd(T0, 0.05)).toBe(T0 + 3000);
    expect(muteEnd(T0, 0)).toBeNull();
    expect(muteEnd(T0, -1)).toBeNull();
    expect(muteEnd(T0, Number.NaN)).toBeNull();
  });

  it('reads a stored mute as in force only before its end; a mute without an end (the old "1") is over', () => {
    expect(activeMuteEnd(String(T0 + 1000), T0)).toBe(T0 + 1000);
    expect(activeMuteEnd(String(T0), T0)).toBeNull();
    expect(activeMuteEnd(String(T0 - 1), T0)).toBeNull();
    expect(activeMuteEnd('1', T0)).toBeNull();
    expect(activeMuteEnd('soon', T0)).toBeNull();
    expect(activeMuteEnd(null, T0)).toBeNull();
  });
});

describe('useWallMute', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('mutes for the set time, then ends by itself and forgets it', () => {
    const { result } = renderHook(() => useWallMute('overview'));
    expect(result.current.until).toBeNull();
    act(() => result.current.mute(15));
    expect(result.current.until).toBe(T0 + 15 * 60_000);
    expect(localStorage.getItem('cascade.alarm.muted.overview')).toBe(String(T0 + 15 * 60_000));
    act(() => void vi.advanceTimersByTime(15 * 60_000 - 1));
    expect(result.current.until).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.until).toBeNull();
    expect(localStorage.getItem('cascade.alarm.muted.overview')).toBeNull();
  });

  it('keeps a mute over a reload until its end, for that wall only', () => {
    localStorage.setItem('cascade.alarm.muted.project:7', String(T0 + 60_000));
    const project = renderHook(() => useWallMute('project:7'));
    const overview = renderHook(() => useWallMute('overview'));
    expect(project.result.current.until).toBe(T0 + 60_000);
    expect(overview.result.current.until).toBeNull();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(project.result.current.until).toBeNull();
  });

  it('a mute already over when the wall opens, or kept without an end, is not in force', () => {
    localStorage.setItem('cascade.alarm.muted.overview', String(T0 - 1));
    localStorage.setItem('cascade.alarm.muted.scene:2', '1');
    expect(renderHook(() => useWallMute('overview')).result.current.until).toBeNull();
    expect(renderHook(() => useWallMute('scene:2')).result.current.until).toBeNull();
  });

  it('unmute ends it at once; 0 minutes does not mute', () => {
    const { result } = renderHook(() => useWallMute('overview'));
    act(() => result.current.mute(0));
    expect(result.current.until).toBeNull();
    act(() => result.current.mute(5));
    act(() => result.current.unmute());
    expect(result.current.until).toBeNull();
    expect(localStorage.getItem('cascade.alarm.muted.overview')).toBeNull();
  });

  it('a timer that fires early looks again and still ends the mute on time', () => {
    const { result } = renderHook(() => useWallMute('overview'));
    act(() => result.current.mute(1));
    // The clock lags the timer by a moment (a timer can fire a millisecond early).
    vi.setSystemTime(T0 - 5);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current.until).toBe(T0 + 60_000);
    act(() => void vi.advanceTimersByTime(10));
    expect(result.current.until).toBeNull();
  });
});
