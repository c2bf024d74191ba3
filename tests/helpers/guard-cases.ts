import { expect, it } from 'vitest';
import type { TestApp } from './test-app';

/** One endpoint and the permission it needs, with a body that is valid for it. */
export interface GuardCase {
  method: 'GET' | 'POST';
  url: string;
  perm: string;
  body?: unknown;
  /** Status expected with the permission (200 unless the valid body still names something missing). */
  okStatus?: number;
}

/**
 * Table-driven access checks: no token → 401, a user holding only an unrelated permission → 403,
 * a user holding exactly the endpoint's permission → success (never 401/403/500).
 */
export function itChecksAccess(getApp: () => TestApp, cases: GuardCase[]): void {
  it.each(cases)('$method $url: 401 without a token, 403 without $perm, success with it', async (c) => {
    const t = getApp();
    expect((await t.call(c.method, c.url, { body: c.body })).status).toBe(401);
    const other = await t.userWith(['fall-device#list']);
    expect((await t.call(c.method, c.url, { token: other.token, body: c.body })).status).toBe(403);
    const holder = await t.userWith([c.perm]);
    const res = await t.call(c.method, c.url, { token: holder.token, body: c.body });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(c.okStatus ?? 200);
  });
}
