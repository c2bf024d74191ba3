import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock } from './clock';

describe('Clock', () => {
  afterEach(() => vi.useRealTimers());

  it('ticks once a second, its date line turning over at midnight', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 25, 23, 59, 58), toFake: ['Date', 'setInterval', 'clearInterval'] });
    const view = render(<Clock dateFormat="YYYY-MM-DD" />);
    const lines = () => [...view.container.querySelectorAll('[data-clock-format]')].map((l) => l.textContent);
    expect(lines()).toEqual(['23:59:58', '2026-11-25']);
    act(() => vi.advanceTimersByTime(2000));
    expect(lines()).toEqual(['00:00:00', '2026-11-26']);
    expect(view.container.querySelector('time')!.getAttribute('datetime')).toBe(new Date(2026, 10, 26, 0, 0, 0).toISOString());
  });
});
