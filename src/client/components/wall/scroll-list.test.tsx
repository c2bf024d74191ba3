import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropWallFrame } from './first-frame-dom';
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

  it('follows the rows as they move with a copy of the rows a box’s height takes, not of all of them', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(190);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(2000);
    try {
      const view = render(list);
      expect(view.container.querySelector('[data-moving]')).not.toBeNull();
      // 50 rows, then 190 px of them again (five rows of 40 px, and one more).
      expect(screen.getAllByRole('listitem', { hidden: true })).toHaveLength(56);
      expect(view.container.querySelector('[aria-hidden] li:last-child')!.textContent).toBe('Pump 5');
    } finally {
      vi.restoreAllMocks();
    }
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

/** What a box asked the compositor for (jsdom has no Web Animations): its keyframes, timing and state. */
interface Moves {
  keyframes: Keyframe[];
  options: KeyframeAnimationOptions;
  playState: 'running' | 'paused' | 'idle';
  currentTime: number;
}

describe('ScrollBox', () => {
  let animations: Moves[] = [];
  beforeEach(() => {
    animations = [];
    HTMLElement.prototype.animate = function (keyframes: Keyframe[], options: KeyframeAnimationOptions) {
      const moves: Moves = { keyframes, options, playState: 'running', currentTime: 0 };
      animations.push(moves);
      return Object.assign(moves, {
        pause: () => void (moves.playState = 'paused'),
        play: () => void (moves.playState = 'running'),
        cancel: () => void (moves.playState = 'idle'),
      }) as unknown as Animation;
    } as typeof HTMLElement.prototype.animate;
  });
  afterEach(() => {
    // @ts-expect-error: jsdom has none; the stub goes
    delete HTMLElement.prototype.animate;
    vi.restoreAllMocks();
  });

  /** A box 100 px high holding 400 px on a screen `scaleY` times the design size. */
  function box(scaleY: number, speed = 22) {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
    return render(
      <WallContext.Provider value={{ scaleX: scaleY, scaleY, left: 0, top: 0, kiosk: false }}>
        <ScrollBox speed={speed}>rows</ScrollBox>
      </WallContext.Provider>,
    );
  }

  it('has the compositor move it a whole screen pixel a step, one turn (lead, content) and again', () => {
    box(1);
    const moves = animations.at(-1)!;
    // One turn: the 14 px lead and the 400 px of content, a pixel a step, at 22 px/s.
    expect(moves.keyframes).toEqual([{ transform: 'translateY(0px)' }, { transform: 'translateY(-414px)' }]);
    expect(moves.options).toMatchObject({ easing: 'steps(414, end)', iterations: Infinity });
    expect(moves.options.duration).toBeCloseTo((414 / 22) * 1000);
    expect(moves.playState).toBe('running');
  });

  it('moves half design pixels on a screen twice the design size', () => {
    box(2);
    const moves = animations.at(-1)!;
    expect(moves.keyframes.at(-1)).toEqual({ transform: 'translateY(-414px)' });
    expect(moves.options.easing).toBe('steps(828, end)');
  });

  it('stays at its start while the server’s first frame covers the wall, and moves once it is gone', () => {
    const frame = Object.assign(document.createElement('div'), { id: 'wall-frame' });
    document.body.appendChild(frame);
    try {
      box(1);
      expect(animations.at(-1)!.playState).toBe('paused');
      act(() => dropWallFrame());
      expect(animations.at(-1)!.playState).toBe('running');
    } finally {
      frame.remove();
    }
  });

  it('pauses while the pointer is over it', () => {
    const view = box(1);
    const outer = view.container.querySelector<HTMLElement>('[data-moving]')!;
    fireEvent.mouseEnter(outer);
    expect(animations.at(-1)!.playState).toBe('paused');
    fireEvent.mouseLeave(outer);
    expect(animations.at(-1)!.playState).toBe('running');
  });

  it('stands still when its content fits', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(100);
    const view = render(<ScrollBox>rows</ScrollBox>);
    expect(animations).toEqual([]);
    expect(view.container.querySelector('[data-moving]')).toBeNull();
  });
});
