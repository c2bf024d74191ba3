import { useSyncExternalStore } from 'react';
import { TAG_HEX } from '@client/components/wall/theme';
import { useStreamOpen } from '@client/lib/live';
import { wallRefreshMs } from '../../stats/api/refresh';
import { useWallText } from '../use-wall-locale';

/**
 * The per-panel stale badge (a wall that runs for months): a panel whose data are older
 * than twice its refresh interval says how old, in its own title bar, whatever the reason (its
 * call failing, the network gone, the tab throttled). Nothing shows while the data are fresh.
 */
export function isPanelStale(updatedAt: number, refreshMs: number, now: number): boolean {
  return updatedAt > 0 && now - updatedAt > 2 * refreshMs;
}

/** One clock for every badge of the wall (one timer, not one per panel). */
const TICK_MS = 5000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}
const read = () => now;

export function PanelStale({ updatedAt, refreshMs = wallRefreshMs() }: { updatedAt: number; refreshMs?: number }) {
  const { t } = useWallText();
  // The shared clock makes the badge look again every few seconds; the age is the time now.
  const clock = useSyncExternalStore(subscribe, read, read);
  // While the live stream is open the panel polls nothing (shared/stats/api/refresh.ts): its data are
  // as new as the last change the stream announced, however long ago that was.
  const streamOpen = useStreamOpen();
  const at = Math.max(clock, Date.now());
  if (streamOpen || !isPanelStale(updatedAt, refreshMs, at)) return null;
  const minutes = Math.max(1, Math.floor((at - updatedAt) / 60_000));
  return (
    <span
      data-testid="panel-stale"
      role="status"
      style={{ marginLeft: 8, padding: '1px 8px', borderRadius: 3, border: `1px solid ${TAG_HEX.warning}`, color: TAG_HEX.warning, background: 'rgba(255, 181, 46, 0.12)', fontSize: 13, whiteSpace: 'nowrap' }}
    >
      {t('stale', { count: minutes })}
    </span>
  );
}
