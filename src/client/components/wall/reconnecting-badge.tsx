import { useFiguresAsOf } from '@client/lib/live';
import { formatClock } from './clock-format';
import { WARNING_BADGE_STYLE } from './stale-badge';

export interface ReconnectingBadgeProps {
  /** Says it with the time the figures are from, e.g. (time) => t('reconnecting', { time }). */
  label: (time: string) => string;
  style?: React.CSSProperties;
}

/**
 * "Reconnecting… figures as of HH:MM": shows while the figures on screen are not live — the server
 * said its database is unavailable, or the live stream was lost — so a wall never shows old figures
 * as live. Gone once the stream and the database are back (the panels read again then).
 */
export function ReconnectingBadge({ label, style }: ReconnectingBadgeProps) {
  const asOf = useFiguresAsOf();
  if (asOf === null) return null;
  return (
    <span role="status" data-testid="wall-reconnecting" style={{ ...WARNING_BADGE_STYLE, ...style }}>
      {/* HH:MM on the wall's own clock (the format has no weekday: the language does not matter). */}
      {label(formatClock(new Date(asOf), 'HH:mm', 'en'))}
    </span>
  );
}
