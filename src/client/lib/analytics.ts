import { ANALYTICS_BATCH_DELAY_MS, ANALYTICS_BATCH_MAX } from '@shared/constants';
import { runtimeConfig } from './runtime-config';
import { getToken, sessionKind, subscribe } from './session';
import { currentLocale } from './i18n';

/**
 * Usage analytics (spec: "Analytics events are batched with a 3000 ms delay, and only if analysis is
 * enabled"; docs/decisions.md "Usage analytics"). Page views (route changes) and actions (permission
 * codes of the buttons pressed) wait in a queue; the first one starts a 3000 ms timer and everything
 * queued by then goes in one POST /analytics/events. When the page is hidden or left, the queue goes
 * at once with a keepalive fetch, which outlives the page (navigator.sendBeacon cannot carry the
 * session header, and tokens never travel in URLs).
 *
 * Never in the way: nothing here throws, waits or signs anyone out; a failed batch is dropped. Sent
 * only while the setting analytics.enabled was on when the page loaded (/config.js) and a session
 * exists; once the server answers that analysis is off, this page sends nothing more. A wall display
 * or a project visitor reports page views only. No personal data: the server takes the user from
 * the session; a screen is the route with its ids replaced, without its query string.
 */

export type TrackedEvent = { kind: 'view'; screen: string } | { kind: 'action'; screen: string; action: string };

/** Events kept at most while batches fail or wait; the oldest are dropped first. */
const QUEUE_MAX = 500;
const ACTION = /^[A-Za-z0-9_-]{1,48}#[A-Za-z0-9_-]{1,15}$/;

let queue: TrackedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
/** The server said analysis is off: stop for this page's life. */
let refused = false;
let currentScreen = '/';
let installed = false;
/** The session the queued events belong to: a sign-out or another sign-in sends them with it first. */
let queuedToken: string | null = null;

/**
 * The screen a route path stands for: no query or hash, ids (digits, long hex/uuid-like runs) as
 * `:id`, only the characters the server accepts, at most 128 characters.
 */
export function screenOf(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  const segments = bare
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) || /^[0-9a-f-]{16,}$/i.test(s) ? ':id' : s.replace(/[^A-Za-z0-9_.:-]/g, '_')));
  return `/${segments.join('/')}`.slice(0, 128);
}

function active(): boolean {
  return !refused && runtimeConfig().analytics && sessionKind() !== 'none';
}

function push(event: TrackedEvent): void {
  queuedToken = getToken();
  queue.push(event);
  if (queue.length > QUEUE_MAX) queue = queue.slice(queue.length - QUEUE_MAX);
  timer ??= setTimeout(() => {
    timer = null;
    flush(false);
  }, ANALYTICS_BATCH_DELAY_MS);
}

/** A route change: counted as a page view of its screen. */
export function trackPageView(path: string): void {
  currentScreen = screenOf(path);
  if (!active()) return;
  push({ kind: 'view', screen: currentScreen });
}

/** A button of this permission code pressed (`fall-order#save`) on the current screen; users only. */
export function trackAction(permission: string | undefined): void {
  if (!permission || !ACTION.test(permission) || !active() || sessionKind() !== 'user') return;
  push({ kind: 'action', screen: currentScreen, action: permission });
}

/**
 * Sends what is queued, in batches of ANALYTICS_BATCH_MAX. `leaving`: the page is being hidden or
 * unloaded, so the request is made to outlive it (keepalive).
 */
export function flush(leaving: boolean): void {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  const token = getToken();
  if (!active() || !token) {
    queue = [];
    return;
  }
  while (queue.length) {
    const events = queue.splice(0, ANALYTICS_BATCH_MAX);
    void send(events, token, leaving);
  }
}

async function send(events: TrackedEvent[], token: string, keepalive: boolean): Promise<void> {
  const config = runtimeConfig();
  try {
    const res = await fetch(`${config.apiHost}/analytics/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLocale() === 'en' ? 'en' : 'zh-CN', [config.authHeader]: token },
      credentials: 'include',
      body: JSON.stringify({ events }),
      keepalive,
    });
    if (!keepalive && res.ok) {
      const body = (await res.json()) as { data?: { enabled?: boolean } } | null;
      if (body?.data?.enabled === false) {
        refused = true;
        queue = [];
      }
    }
  } catch {
    // Analytics never gets in the way: a batch that fails is dropped.
  }
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element | null;
  const pressed = target?.closest?.('button, a, [role="button"], [role="menuitem"]');
  if (!pressed || pressed.matches(':disabled, [aria-disabled="true"]')) return;
  trackAction(pressed.closest('[data-perm]')?.getAttribute('data-perm') ?? undefined);
}

function onHide(): void {
  if (document.visibilityState === 'hidden') flush(true);
}

/**
 * Once per page: flushes on pagehide and when the page is hidden, and counts clicks on buttons
 * marked with their permission code (`data-perm`, which `Can` adds). Returns the undo (tests).
 */
export function startAnalytics(): () => void {
  if (installed || typeof window === 'undefined') return () => undefined;
  installed = true;
  const leave = () => flush(true);
  // Events belong to the session they happened in: when it changes, what waits goes with the old token.
  const unsubscribe = subscribe(() => {
    if (getToken() === queuedToken) return;
    const events = queue;
    const token = queuedToken;
    queue = [];
    queuedToken = getToken();
    if (events.length && token && !refused && runtimeConfig().analytics) void send(events.slice(0, ANALYTICS_BATCH_MAX), token, true);
  });
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', onHide);
  document.addEventListener('click', onClick, true);
  return () => {
    installed = false;
    unsubscribe();
    window.removeEventListener('pagehide', leave);
    document.removeEventListener('visibilitychange', onHide);
    document.removeEventListener('click', onClick, true);
  };
}

/** Back to a new page's state (tests). */
export function resetAnalytics(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  queue = [];
  refused = false;
  currentScreen = '/';
  queuedToken = null;
}
