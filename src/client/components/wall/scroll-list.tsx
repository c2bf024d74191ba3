import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFrameDraw } from './first-frame';
import { wallFrameShown, whenFrameGone } from './first-frame-dom';
import { useWall } from './wall-context';
import { SCROLL_SPEED_PX, WALL } from './theme';

/** Moving content fades in and out at the box's edges instead of being cut through a line of text. */
const FADE_TOP = 14;
const FADE_EDGES = `linear-gradient(transparent, #000 ${FADE_TOP}px, #000 calc(100% - 22px), transparent)`;

export interface ScrollBoxProps {
  /** Drawn twice while moving; screen readers skip the second copy. */
  children: ReactNode;
  /** Design pixels per second; content that fits does not move. */
  speed?: number;
  /** Space between the end of the content and its copy, in design pixels. */
  gap?: number;
  /**
   * What the copy that follows the content holds: only its start ever shows (the track starts over
   * once the copy's top reaches the box's), so a box's height of it is enough, such as a list's first
   * rows. The whole content when not given.
   */
  head?: ReactNode;
  /**
   * Whether the content will move, for as long as it is not measured (a server-drawn first frame):
   * moving content starts below the top fade, and the frame must start where the app will.
   */
  willMove?: boolean;
}

/**
 * A box whose content scrolls itself smoothly and endlessly when it is taller than the box (a second
 * copy follows the first), pausing while the pointer is over it. Content that fits stands still. Walls
 * are read, not operated: a long list or a long introduction must still be seen whole.
 *
 * It moves a whole screen pixel at a time (text moved by fractions of a pixel is resampled, softer),
 * by a transform animation the compositor runs: the page's main thread has no work for it while it
 * moves. A wall runs all day, often without a GPU: the overview's three lists moved by a script
 * asked the main thread for 22 frames a second, each a task (2–4 ms of its time, and on a loaded
 * machine now and then one held up past 50 ms).
 */
export function ScrollBox({ children, speed = SCROLL_SPEED_PX, gap = 0, willMove = false, head }: ScrollBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const offset = useRef(0);
  const control = useRef<Animation | null>(null);
  const [size, setSize] = useState({ box: 0, content: 0 });
  // Moving content starts below the top fade (its first line is not dimmed as the wall opens), and
  // so does each turn of it: one turn is that lead, the content and the gap.
  const period = FADE_TOP + size.content + gap;
  const moving = size.box > 0 && size.content > size.box;
  const leads = size.box > 0 ? moving : willMove;
  // One screen pixel in design pixels: the list moves a whole screen pixel at a time.
  const step = 1 / Math.max(useWall().scaleY, 0.01);

  useEffect(() => {
    const outer = box.current;
    const inner = first.current;
    if (!outer || !inner) return;
    const measure = () => setSize((s) => (s.box === outer.clientHeight && s.content === inner.offsetHeight ? s : { box: outer.clientHeight, content: inner.offsetHeight }));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(outer);
    ro.observe(inner);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    if (!moving || typeof el.animate !== 'function') {
      el.style.transform = 'translateY(0)';
      return;
    }
    // The compositor moves the track (a transform animation), a whole screen pixel a step: no task on
    // the page's main thread for it. Each step is a frame of the compositor's alone.
    const pixels = Math.max(1, Math.floor(period / step));
    const ms = ((pixels * step) / speed) * 1000;
    const moves = el.animate([{ transform: 'translateY(0px)' }, { transform: `translateY(${-pixels * step}px)` }], { duration: ms, iterations: Infinity, easing: `steps(${pixels}, end)` });
    // The offset carries over when the content is measured again (late fonts, new rows): a restart
    // from the top each time would keep a list whose rows keep arriving from ever moving on.
    moves.currentTime = ((offset.current % period) / speed) * 1000;
    control.current = moves;
    // Still while the server's first frame covers the wall: the frame's list is at its start.
    moves.pause();
    const stopWaiting = whenFrameGone(() => {
      if (!paused.current) moves.play();
    });
    return () => {
      stopWaiting();
      offset.current = ((Number(moves.currentTime) || 0) / 1000) * speed;
      control.current = null;
      moves.cancel();
    };
  }, [moving, period, speed, step]);

  const pause = (on: boolean) => {
    paused.current = on;
    const moves = control.current;
    if (!moves || (!on && wallFrameShown())) return;
    if (on) moves.pause();
    else moves.play();
  };

  return (
    <div
      ref={box}
      data-moving={moving || undefined}
      style={{ height: '100%', overflow: 'hidden', position: 'relative', maskImage: leads ? FADE_EDGES : undefined }}
      onMouseEnter={() => pause(true)}
      onMouseLeave={() => pause(false)}
    >
      <div ref={track} style={{ willChange: moving ? 'transform' : undefined }}>
        <div style={{ paddingTop: leads ? FADE_TOP : 0 }}>
          <div ref={first}>{children}</div>
        </div>
        {moving && (
          <div aria-hidden style={{ paddingTop: gap + FADE_TOP }}>
            {head ?? children}
          </div>
        )}
      </div>
    </div>
  );
}

export interface ScrollListProps<T> {
  items: T[];
  keyOf: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  /** Row height in design pixels (rows are laid out at this height). */
  rowHeight: number;
  /** Design pixels per second; lists that fit do not move. */
  speed?: number;
  /** Shown when there are no items. */
  empty?: ReactNode;
  /** Height of the list's box in design pixels: a server-drawn first frame draws only the rows that show. */
  height?: number;
}

/**
 * A ScrollBox of rows of one height; an empty list shows its empty text in the middle. The copy that
 * follows the rows as they move holds the rows a box's height takes (`height`), not all of them: the
 * overview's two long lists drew 50 and 30 rows twice, two thirds of the wall's elements.
 */
export function ScrollList<T>({ items, keyOf, renderRow, rowHeight, speed, empty, height }: ScrollListProps<T>) {
  const frame = useFrameDraw();
  const all = items.length;
  if (frame && height) items = items.slice(0, Math.ceil(height / rowHeight));
  if (!items.length) {
    return <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', color: WALL.textFaint }}>{empty}</div>;
  }
  const rows = (shown: T[]) => (
    <ul style={{ margin: 0, padding: 0 }}>
      {shown.map((item, i) => (
        <li key={keyOf(item)} style={{ height: rowHeight, listStyle: 'none' }}>
          {renderRow(item, i)}
        </li>
      ))}
    </ul>
  );
  return (
    <ScrollBox speed={speed} willMove={height !== undefined && all * rowHeight > height} head={height === undefined ? undefined : rows(items.slice(0, Math.ceil(height / rowHeight) + 1))}>
      {rows(items)}
    </ScrollBox>
  );
}
