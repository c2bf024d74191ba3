import type { Locale } from '@shared/constants';
import type { WallFrame } from '@shared/contracts/wall';
import { allows, type AuthContext, type RoutePermission } from '../../plugins/auth';
import { scopeIds, type DataScope } from '../../lib/data-scope';

/** The data scope a drawing was made in, as a key: a viewer of another scope sees other figures. */
export const scopeKey = (scope: DataScope): string => scopeIds(scope)?.join(',') ?? 'all';

/** A drawing of the overview, kept for the next viewer who may see it. */
interface Kept {
  frame: WallFrame;
  /** What the calls it was drawn from checked: a viewer passing them all would get the same answers. */
  permissions: RoutePermission[];
  /** The data scope it was drawn in (scopeKey): shown only to viewers of the same scope. */
  scope: string;
  /** The data version it was drawn at (FrameCache.version when the drawing began). */
  version: number;
  /** The server's day: the repair charts' window ends today. */
  day: string;
  /** When the data first changed after it was drawn. */
  staleSince?: number;
}

/** Longest a drawing is shown, without its answers, once the data changed (while its redrawing fails, say). */
export const STALE_PICTURE_MS = 60_000;

/**
 * Longest a viewer waits for the drawing under way when the kept one is from before a change. The
 * redrawing starts REDRAW_DELAY_MS after the change and takes a few hundred milliseconds warm: most
 * walls opened just after a change get the wall as it is, answers and all, instead of a picture with
 * a number one change behind that the app then corrects in front of them. Past this the picture is
 * still the better first frame than a blank screen.
 */
export const STALE_WAIT_MS = 400;

/**
 * The overview's first frame (frame.routes.ts) drawn ahead, per language. Every change to what the
 * overview shows moves `version` on (a NOTIFY raised by triggers, migration 0011); a drawing made at
 * the current version is the wall as it is, answers and all. One made before a change is still a
 * picture worth showing while the app loads, but its answers are not handed to the app, which asks
 * for fresh ones.
 */
export class FrameCache {
  private kept = new Map<Locale, Kept>();
  private latest = 0;
  /** Who waits for a drawing at the current version (see `redrawn`). */
  private waiting = new Map<() => void, Locale>();

  /** The data's version as far as this instance has heard. */
  get version(): number {
    return this.latest;
  }

  changed(now = Date.now()): void {
    for (const kept of this.kept.values()) kept.staleSince ??= now;
    this.latest += 1;
  }

  languages(): Locale[] {
    return [...this.kept.keys()];
  }

  keep(language: Locale, frame: WallFrame, permissions: RoutePermission[], version: number, day: string, scope = 'all'): void {
    if (frame.html === null) return;
    const before = this.kept.get(language);
    // A slower drawing begun earlier does not replace a newer one.
    if (before && before.version > version && before.day === day) return;
    const current = version === this.latest;
    this.kept.set(language, { frame, permissions, scope, version, day, staleSince: current ? undefined : Date.now() });
    if (current) for (const [wake, waitedFor] of this.waiting) if (waitedFor === language) wake();
  }

  /** Whether the drawing kept in `language` is from before the data last changed. */
  stale(language: Locale): boolean {
    const kept = this.kept.get(language);
    return kept !== undefined && kept.version !== this.latest;
  }

  /** Resolves once a drawing in `language` at the current version is kept, or after `ms`. */
  redrawn(language: Locale, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiting.set(wake, language);
    });
  }

  /**
   * The drawing this viewer may be shown: the whole frame when nothing changed since, its picture
   * alone (no answers) while a newer one is drawn, nothing when there is none for today, it is older
   * than STALE_PICTURE_MS and stale, one of its calls would have refused the viewer, or it was drawn
   * in another data scope (its figures and map would show projects the viewer may not see, or miss some).
   */
  lookup(language: Locale, viewer: AuthContext, day: string, now = Date.now()): WallFrame | null {
    const kept = this.kept.get(language);
    if (!kept || kept.day !== day || kept.scope !== scopeKey(viewer.scope) || !kept.permissions.every((p) => allows(viewer, p))) return null;
    if (kept.version === this.latest) return kept.frame;
    if (now - (kept.staleSince ?? now) > STALE_PICTURE_MS) return null;
    return { html: kept.frame.html, calls: [] };
  }
}
