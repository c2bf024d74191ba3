import { useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';

export interface ClockProps {
  /** dayjs format of the time line. */
  format?: string;
  /** dayjs format of the date line; omitted = no date line. */
  dateFormat?: string;
  style?: React.CSSProperties;
}

/** Writes `text` into the node unless it reads so already (a same text written again is laid out again). */
function write(node: HTMLElement | null, text: string): void {
  if (node && node.textContent !== text) node.textContent = text;
}

/**
 * A ticking clock (once a second) with an optional date line. Each line carries its format: on the
 * server's first frame the early start writes them on the viewer's time (first-frame-dom.ts). Each
 * tick writes the lines itself, as the counters write their numbers, rather than rendering the clock
 * again: a render a second was a task of React's besides the timer's, on a wall's otherwise quiet
 * main thread.
 */
export function Clock({ format = 'HH:mm:ss', dateFormat, style }: ClockProps) {
  const [shown] = useState(() => dayjs());
  const time = useRef<HTMLTimeElement>(null);
  const date = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const tick = () => {
      const now = dayjs();
      write(time.current, now.format(format));
      time.current?.setAttribute('datetime', now.toISOString());
      if (dateFormat) write(date.current, now.format(dateFormat));
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [format, dateFormat]);
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: 1.15, ...style }}>
      <time ref={time} dateTime={shown.toISOString()} data-clock-format={format} style={{ fontSize: '1em', fontVariantNumeric: 'tabular-nums', letterSpacing: 1 }}>
        {shown.format(format)}
      </time>
      {dateFormat && (
        <span ref={date} data-clock-format={dateFormat} style={{ fontSize: '0.55em', opacity: 0.75 }}>
          {shown.format(dateFormat)}
        </span>
      )}
    </span>
  );
}
