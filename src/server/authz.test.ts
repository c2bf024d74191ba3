import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { sysSession } from './db/schema';
import { newToken } from './lib/password';
import { allows, type AuthContext } from './plugins/auth';

/**
 * The authorisation suite (docs/security.md): every API route, called by every kind of caller that
 * its declared permission leaves out, answers 401 (no session) or 403 — before its body is read —
 * and changes no row. Callers: nobody, a wall display token, a project visitor, and the viewer,
 * operator and manager demo users. What a route declares comes from the server itself
 * (`app.routePermissions`), and whether a caller passes from the server's own session reading, so
 * a route added tomorrow is walked without touching this file.
 */

const WHOAMI = '/api/test-whoami';
/** Tables a refused request may still write about itself (rate counters, the session's touch). */
const UNCOUNTED = new Set(['sys_log', 'sys_login_log', 'sys_captcha', 'sys_rate_limit', 'sys_login_guard', 'sys_session', 'sys_ticket']);

interface Caller {
  name: string;
  token: string | null;
  auth: AuthContext | null;
}

describe('authorisation: every route refuses every caller it does not allow', () => {
  let t: TestApp;
  const callers: Caller[] = [];
  let tables: string[] = [];

  async function counts(): Promise<Record<string, number>> {
    const sql = tables.map((name) => `SELECT '${name}' AS t, count(*)::int AS n FROM "${name}"`).join(' UNION ALL ');
    const rows = await t.database.query<{ t: string; n: number }>(sql);
    return Object.fromEntries(rows.map((r) => [r.t, r.n]));
  }

  async function sessionOf(kind: 'display' | 'visitor', projectId: number | null): Promise<string> {
    const { token, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind, projectId, expiresAt: new Date(Date.now() + 3600_000) });
    return token;
  }

  beforeAll(async () => {
    // The server's own reading of a token, so the expectation is the rule the routes apply.
    t = await createTestApp({}, (app) => {
      app.get(WHOAMI, { config: { permission: 'public' } }, async (request) => ({ auth: request.auth }));
    });
    const tokens: [string, string | null][] = [
      ['nobody', null],
      ['display', await sessionOf('display', null)],
      ['visitor', await sessionOf('visitor', 1)],
      ['viewer', await t.tokenFor('viewer')],
      ['operator', await t.tokenFor('operator')],
      ['manager', await t.tokenFor('manager')],
    ];
    for (const [name, token] of tokens) {
      const { body } = await t.call('GET', WHOAMI, { token: token ?? undefined });
      if (token && !body.auth) throw new Error(`the ${name} token was not accepted`);
      callers.push({ name, token, auth: body.auth });
    }
    const rows = await t.database.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    tables = rows.map((r) => r.table_name).filter((name) => !UNCOUNTED.has(name));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 or 403 and writes nothing', async () => {
    const before = await counts();
    const wrong: string[] = [];
    const refusedBy = new Map<string, number>();
    let routes = 0;
    for (const [key, permission] of t.app.routePermissions) {
      const [method, url] = key.split(' ');
      if (url === WHOAMI || permission === 'public') continue;
      routes += 1;
      const path = url.replace(/:[A-Za-z]+/g, '1');
      for (const caller of callers) {
        if (allows(caller.auth, permission)) continue;
        const res = await t.app.inject({
          method: method as 'GET',
          url: path,
          headers: {
            'accept-language': 'en',
            ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
            ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
          },
          payload: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ id: 1, ids: [1] }),
        });
        const expected = caller.auth ? 403 : 401;
        if (res.statusCode !== expected) wrong.push(`${key} as ${caller.name}: ${res.statusCode}, expected ${expected}`);
        refusedBy.set(caller.name, (refusedBy.get(caller.name) ?? 0) + 1);
      }
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
    // The walk reached the routes and every kind of caller was refused somewhere.
    expect(routes).toBeGreaterThan(150);
    for (const caller of callers) expect(refusedBy.get(caller.name) ?? 0, caller.name).toBeGreaterThan(0);
    // Nobody is refused on every guarded route; the display and visitor sessions on nearly all.
    expect(refusedBy.get('nobody')).toBe(routes);
  }, 120_000);
});
