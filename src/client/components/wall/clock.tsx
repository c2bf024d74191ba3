import { useEffect, useState } from 'react';
import dayjs from 'dayjs';

export interface ClockProps {
  /** dayjs format of the time line. */
  format?: string;
  /** dayjs format of the date line; omitted = no date line. */
  dateFormat?: string;
  style?: React.CSSProperties;
}

/**
 * A ticking clock (once a second) with an optional date line. Each line carries its format: on the
 * server's first frame the early start writes them on the viewer's time (first-frame-dom.ts).
 */
export function Clock({ format = 'HH:mm:ss', dateFormat, style }: ClockProps) {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = window.setInterval(() => setNow(dayjs()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: 1.15, ...style }}>
      <time dateTime={now.toISOString()} data-clock-format={format} style={{ fontSize: '1em', fontVariantNumeric: 'tabular-nums', letterSpacing: 1 }}>
        {now.format(format)}
      </time>
      {dateFormat && <span data-clock-format={dateFormat} style={{ fontSize: '0.55em', opacity: 0.75 }}>{now.format(dateFormat)}</span>}
    </span>
  );
}
