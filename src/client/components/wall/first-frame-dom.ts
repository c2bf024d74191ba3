import { WALL_FRAME_ID, type Locale } from '@shared/constants';
import { formatClock } from './clock-format';
import { canvasScale, parseFit } from './scale';
import { fitTitle } from './title-fit';

/**
 * The first frame on the page (see first-frame.ts): put there by the early start in index.html,
 * taken away by the app's wall. No React here: the early start bundles this.
 */

declare global {
  interface Window {
    /** Set by the early start while it fetches a first frame: settles once the frame is painted (or will not be). */
    __CASCADE_FRAME__?: Promise<void>;
  }
}

export { WALL_FRAME_ID };

/** Longest the frame stays over a wall whose panels do not all draw (a failed call shows its message instead). */
export const FRAME_MAX_MS = 15_000;

/** True while a server-drawn frame covers the app (its wall skips the entry animations then). */
export function wallFrameShown(): boolean {
  return typeof document !== 'undefined' && document.getElementById(WALL_FRAME_ID) !== null;
}

/** Dispatched on the window as the frame goes (by the early start's copy of this module or the app's). */
const FRAME_GONE = 'cascade:wall-frame-gone';

/** Takes the frame away and shows the app's root again; nothing when there is no frame. */
export function dropWallFrame(): void {
  if (typeof document === 'undefined') return;
  const frame = document.getElementById(WALL_FRAME_ID);
  const root = document.getElementById('root');
  if (root) root.style.visibility = '';
  if (!frame) return;
  frame.remove();
  window.dispatchEvent(new Event(FRAME_GONE));
}

/** Calls `listener` once no frame covers the app (at once when none does); returns a cancel. */
export function whenFrameGone(listener: () => void): () => void {
  if (!wallFrameShown()) {
    listener();
    return () => undefined;
  }
  window.addEventListener(FRAME_GONE, listener, { once: true });
  return () => window.removeEventListener(FRAME_GONE, listener);
}

/**
 * A short fingerprint of what a drawing was drawn from (a chart's option, the map's points), read as
 * JSON: the server writes it on each drawing of the frame (`data-drawn-from`), and a panel keeps the
 * drawing for as long as what it would draw has the same one. FNV-1a over the text, and its length.
 */
export function drawnFrom(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${(hash >>> 0).toString(36)}.${text.length.toString(36)}`;
}

/** A drawing of the frame: its SVG markup and the fingerprint of what it was drawn from (drawnFrom). */
export interface LentDrawing {
  html: string;
  from: string | null;
}

/**
 * What the app's wall takes over from the frame panel `name` before its own chart or map has drawn:
 * the server's drawing of it (the same data, the same chart, as SVG), or null without a frame, or
 * with one drawn before the data last changed (the app draws newer answers than it shows).
 */
export function frameDrawing(name: string): LentDrawing | null {
  if (typeof document === 'undefined') return null;
  const frame = document.getElementById(WALL_FRAME_ID);
  if (frame?.dataset.answers !== 'current') return null;
  const drawing = frame.querySelector<HTMLElement>(`[data-panel="${name}"] [data-frame-drawing]`);
  return drawing ? { html: drawing.innerHTML, from: drawing.dataset.drawnFrom ?? null } : null;
}

/**
 * Shows the server's frame over the app's root, scaled to the window as the wall's canvas scales
 * (the address's ?fit=), unless the app's wall is on screen already, its clock on the viewer's time
 * (the server may have drawn it a while ago, and in its own time zone). The app's wall drops it once
 * drawn; leaving the address (`stays` no longer holds for the window's hash), or a wall that never
 * comes, drops it too. `current`: the frame came with the answers it was drawn from, which the app
 * takes (not a drawing from before the data changed).
 */
export function showWallFrame(html: string, hash: string, language: Locale, o: { stays: (hash: string) => boolean; current?: boolean }): boolean {
  const current = o.current ?? false;
  const root = document.getElementById('root');
  if (!root || root.querySelector('[data-wall-canvas]') || wallFrameShown()) return false;
  const frame = document.createElement('div');
  frame.id = WALL_FRAME_ID;
  // The app draws the frame's own answers (they came with it): its panels may take the frame's drawings.
  if (current) frame.dataset.answers = 'current';
  frame.innerHTML = html;
  const canvas = frame.querySelector<HTMLElement>('[data-wall-canvas]');
  if (!canvas) return false;
  const s = canvasScale(parseFit(new URLSearchParams(hash.split('?')[1] ?? '').get('fit')), window.innerWidth, window.innerHeight);
  canvas.style.transform = `translate(${s.left}px, ${s.top}px) scale(${s.scaleX}, ${s.scaleY})`;
  root.style.visibility = 'hidden';
  document.body.appendChild(frame);
  const title = frame.querySelector<HTMLElement>('[data-testid="wall-title"]');
  if (title) fitTitle(title);
  const clock = [...frame.querySelectorAll<HTMLElement>('[data-clock-format]')];
  // The timers outlive a page that is going away (and a test's document): they stop once there is none.
  const tick = () => {
    if (typeof window === 'undefined' || !frame.isConnected) return clearInterval(ticking);
    for (const line of clock) line.textContent = formatClock(new Date(), line.dataset.clockFormat!, language);
  };
  const ticking = setInterval(tick, 1000);
  tick();
  // The listener and the timer act on this frame only: once it is gone (replaced by the app, or by
  // another frame shown since), they stop rather than drop whichever frame is on screen then.
  const onHash = () => {
    if (!frame.isConnected) return window.removeEventListener('hashchange', onHash);
    if (!o.stays(window.location.hash)) dropWallFrame();
  };
  window.addEventListener('hashchange', onHash);
  setTimeout(() => {
    if (typeof window === 'undefined') return;
    window.removeEventListener('hashchange', onHash);
    if (frame.isConnected) dropWallFrame();
  }, FRAME_MAX_MS + 5_000);
  return true;
}
