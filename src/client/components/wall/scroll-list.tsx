import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFrameDraw } from './first-frame';
import { SCROLL_SPEED_PX, WALL } from './theme';

/** Moving content fades in and out at the box's edges instead of being cut through a line of text. */
const FADE_EDGES = 'linear-gradient(transparent, #000 14px, #000 calc(100% - 22px), transparent)';

export interface ScrollBoxProps {
  /** Drawn twice while moving; screen readers skip the second copy. */
  children: ReactNode;
  /** Design pixels per second; content that fits does not move. */
  speed?: number;
  /** Space between the end of the content and its copy, in design pixels. */
  gap?: number;
}

/**
 * A box whose content scrolls itself smoothly and endlessly when it is taller than the box (a second
 * copy follows the first), pausing while the pointer is over it. Content that fits stands still. Walls
 * are read, not operated: a long list or a long introduction must still be seen whole.
 */
export function ScrollBox({ children, speed = SCROLL_SPEED_PX, gap = 0 }: ScrollBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const offset = useRef(0);
  const [size, setSize] = useState({ box: 0, content: 0 });
  const period = size.content + gap;
  const moving = size.box > 0 && size.content > size.box;

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
    let frame = requestAnimationFrame(function step(now) {
      const dt = Math.min(0.1, (now - last) / 1000);
      last = now;
      if (!paused.current) offset.current = (offset.current + speed * dt) % period;
      el.style.transform = `translateY(${-offset.current}px)`;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [moving, period, speed]);

  return (
    <div
      ref={box}
      data-moving={moving || undefined}
      style={{ height: '100%', overflow: 'hidden', position: 'relative', maskImage: moving ? FADE_EDGES : undefined }}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
    >
      <div ref={track} style={{ willChange: moving ? 'transform' : undefined }}>
        <div ref={first}>{children}</div>
        {moving && (
          <div aria-hidden style={{ paddingTop: gap }}>
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
  if (frame && height) items = items.slice(0, Math.ceil(height / rowHeight));
  if (!items.length) {
    return <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', color: WALL.textFaint }}>{empty}</div>;
  }
  return (
    <ScrollBox speed={speed}>
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
