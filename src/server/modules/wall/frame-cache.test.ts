import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/auth';
import { FrameCache, STALE_PICTURE_MS } from './frame-cache';
import { ALL_PROJECTS, projectsScope } from '../../lib/data-scope';


const viewer = (perms: string[], extra: Partial<AuthContext> = {}): AuthContext => ({
  sessionId: 1,
  kind: 'user',
  userId: 7,
  username: 'u',
  roles: ['r'],
  perms,
  isSuper: false,
  projectId: null,
  scope: ALL_PROJECTS,
  ...extra,
});
const STATS = ['fall-project#stats', 'ship-scene#view'];
const frame = (html: string | null) => ({ html, calls: [{ method: 'GET' as const, url: '/api/x', body: null, status: 200, payload: '{}' }] });

describe('FrameCache', () => {
  it('shows a drawing, answers and all, to a viewer every call it was drawn from lets through', () => {
    const cache = new FrameCache();
    cache.keep('en', frame('<p>en</p>'), [STATS, 'session'], cache.version, '2026-11-25');
    expect(cache.lookup('en', viewer(['ship-scene#view']), '2026-11-25')).toEqual(frame('<p>en</p>'));
    expect(cache.lookup('en', viewer([], { isSuper: true }), '2026-11-25')).toEqual(frame('<p>en</p>'));
    // One call would have refused them: they get nothing drawn for someone else.
    expect(cache.lookup('en', viewer(['fall-project#info']), '2026-11-25')).toBeNull();
    // Another language, or yesterday's drawing (its repair charts end yesterday), is no drawing.
    expect(cache.lookup('cn', viewer(['ship-scene#view']), '2026-11-25')).toBeNull();
    expect(cache.lookup('en', viewer(['ship-scene#view']), '2026-11-26')).toBeNull();
  });

  it('never shows a drawing made in one data scope to a viewer of another', () => {
    const cache = new FrameCache();
    cache.keep('en', frame('<p>all</p>'), [STATS], cache.version, 'd');
    expect(cache.lookup('en', viewer(STATS, { scope: projectsScope([3]) }), 'd')).toBeNull();
    cache.keep('cn', frame('<p>3</p>'), [STATS], cache.version, 'd', '3');
    expect(cache.lookup('cn', viewer(STATS), 'd')).toBeNull();
    expect(cache.lookup('cn', viewer(STATS, { scope: projectsScope([3, 4]) }), 'd')).toBeNull();
    expect(cache.lookup('cn', viewer(STATS, { scope: projectsScope([3]) }), 'd')).toEqual(frame('<p>3</p>'));
  });

  it('shows a drawing from before a change as a picture only, for a minute at most, until a newer one is kept', () => {
    const cache = new FrameCache();
    const v0 = cache.version;
    cache.keep('cn', frame('<p>old</p>'), [STATS], v0, 'd');
    cache.changed(1_000);
    expect(cache.lookup('cn', viewer(STATS), 'd', 1_500)).toEqual({ html: '<p>old</p>', calls: [] });
    expect(cache.lookup('cn', viewer(STATS), 'd', 1_000 + STALE_PICTURE_MS + 1)).toBeNull();
    // A drawing begun before the change still lands, but stale; one begun after it is the wall as it is.
    const v1 = cache.version;
    cache.keep('cn', frame('<p>new</p>'), [STATS], v1, 'd');
    expect(cache.lookup('cn', viewer(STATS), 'd')).toEqual(frame('<p>new</p>'));
    // A slow drawing begun before that one does not replace it.
    cache.keep('cn', frame('<p>slow</p>'), [STATS], v0, 'd');
    expect(cache.lookup('cn', viewer(STATS), 'd')?.html).toBe('<p>new</p>');
  });

  it('keeps no drawing whose calls failed, and lists the languages it keeps for drawing again', () => {
    const cache = new FrameCache();
    cache.keep('en', frame(null), [STATS], cache.version, 'd');
    expect(cache.languages()).toEqual([]);
    cache.keep('en', frame('<p/>'), [STATS], cache.version, 'd');
    cache.keep('cn', frame('<p/>'), [STATS], cache.version, 'd');
    expect(cache.languages().sort()).toEqual(['cn', 'en']);
  });

  it('wakes who waits for a stale drawing when one at the current version is kept in their language, or after the wait', async () => {
    const cache = new FrameCache();
    cache.keep('en', frame('<p>old</p>'), [STATS], cache.version, 'd');
    cache.changed();
    expect(cache.stale('en')).toBe(true);
    expect(cache.stale('cn')).toBe(false);
    let woken = false;
    const waited = cache.redrawn('en', 10_000).then(() => (woken = true));
    // Another language's drawing, or one begun before the change, is not what they wait for.
    cache.keep('cn', frame('<p>cn</p>'), [STATS], cache.version, 'd');
    cache.keep('en', frame('<p>slow</p>'), [STATS], cache.version - 1, 'd');
    await Promise.resolve();
    expect(woken).toBe(false);
    cache.keep('en', frame('<p>new</p>'), [STATS], cache.version, 'd');
    await waited;
    expect(cache.stale('en')).toBe(false);
    expect(cache.lookup('en', viewer(STATS), 'd')).toEqual(frame('<p>new</p>'));
    // Nobody drawing: the wait ends by itself.
    cache.changed();
    const started = Date.now();
    await cache.redrawn('en', 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
