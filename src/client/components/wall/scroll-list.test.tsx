import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameDrawContext, type FrameDraw } from './first-frame';
import { ScrollBox, ScrollList } from './scroll-list';
import { WallContext } from './wall-context';

const items = Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Pump ${i}` }));
const list = <ScrollList items={items} keyOf={(r) => r.id} rowHeight={40} height={190} renderRow={(r) => <span>{r.name}</span>} />;
const draw: FrameDraw = { chart: () => '', map: () => '' };

describe('ScrollList', () => {
  it('draws every row in the app', () => {
    render(list);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
  });

  it('draws only the rows that show in a server-drawn first frame', () => {
    render(<FrameDrawContext.Provider value={draw}>{list}</FrameDrawContext.Provider>);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('starts a list that will move below the top fade, in the frame as in the app, and one that fits at the top', () => {
    const lead = (view: ReturnType<typeof render>) => (view.container.querySelector('ul')!.parentElement!.parentElement as HTMLElement).style.paddingTop;
    expect(lead(render(<FrameDrawContext.Provider value={draw}>{list}</FrameDrawContext.Provider>))).toBe('14px');
    const few = <ScrollList items={items.slice(0, 3)} keyOf={(r) => r.id} rowHeight={40} height={190} renderRow={(r) => <span>{r.name}</span>} />;
    expect(lead(render(<FrameDrawContext.Provider value={draw}>{few}</FrameDrawContext.Provider>))).toBe('0px');
  });
});

describe('ScrollBox', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** A box 100 px high holding 400 px on a screen `scaleY` times the design size, for one second. */
  function oneSecond(scaleY: number) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const view = render(
      <WallContext.Provider value={{ scaleX: scaleY, scaleY, left: 0, top: 0, kiosk: false }}>
        <ScrollBox speed={22}>rows</ScrollBox>
      </WallContext.Provider>,
    );
    const track = view.container.querySelector<HTMLElement>('[data-moving] > div')!;
    frames.mockClear();
    act(() => vi.advanceTimersByTime(1000));
    return { frames: frames.mock.calls.length, track };
  }

  it('moves a whole screen pixel at a time and asks for a frame only then', async () => {
    const { frames, track } = oneSecond(1);
    // 22 px/s: about 22 frames asked for in a second, not 60, each a whole pixel further.
    expect(frames).toBeGreaterThanOrEqual(18);
    expect(frames).toBeLessThanOrEqual(24);
    await act(() => Promise.resolve());
    expect(track.style.transform).toMatch(/^translateY\(-(19|2\d)px\)$/);
  });

  it('moves every list of the page in the same frames', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    render(
      <>
        <ScrollBox speed={22}>a</ScrollBox>
        <ScrollBox speed={14}>b</ScrollBox>
        <ScrollBox speed={22}>c</ScrollBox>
      </>,
    );
    frames.mockClear();
    act(() => vi.advanceTimersByTime(1000));
    // The fastest list's pixels set the pace; the others move in those frames.
    expect(frames.mock.calls.length).toBeLessThanOrEqual(24);
  });

  it('stays at its start while the server’s first frame covers the wall', () => {
    const frame = Object.assign(document.createElement('div'), { id: 'wall-frame' });
    document.body.appendChild(frame);
    try {
      const { track } = oneSecond(1);
      expect(track.style.transform).toBe('translateY(0px)');
    } finally {
      frame.remove();
    }
  });

  it('moves half design pixels on a screen twice the design size', () => {
    const { frames, track } = oneSecond(2);
    expect(frames).toBeGreaterThanOrEqual(36);
    expect(track.style.transform).toMatch(/^translateY\(-\d+(\.5)?px\)$/);
  });
});
