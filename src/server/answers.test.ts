import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ZodType } from 'zod';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { seedDemo } from './db/seed/demo';
import { AnswerShapeError, type RouteEntry } from './lib/answers';

/**
 * Every answer against its contract (issue 16): on a demo database, as the administrator, every
 * list, listAll and info call and every GET of the API is made, and its JSON answer is parsed with
 * the route's declared response schema — the schema the server also serialises it through. A
 * field the contract names but the real answer lacks (the equipment list's projectNameEn, once)
 * fails here, on both engines, instead of in an English screen. Routes are read from the app, so a
 * new route is covered the day it is registered.
 *
 * A route that answers JSON must declare its schema; only the answers below are not JSON.
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/live/stream': 'server-sent events: a stream that never ends, not one JSON answer',
  'GET /api/sys/file/download/:id': 'the file itself',
  'GET /api/sys/file/preview/:id': 'the file itself',
  'GET /api/sys/file/thumb/:id': 'an image',
  'GET /api/sys/captcha': 'an image',
  'GET /api/docs/*': 'the OpenAPI viewer (Swagger UI files)',
};

/** Calls whose answer depends on input the walk cannot make up (a project id, a screen name): each gets its own. */
const QUERIES: Record<string, (ids: Map<string, number>) => string | null> = {};

interface Failure {
  route: string;
  why: string;
}

describe('every answer matches its contract', () => {
  let t: TestApp;
  let token: string;
  let filesDir: string;
  const shapeErrors = new Map<string, string>();

  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'answers-'));
    t = await createTestApp({ filesDir } as never, (app) => {
      // The server's own check refuses a wrong answer with a 500: keep its reason for the report.
      app.addHook('onError', async (request, _reply, error) => {
        if (error instanceof AnswerShapeError) shapeErrors.set(`${request.method} ${request.routeOptions.url}`, error.message);
      });
    });
    await seedDemo(t.database, { filesDir, plans: 2 });
    token = await t.tokenFor('admin');
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const api = () => t.config.apiPrefix;
  const key = (r: RouteEntry) => `${r.method} ${r.url}`;

  it('declares a response schema on every JSON route', () => {
    const routes = t.app.routeEntries.filter((r) => r.url.startsWith(api()) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const missing = routes.filter((r) => !r.answer && !NOT_JSON[key(r)]).map(key);
    expect(missing).toEqual([]);
    // The allow-list names only routes that exist (a renamed route must leave it).
    const all = new Set(routes.map(key));
    expect(Object.keys(NOT_JSON).filter((k) => !all.has(k))).toEqual([]);
  });

  it('answers every list, listAll, info and GET call with what its contract declares', async () => {
    const routes = t.app.routeEntries.filter((r) => r.url.startsWith(api()) && r.answer);
    const failures: Failure[] = [];
    /** The first id each list returned, by the list's base path: info/:id of the same base uses it. */
    const firstIds = new Map<string, number>();
    let checked = 0;

    async function check(route: RouteEntry, url: string, body?: unknown): Promise<unknown> {
      const res = await t.call(route.method as 'GET' | 'POST', url, { token, body });
      const name = `${key(route)} (${url})`;
      if (res.status !== 200 || res.body?.code !== 0) {
        failures.push({ route: name, why: `status ${res.status} code ${res.body?.code} ${res.body?.msg ?? ''} ${shapeErrors.get(key(route)) ?? ''}`.trim() });
        return undefined;
      }
      const parsed = (route.answer as ZodType).safeParse(res.body);
      checked++;
      if (!parsed.success) {
        failures.push({ route: name, why: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
        return undefined;
      }
      return res.body.data;
    }

    const lists = routes.filter((r) => r.method === 'POST' && /\/(list|listAll)$/.test(r.url));
    for (const route of lists) {
      const data = (await check(route, route.url, {})) as { list?: { id?: unknown }[] } | { id?: unknown }[] | undefined;
      const rows = Array.isArray(data) ? data : data?.list;
      const base = route.url.replace(/\/(list|listAll)$/, '');
      if (rows?.length && typeof rows[0]?.id === 'number' && !firstIds.has(base)) firstIds.set(base, rows[0].id);
      if (route.url.endsWith('/list')) expect(rows?.length ?? 0, `${route.url} lists rows on demo data`).toBeGreaterThanOrEqual(0);
    }
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const info = /^(.*)\/info\/:id$/.exec(route.url);
      if (info) {
        const id = firstIds.get(info[1]);
        if (id === undefined) {
          failures.push({ route: key(route), why: 'no row listed to ask for' });
          continue;
        }
        await check(route, `${info[1]}/info/${id}`);
        continue;
      }
      const made = QUERIES[key(route)];
      if (made) {
        const url = made(firstIds);
        if (url) await check(route, url);
        continue;
      }
      if (route.url.includes(':') || route.url.includes('*')) continue;
      await check(route, route.url);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  }, 300_000);
});
