import { useEffect, useRef } from 'react';
import { COUNT_UP_MS } from './theme';
import { wallFrameShown } from './first-frame';

export interface NumberCounterProps {
  value: number | null | undefined;
  /** Digits after the decimal point. */
  decimals?: number;
  /** Shown when the value is null (no data). */
  empty?: string;
  durationMs?: number;
  className?: string;
  style?: React.CSSProperties;
}

const easeOut = (t: number) => 1 - (1 - t) ** 3;

// One formatter per number of decimals: toLocaleString builds one on every call, sixty times a second.
const formatters = new Map<number, Intl.NumberFormat>();
const format = (v: number, decimals: number) => {
  let f = formatters.get(decimals);
  if (!f) formatters.set(decimals, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return f.format(v);
};

/**
 * A number that counts up from its previous value (from 0 the first time) when it shows or changes
 * (not the first time under a server-drawn first frame, which showed it already).
 * Each frame writes the text itself rather than rendering the component again: a wall counts five
 * of these up while its charts draw, and a render per counter per frame took the main thread from them.
 */
export function NumberCounter({ value, decimals = 0, empty = '—', durationMs = COUNT_UP_MS, className, style }: NumberCounterProps) {
  const node = useRef<HTMLSpanElement>(null);
  // Where the count is now; a render in between shows it rather than where the count began.
  // (On the server, drawing a first frame, the number as it ends.)
  const shown = useRef(typeof window === 'undefined' ? (value ?? 0) : 0);
  useEffect(() => {
    if (value === null || value === undefined) return;
    // Under a server-drawn first frame the number is on screen already: no count from 0 when the frame goes.
    if (shown.current === 0 && wallFrameShown()) {
      shown.current = value;
      if (node.current) node.current.textContent = format(value, decimals);
      return;
    }
    const start = performance.now();
    const origin = shown.current;
    let frame = 0;
    const step = (now: number) => {
      // A frame timestamp can precede the effect's start: clamp, or the easing dips below the origin.
      const t = Math.max(0, Math.min(1, (now - start) / durationMs));
      shown.current = origin + (value - origin) * easeOut(t);
      if (node.current) node.current.textContent = format(shown.current, decimals);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, durationMs, decimals]);
  const text = value === null || value === undefined ? empty : format(shown.current, decimals);
  return (
    <span ref={node} className={className} style={{ fontVariantNumeric: 'tabular-nums', ...style }} data-value={value ?? ''}>
      {text}
    </span>
  );
}
