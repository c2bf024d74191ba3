import { useEffect, useRef } from 'react';
import { COUNT_UP_MS } from './theme';

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

/**
 * A number as en-US writes it with `decimals` digits (thousands grouped with commas), rounded half away
 * from zero on the number as it is written (1.005 → 1.01), as Intl.NumberFormat rounds it. By hand:
 * the page's first Intl.NumberFormat loaded the browser's number formatting data, 20–40 ms of the main
 * thread while the wall's first frame gave way to the app's own wall.
 */
export function formatCount(v: number, decimals: number): string {
  const abs = Math.abs(v);
  const written = String(abs);
  // Past 1e21 or below 1e-6 JavaScript writes an exponent: toFixed rounds those (no wall counts such numbers).
  const digits = written.includes('e') ? abs.toFixed(decimals).replace('.', '') : String(Math.round(Number(`${written}e${decimals}`))).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${v < 0 ? '-' : ''}${whole}${decimals > 0 ? `.${digits.slice(-decimals)}` : ''}`;
}

/**
 * A number shown as it is when it first shows (never counted up from 0: a control room reads every
 * figure on the screen as a computed value, and a remount — a click on Mute, a sign-in — replayed a
 * count from 0 that read 1.1 h for 27.3 h), then counting from the value shown to a new one when it
 * changes. Each frame writes the text itself rather than rendering the component again: a wall counts
 * five of these while its charts draw, and a render per counter per frame took the main thread from them.
 */
export function NumberCounter({ value, decimals = 0, empty = '—', durationMs = COUNT_UP_MS, className, style }: NumberCounterProps) {
  const node = useRef<HTMLSpanElement>(null);
  // Where the count is now; a render in between shows it rather than where the count began.
  const shown = useRef(value ?? 0);
  // No value has been shown yet: the first one is shown as it is.
  const first = useRef(value === null || value === undefined);
  useEffect(() => {
    if (value === null || value === undefined) return;
    if (first.current) {
      first.current = false;
      shown.current = value;
      if (node.current) node.current.textContent = formatCount(value, decimals);
      return;
    }
    const start = performance.now();
    const origin = shown.current;
    if (origin === value) return;
    let frame = 0;
    const step = (now: number) => {
      // A frame timestamp can precede the effect's start: clamp, or the easing dips below the origin.
      const t = Math.max(0, Math.min(1, (now - start) / durationMs));
      shown.current = origin + (value - origin) * easeOut(t);
      if (node.current) node.current.textContent = formatCount(shown.current, decimals);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, durationMs, decimals]);
  const text = value === null || value === undefined ? empty : formatCount(shown.current, decimals);
  return (
    <span ref={node} className={className} style={{ fontVariantNumeric: 'tabular-nums', ...style }} data-value={value ?? ''}>
      {text}
    </span>
  );
}
