import { useFiguresAsOf } from '@client/lib/live';
import { TAG_HEX } from './theme';

export interface ReconnectingBadgeProps {
  /** Says it with the time the figures are from, e.g. (time) => t('reconnecting', { time }). */
  label: (time: string) => string;
  style?: React.CSSProperties;
}

/** HH:MM of a moment, on the wall's own clock. */
const hhmm = (at: number) => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/**
 * "Reconnecting… figures as of HH:MM": shows while the figures on screen are not live — the server
 * said its database is unavailable, or the live stream was lost — so a wall never shows old figures
 * as live. Gone once the stream and the database are back (the panels read again then).
 */
export function ReconnectingBadge({ label, style }: ReconnectingBadgeProps) {
  const asOf = useFiguresAsOf();
  if (asOf === null) return null;
  return (
    <span
      role="status"
      data-testid="wall-reconnecting"
      style={{
        padding: '4px 12px',
        borderRadius: 4,
        background: 'rgba(255, 181, 46, 0.15)',
        border: `1px solid ${TAG_HEX.warning}`,
        color: TAG_HEX.warning,
        fontSize: 15,
        whiteSpace: 'nowrap',
        ...style,
      }}
    >
      {label(hhmm(asOf))}
    </span>
  );
}
