import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STALE_AFTER_MS, TAG_HEX } from './theme';

/**
 * The oldest data among queries that cannot refresh right now (failed since their last success, or
 * paused while offline); null while everything is fresh.
 */
export function oldestUnrefreshable(client: QueryClient): number | null {
  let oldest: number | null = null;
  for (const q of client.getQueryCache().getAll()) {
    const s = q.state;
    if (!s.dataUpdatedAt) continue;
    const failing = (s.status === 'error' || s.errorUpdatedAt > s.dataUpdatedAt || s.fetchStatus === 'paused') && q.getObserversCount() > 0;
    if (failing && (oldest === null || s.dataUpdatedAt < oldest)) oldest = s.dataUpdatedAt;
  }
  return oldest;
}

/** The wall's warning badge (stale figures, reconnecting): amber on the wall's dark ground. */
export const WARNING_BADGE_STYLE: React.CSSProperties = {
  padding: '4px 12px',
  borderRadius: 4,
  background: 'rgba(255, 181, 46, 0.15)',
  border: `1px solid ${TAG_HEX.warning}`,
  color: TAG_HEX.warning,
  fontSize: 15,
  whiteSpace: 'nowrap',
};

export interface StaleBadgeProps {
  /** Formats the age, e.g. (m) => t('wall.stale', { count: m }). */
  label: (minutes: number) => string;
  style?: React.CSSProperties;
}

/** "Data is N minutes old": shows when the wall's queries cannot refresh (server down, network lost). */
export function StaleBadge({ label, style }: StaleBadgeProps) {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const oldest = useSyncExternalStore(
    (cb) => cache.subscribe(cb),
    () => oldestUnrefreshable(client),
    () => null,
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(id);
  }, []);
  if (oldest === null || now - oldest < STALE_AFTER_MS) return null;
  const minutes = Math.floor((now - oldest) / 60_000);
  return (
    <span role="status" style={{ ...WARNING_BADGE_STYLE, ...style }}>
      {label(minutes)}
    </span>
  );
}
