import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api';
import { liveRefresh, wallRefreshMs } from './refresh';

describe('a live wall query', () => {
  it('asks again on the wall interval, but never after a refusal: a 403 (or any 4xx) is final', () => {
    expect(liveRefresh({ state: { error: null } })).toBe(wallRefreshMs());
    expect(liveRefresh({ state: { error: new ApiError(500, 'down') } })).toBe(wallRefreshMs());
    expect(liveRefresh({ state: { error: new TypeError('Failed to fetch') } })).toBe(wallRefreshMs());
    for (const code of [401, 403, 404]) expect(liveRefresh({ state: { error: new ApiError(code, 'no') } })).toBe(false);
  });
});
