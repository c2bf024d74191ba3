import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFrameDraw } from './first-frame';
import { wallFrameShown } from './first-frame-dom';
import { useWall } from './wall-context';
import { SCROLL_SPEED_PX, WALL } from './theme';

/** Moving content fades in and out at the box's edges instead of being cut through a line of text. */
const FADE_TOP = 14;
const FADE_EDGES = `linear-gradient(transparent, #000 ${FADE_TOP}px, #000 calc(100% - 22px), transparent)`;

/** How often a paused list (the pointer over it) looks whether it may move again. */
const PAUSED_LOOK_MS = 250;

/**
 * Moving boxes: each moves itself once a frame comes and says how long until its next whole pixel
 * and how long a pixel takes it (null while paused).
 */
type Mover = (now: number) => { next: number; pixel: number } | null;
const movers = new Set<Mover>();
let tickTimer = 0;
let tickFrame = 0;

function tick(now: number): void {
  // The fastest box sets the pace; the others move in its frames (a slower one a frame late at most).
  let pace = { next: PAUSED_LOOK_MS, pixel: Infinity };
  for (const box of movers) {
    const due = box(now);
    if (due && due.pixel < pace.pixel) pace = due;
  }
  tickTimer = window.setTimeout(() => (tickFrame = requestAnimationFrame(tick)), pace.next);
}

/**
 * Every moving box of the page on one clock that asks the browser for a frame only when the fastest
 * is due to move a whole screen pixel (22 times a second at 1920×1080), not 60 times a second, and
 * moves them all in that frame. A wall runs all day, often without a GPU, and every frame costs a
 * round of work: an idle overview used a third of a core for its three lists, a tenth after. Text
 * moved by fractions of a pixel is resampled, softer, too.
 */
function onTick(box: Mover): () => void {
  movers.add(box);
  if (movers.size === 1) tickFrame = requestAnimationFrame(tick);
  return () => {
    movers.delete(box);
    if (movers.size) return;
    window.clearTimeout(tickTimer);
    cancelAnimationFrame(tickFrame);
  };
}

export interface ScrollBoxProps {
  /** Drawn twice while moving; screen readers skip the second copy. */
  children: ReactNode;
  /** Design pixels per second; content that fits does not move. */
  speed?: number;
  /** Space between the end of the content and its copy, in design pixels. */
  gap?: number;
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
 */
export function ScrollBox({ children, speed = SCROLL_SPEED_PX, gap = 0, willMove = false }: ScrollBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const offset = useRef(0);
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
    if (!moving) {
      el.style.transform = 'translateY(0)';
      return;
    }
    // The offset carries over when the content is measured again (late fonts, new rows): a restart
    // from the top each time would keep a list whose rows keep arriving from ever moving on.
    let last = performance.now();
    let shown = NaN;
    return onTick((now) => {
      const dt = Math.min(0.1, (now - last) / 1000);
      last = now;
      // Still while the server's first frame covers the wall: the frame's list is at its start.
      if (!paused.current && !wallFrameShown()) offset.current = (offset.current + speed * dt) % period;
      const at = Math.floor(offset.current / step) * step;
      if (at !== shown) el.style.transform = `translateY(${-(shown = at)}px)`;
      return paused.current ? null : { next: ((at + step - offset.current) / speed) * 1000, pixel: (step / speed) * 1000 };
    });
  }, [moving, period, speed, step]);

  return (
    <div
      ref={box}
      data-moving={moving || undefined}
      style={{ height: '100%', overflow: 'hidden', position: 'relative', maskImage: leads ? FADE_EDGES : undefined }}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
    >
      <div ref={track} style={{ willChange: moving ? 'transform' : undefined }}>
        <div style={{ paddingTop: leads ? FADE_TOP : 0 }}>
          <div ref={first}>{children}</div>
        </div>
        {moving && (
          <div aria-hidden style={{ paddingTop: gap + FADE_TOP }}>
            {children}
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

/** A ScrollBox of rows of one height; an empty list shows its empty text in the middle. */
export function ScrollList<T>({ items, keyOf, renderRow, rowHeight, speed, empty, height }: ScrollListProps<T>) {
  const frame = useFrameDraw();
  const all = items.length;
  if (frame && height) items = items.slice(0, Math.ceil(height / rowHeight));
  if (!items.length) {
    return <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', color: WALL.textFaint }}>{empty}</div>;
  }
  return (
    <ScrollBox speed={speed} willMove={height !== undefined && all * rowHeight > height}>
      <ul style={{ margin: 0, padding: 0 }}>
        {items.map((item, i) => (
          <li key={keyOf(item)} style={{ height: rowHeight, listStyle: 'none' }}>
            {renderRow(item, i)}
          </li>
        ))}
      </ul>
    </ScrollBox>
  );
}
