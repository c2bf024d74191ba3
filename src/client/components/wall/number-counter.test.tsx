import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { formatCount, NumberCounter } from './number-counter';

describe('NumberCounter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows its first value as it is, on every mount: never a count from 0', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const first = render(<NumberCounter value={27.3} decimals={1} durationMs={1000} />);
    expect(first.container.textContent).toBe('27.3');
    first.unmount();
    // Mounted again (a click on Mute, a sign-in): the same figure at once.
    const again = render(<NumberCounter value={77.6} decimals={1} durationMs={1000} />);
    expect(again.container.textContent).toBe('77.6');
    expect(frames).toHaveLength(0);
    // Loading first (no value), then the value: shown as it is, not counted.
    const late = render(<NumberCounter value={null} decimals={1} />);
    expect(late.container.textContent).toBe('—');
    late.rerender(<NumberCounter value={12.5} decimals={1} />);
    expect(late.container.textContent).toBe('12.5');
    expect(frames).toHaveLength(0);
  });

  it('counts from the value shown to a new one, never below where it counts from, even when a frame is stamped before the count began', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const { container, rerender } = render(<NumberCounter value={60} decimals={1} durationMs={1000} />);
    expect(container.textContent).toBe('60.0');
    rerender(<NumberCounter value={66.7} decimals={1} durationMs={1000} />);
    const started = performance.now();
    // Browsers pass the frame's start time, which can be earlier than the effect that asked for it.
    act(() => frames.shift()!(started - 5));
    expect(container.textContent).toBe('60.0');
    act(() => frames.shift()!(started + 500));
    const mid = Number(container.textContent);
    expect(mid).toBeGreaterThan(60);
    expect(mid).toBeLessThan(66.7);
    act(() => frames.shift()!(started + 5000));
    expect(container.textContent).toBe('66.7');
  });

  it('writes numbers as Intl.NumberFormat en-US does, grouped and rounded half away from zero as written', () => {
    const values = [0, 0.05, 0.5, 1.005, 2.675, 9.995, 27.65, 66.7, 99.95, 999.5, 1234.5, 2040, 1234567.891, 1e7, -3.45, 0.000123];
    for (const v of values) {
      for (const decimals of [0, 1, 2]) {
        expect(formatCount(v, decimals)).toBe(new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(v));
      }
    }
  });
});
