import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIVE_TOPICS, type LiveEvent, type LiveTopic } from '@shared/live';
import { runtimeConfig } from './runtime-config';
import { getToken, useSession } from './session';

/**
 * Push from the server (GET {api}/live/stream, Server-Sent Events). An event marks the cached data
 * it touches as stale, so every screen refreshes through the same query hooks it already uses; a
 * burst of events costs one refresh. EventSource reconnects by itself after a restart or network loss.
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'error' | 'unsupported';

/** Which cached data a topic touches: any query whose key mentions one of these fragments. */
export const TOPIC_KEYS: Record<LiveTopic, string[]> = {
  warning: ['warning', 'stats', 'wall', 'falldetect'],
  channel: ['falldetect', 'wall'],
  board: ['falldetect', 'wall'],
  equipment: ['falleqinfo', 'eqinfo', 'stats', 'wall'],
  order: ['fallorder', 'fall-order', 'fallreport', 'stats', 'wall'],
  notice: ['content'],
};
const COALESCE_MS = 400;

let status: LiveStatus = 'idle';
let lastEventAt: number | null = null;
const listeners = new Set<() => void>();
function setStatus(next: LiveStatus) {
  status = next;
  listeners.forEach((l) => l());
}
const snapshot = () => `${status}|${lastEventAt ?? ''}`;

export function useLiveStatus(): { status: LiveStatus; lastEventAt: number | null } {
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    snapshot,
    snapshot,
  );
  return { status, lastEventAt };
}

export function invalidateFor(queryClient: QueryClient, topics: Set<LiveTopic>): void {
  const fragments = [...topics].flatMap((t) => TOPIC_KEYS[t]);
  void queryClient.invalidateQueries({
    predicate: (q) => {
      const key = JSON.stringify(q.queryKey).toLowerCase();
      return fragments.some((f) => key.includes(f));
    },
  });
}

/** Opens the stream for the current token; returns a function that closes it. */
export function connectLive(queryClient: QueryClient, token: string): () => void {
  if (typeof EventSource === 'undefined') {
    setStatus('unsupported');
    return () => undefined;
  }
  setStatus('connecting');
  const source = new EventSource(`${runtimeConfig().apiHost}/live/stream?token=${encodeURIComponent(token)}`);
  const pending = new Set<LiveTopic>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onEvent = (e: MessageEvent) => {
    lastEventAt = Date.now();
    try {
      pending.add((JSON.parse(e.data) as LiveEvent).topic);
    } catch {
      return;
    }
    if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        invalidateFor(queryClient, new Set(pending));
        pending.clear();
        listeners.forEach((l) => l());
      }, COALESCE_MS);
    }
  };
  source.addEventListener('hello', () => setStatus('open'));
  source.onopen = () => setStatus('open');
  source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'error' : 'connecting');
  for (const topic of LIVE_TOPICS) source.addEventListener(topic, onEvent as EventListener);
  return () => {
    if (timer) clearTimeout(timer);
    source.close();
    setStatus('idle');
  };
}

/** Keeps one stream open while there is a session (user, wall display or visitor). */
export function LiveBridge(): null {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    const current = token ?? getToken();
    if (!current) return undefined;
    return connectLive(queryClient, current);
  }, [queryClient, token]);
  return null;
}
