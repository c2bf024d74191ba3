import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SCROLL_SPEED_PX, WALL } from './theme';

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
}

/**
 * A list that scrolls itself smoothly and endlessly when it is taller than its box (a second copy
 * follows the first), pausing while the pointer is over it. Short lists stand still.
 */
export function ScrollList<T>({ items, keyOf, renderRow, rowHeight, speed = SCROLL_SPEED_PX, empty }: ScrollListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const paused = useRef(false);
  const [boxHeight, setBoxHeight] = useState(0);
  const contentHeight = items.length * rowHeight;
  const moving = boxHeight > 0 && contentHeight > boxHeight;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setBoxHeight(el.clientHeight);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    if (!moving) {
      el.style.transform = 'translateY(0)';
      return;
    }
    let offset = 0;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const dt = Math.min(0.1, (now - last) / 1000);
      last = now;
      if (!paused.current) offset = (offset + speed * dt) % contentHeight;
      el.style.transform = `translateY(${-offset}px)`;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [moving, contentHeight, speed]);

  if (!items.length) {
    return <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', color: WALL.textFaint }}>{empty}</div>;
  }
  const row = (item: T, i: number, copy: boolean) => (
    <li key={`${copy ? 'c' : 'o'}-${keyOf(item)}`} aria-hidden={copy || undefined} style={{ height: rowHeight, listStyle: 'none' }}>
      {renderRow(item, i)}
    </li>
  );
  return (
    <div
      ref={box}
      style={{ height: '100%', overflow: 'hidden', position: 'relative' }}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
    >
      <ul ref={track} style={{ margin: 0, padding: 0, willChange: moving ? 'transform' : undefined }}>
        {items.map((item, i) => row(item, i, false))}
        {moving && items.map((item, i) => row(item, i, true))}
      </ul>
    </div>
  );
}
