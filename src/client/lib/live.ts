import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { LIVE_TOPICS, type LiveEvent, type LiveTopic } from '@shared/live';
import type { Ticket } from '@shared/contracts/ticket';
import { resourceLiveRoots } from '@shared/resources';
import { api, sessionEndedByServer } from './api';
import { runtimeConfig } from './runtime-config';
import { isKeyOf } from './resource-keys';
import { getToken, useSession } from './session';

/**
 * Push from the server (GET {api}/live/stream, Server-Sent Events). An event marks the cached data
 * it touches as stale, so every screen refreshes through the same query hooks it already uses; a
 * burst of events costs one refresh. EventSource reconnects by itself after a restart or network loss;
 * once the stream is back after a loss, every topic counts as changed (events sent meanwhile are gone),
 * so the wall reads what it missed without a reload by hand.
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'error' | 'unsupported';

/**
 * Cached data a topic makes stale: every query whose key starts with `prefix` (element by element,
 * lib/resource-keys.ts `isKeyOf`). The registry's resources declare theirs (`live.refreshOn` in
 * src/shared/resources.ts, rooted at their API path: `registryLiveKeys`); data no resource roots
 * (statistics, the wall, the alarm popup) declares its own table next to where its keys are made,
 * and the app hands them all to the bridge (app/live-keys.ts).
 */
export interface LiveKeys {
  readonly prefix: QueryKey;
  readonly on: readonly LiveTopic[];
  /**
   * Refreshed at once on its topics, ahead of the coalesced burst: a wall's alarm strip must show
   * within a second, not queue behind the statistics the same event also refreshes (a browser
   * opens only a few connections per server, and the stream holds one).
   */
  readonly urgent?: boolean;
}

/** The registry's resources that refresh on a topic, by their API path (the root of their keys). */
export const registryLiveKeys = (): LiveKeys[] => resourceLiveRoots().map(({ root, on }) => ({ prefix: [root], on }));

/** The prefixes a topic refreshes, per topic; `urgent` ones apart. */
export function topicPrefixes(declared: readonly LiveKeys[], urgent = false): Record<LiveTopic, QueryKey[]> {
  const out = Object.fromEntries(LIVE_TOPICS.map((t) => [t, [] as QueryKey[]])) as Record<LiveTopic, QueryKey[]>;
  for (const d of declared) if (!!d.urgent === urgent) for (const t of d.on) out[t].push(d.prefix);
  return out;
}

const COALESCE_MS = 400;

let status: LiveStatus = 'idle';
let lastEventAt: number | null = null;
/**
 * Since when the figures on screen are not live, or null while they are: the server said its
 * database is unavailable (its `database` event), or a stream that was open was lost. A wall then
 * says "reconnecting… figures as of HH:MM" rather than showing them as live.
 */
let figuresAsOf: number | null = null;
/** Whether the stream was open at least once: a wall still loading has no figures to date. */
let everOpen = false;
const listeners = new Set<() => void>();
function setStatus(next: LiveStatus) {
  status = next;
  if (next === 'open') everOpen = true;
  else if (everOpen && next !== 'idle' && figuresAsOf === null) figuresAsOf = Date.now();
  if (next === 'idle') {
    figuresAsOf = null;
    everOpen = false;
  }
  listeners.forEach((l) => l());
}
function setFiguresAsOf(next: number | null) {
  figuresAsOf = next;
  listeners.forEach((l) => l());
}
const snapshot = () => `${status}|${lastEventAt ?? ''}|${figuresAsOf ?? ''}`;

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

/** Open, and the server's database with it: what the stream announces is every change there is. */
const streamOpen = () => status === 'open' && figuresAsOf === null;
const readFiguresAsOf = () => figuresAsOf;

/** When the figures on screen stopped being live (a time in ms), or null while they are live. */
export function useFiguresAsOf(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readFiguresAsOf,
    readFiguresAsOf,
  );
}

/**
 * True while the stream is open: then every change a screen shows is announced, and its queries need
 * no timer. Re-renders only when that flips, not on each event (useLiveStatus does).
 */
export function useStreamOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    streamOpen,
    streamOpen,
  );
}

export function invalidateFor(queryClient: QueryClient, topics: Set<LiveTopic>, declared: readonly LiveKeys[]): void {
  const byTopic = topicPrefixes(declared);
  const prefixes = [...topics].flatMap((t) => byTopic[t]);
  if (prefixes.length === 0) return;
  void queryClient.invalidateQueries({ predicate: (q) => prefixes.some((p) => isKeyOf(p, q.queryKey)) });
}

/** Pause before asking for a new ticket after the stream was refused or lost for good, doubling to the cap. */
const RETICKET_FIRST_MS = 1000;
const RETICKET_MAX_MS = 30_000;
/**
 * After the server said it is stopping (`reconnect`): the next process is usually up within seconds,
 * so the wall asks every RESTART_RETRY_MS (spread by half either way, so a room of walls does not
 * knock at once) for RESTART_WINDOW_MS, then falls back to the doubling pause.
 */
const RESTART_RETRY_MS = 500;
const RESTART_WINDOW_MS = 60_000;

/**
 * Opens the stream for the current session; returns a function that closes it. An EventSource
 * cannot send the header and a token never goes in a URL (docs/decisions.md "API"): the stream opens with a
 * ticket asked for with the header (POST /auth/ticket). The browser reconnects by itself with the
 * same URL after a short loss, which the ticket allows within its minute; once it is refused (the
 * ticket expired during a long outage, the server restarted) the source closes, and a new ticket
 * opens a new one, after a pause that grows while it keeps failing. The server's own last words
 * (live/hub.ts): `reconnect` — it is stopping, so a new stream is asked for at once, from the next
 * process, without waiting for the browser's retry; `revoked` — the session is over, and the screen
 * goes where a 401 sends it (a kiosk wall: its "revoked" notice).
 */
export function connectLive(queryClient: QueryClient, declared: readonly LiveKeys[]): () => void {
  if (typeof EventSource === 'undefined') {
    setStatus('unsupported');
    return () => undefined;
  }
  setStatus('connecting');
  const urgentByTopic = topicPrefixes(declared, true);
  const allUrgent = [...new Set(Object.values(urgentByTopic).flat())];
  const pending = new Set<LiveTopic>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let source: EventSource | null = null;
  let closed = false;
  let delay = RETICKET_FIRST_MS;
  /** Until when the server's restart is waited for with short, steady retries. */
  let restartUntil = 0;
  /** True after the stream was lost: the next open refreshes everything it may have missed. */
  let lost = false;
  const onEvent = (e: MessageEvent) => {
    lastEventAt = Date.now();
    let topic: LiveTopic;
    try {
      topic = (JSON.parse(e.data) as LiveEvent).topic;
    } catch {
      return;
    }
    if (!LIVE_TOPICS.includes(topic)) return;
    for (const queryKey of urgentByTopic[topic]) void queryClient.invalidateQueries({ queryKey });
    pending.add(topic);
    if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        invalidateFor(queryClient, new Set(pending), declared);
        pending.clear();
        listeners.forEach((l) => l());
      }, COALESCE_MS);
    }
  };
  const later = () => {
    if (closed || retry) return;
    const restarting = Date.now() < restartUntil;
    const wait = restarting ? RESTART_RETRY_MS * (0.5 + Math.random()) : delay;
    if (!restarting) delay = Math.min(delay * 2, RETICKET_MAX_MS);
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, wait);
  };
  const open = async () => {
    let ticket: string;
    try {
      ({ ticket } = await api.post<Ticket>('/auth/ticket', { purpose: 'stream' }));
    } catch {
      lost = true;
      setStatus('error');
      later();
      return;
    }
    if (closed) return;
    const es = new EventSource(`${runtimeConfig().apiHost}/live/stream?ticket=${encodeURIComponent(ticket)}`);
    source = es;
    const opened = () => {
      delay = RETICKET_FIRST_MS;
      restartUntil = 0;
      if (lost || figuresAsOf !== null) {
        lost = false;
        figuresAsOf = null;
        // The alarms first: the wall's connections are few, and the rest refetch together.
        for (const queryKey of allUrgent) void queryClient.invalidateQueries({ queryKey });
        invalidateFor(queryClient, new Set(LIVE_TOPICS), declared);
      }
      setStatus('open');
    };
    es.addEventListener('hello', opened);
    es.onopen = opened;
    es.addEventListener('reconnect', () => {
      es.close();
      if (source === es) source = null;
      lost = true;
      restartUntil = Date.now() + RESTART_WINDOW_MS;
      delay = RETICKET_FIRST_MS;
      setStatus('connecting');
      later();
    });
    // The server's database went away, or is back (server live/hub.ts): while it is away the
    // figures are those of `since`; back, every topic counts as changed (the server says so too).
    es.addEventListener('database', (e: MessageEvent) => {
      let told: { available?: boolean; since?: string | null };
      try {
        told = JSON.parse(e.data) as typeof told;
      } catch {
        return;
      }
      if (told.available === false) {
        const since = told.since ? Date.parse(told.since) : Number.NaN;
        if (figuresAsOf === null) setFiguresAsOf(Number.isFinite(since) ? Math.min(since, Date.now()) : Date.now());
      } else if (figuresAsOf !== null) {
        setFiguresAsOf(null);
        for (const queryKey of allUrgent) void queryClient.invalidateQueries({ queryKey });
        invalidateFor(queryClient, new Set(LIVE_TOPICS), declared);
      }
    });
    es.addEventListener('revoked', () => {
      es.close();
      if (source === es) source = null;
      closed = true;
      setStatus('idle');
      sessionEndedByServer();
    });
    es.onerror = () => {
      if (source !== es) return;
      lost = true;
      if (es.readyState !== EventSource.CLOSED) {
        setStatus('connecting');
        return;
      }
      setStatus('error');
      later();
    };
    for (const topic of LIVE_TOPICS) es.addEventListener(topic, onEvent as EventListener);
  };
  void open();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    if (retry) clearTimeout(retry);
    source?.close();
    setStatus('idle');
  };
}

/** Keeps one stream open while there is a session (user, wall display or visitor); `keys`: what each topic refreshes. */
export function LiveBridge({ keys }: { keys: readonly LiveKeys[] }): null {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    const current = token ?? getToken();
    if (!current) return undefined;
    return connectLive(queryClient, keys);
  }, [queryClient, token, keys]);
  return null;
}
