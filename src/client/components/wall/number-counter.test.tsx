import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { NumberCounter } from './number-counter';

describe('NumberCounter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('never shows less than where it counts from, even when a frame is stamped before the count began', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const { container } = render(<NumberCounter value={66.7} decimals={1} durationMs={1000} />);
    const started = performance.now();
    // Browsers pass the frame's start time, which can be earlier than the effect that asked for it.
    act(() => frames.shift()!(started - 5));
    expect(container.textContent).toBe('0.0');
    act(() => frames.shift()!(started + 5000));
    expect(container.textContent).toBe('66.7');
  });
});
