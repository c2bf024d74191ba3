import { useEffect, useRef, useState } from 'react';
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

/** A number that counts up from its previous value (from 0 the first time) when it shows or changes. */
export function NumberCounter({ value, decimals = 0, empty = '—', durationMs = COUNT_UP_MS, className, style }: NumberCounterProps) {
  const [shown, setShown] = useState(0);
  const from = useRef(0);
  useEffect(() => {
    if (value === null || value === undefined) return;
    const start = performance.now();
    const origin = from.current;
    let frame = 0;
    const step = (now: number) => {
      // A frame timestamp can precede the effect's start: clamp, or the easing dips below the origin.
      const t = Math.max(0, Math.min(1, (now - start) / durationMs));
      const v = origin + (value - origin) * easeOut(t);
      setShown(v);
      from.current = v;
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, durationMs]);
  const text = value === null || value === undefined ? empty : shown.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return (
    <span className={className} style={{ fontVariantNumeric: 'tabular-nums', ...style }} data-value={value ?? ''}>
      {text}
    </span>
  );
}
