import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ZodType } from 'zod';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { seedDemo } from './db/seed/demo';
import { AnswerShapeError, type RouteEntry } from './lib/answers';
import { readActions } from '@shared/resources';

/**
 * Every answer against its contract: on a demo database, as the administrator, every
 * list, listAll and info call and every GET of the API is made, and its JSON answer is parsed with
 * the route's declared response schema — the schema the server also serialises it through. A
 * field the contract names but the real answer lacks (the equipment list's projectNameEn, once)
 * fails here, on both engines, instead of in an English screen. Routes are read from the app, so a
 * new route is covered the day it is registered.
 */

/**
 * Every route declares its 200 answer: a JSON contract, or — for what is not JSON (exports, file
 * downloads, images, the event stream) — its content types (`fileAnswer`, lib/answers.ts). Only the
 * routes below, which plugins we do not write register, declare nothing.
 */
const UNDECLARED: Record<string, string> = {
  '/api/docs': 'the API viewer (@fastify/swagger-ui): its own pages and the OpenAPI document',
};
const undeclaredReason = (r: RouteEntry) => Object.entries(UNDECLARED).find(([prefix]) => r.url === prefix || r.url.startsWith(`${prefix}/`))?.[1];

/** Actions that only read, from the registry (the operation log skips the same ones): POSTs among them are walked like GETs. */
const READS = new Set<string>(readActions());
const isRead = (r: RouteEntry) => r.method === 'GET' || (r.method === 'POST' && READS.has(r.url.split('/').pop()!));

/** Calls whose answer depends on input the walk cannot make up: each gets its own query, from ids the lists returned. */
const QUERIES: Record<string, (ids: Map<string, number>) => string | null> = {
  'GET /api/ball/fallorder/info': (ids) => (ids.has('/api/ball/fallorder') ? `/api/ball/fallorder/info?id=${ids.get('/api/ball/fallorder')}` : null),
  'GET /api/ball/fallorder/assignees': (ids) => `/api/ball/fallorder/assignees?projectId=${ids.get('/api/ball/fallproject')}`,
  'GET /api/ball/fallproject/existUniqueKey': () => '/api/ball/fallproject/existUniqueKey?uniqueKey=demo',
  'GET /api/ball/fallproject/intro/list': (ids) => `/api/ball/fallproject/intro/list?projectId=${ids.get('/api/ball/fallproject')}`,
  'GET /api/ball/fallproject/password/list': (ids) => `/api/ball/fallproject/password/list?projectId=${ids.get('/api/ball/fallproject')}`,
  'GET /api/ball/falldraw/byProject/:projectId': (ids) => `/api/ball/falldraw/byProject/${ids.get('/api/ball/fallproject')}`,
  'GET /api/wall/project/:id': (ids) => `/api/wall/project/${ids.get('/api/ball/fallproject')}`,
  'GET /api/public/project/:id': () => null,
  'GET /api/sys/menu/info/:menuId': () => '/api/sys/menu/info/1',
  'GET /api/sys/config/info/:key': () => null,
  'GET /api/sys/ui-pref/:screen': () => '/api/sys/ui-pref/projects',
  'GET /api/oss/file/meta': () => '/api/oss/file/meta?ids=1',
  'GET /api/ball/stats/parts-cost': () => `/api/ball/stats/parts-cost?from=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
  'GET /api/ball/stats/parts-cost/moves': () => `/api/ball/stats/parts-cost/moves?from=${new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
  'GET /api/ball/fallstock/available': (ids) => (ids.has('/api/ball/fallorder') ? `/api/ball/fallstock/available?orderId=${ids.get('/api/ball/fallorder')}` : null),
  'GET /api/ball/fallreport/checklist/:reportId': (ids) => (ids.has('/api/ball/fallreport') ? `/api/ball/fallreport/checklist/${ids.get('/api/ball/fallreport')}` : null),
  'GET /api/ball/fallpmplan/due': (ids) => `/api/ball/fallpmplan/due?projectId=${ids.get('/api/ball/fallproject')}`,
  'GET /api/ball/falleqinfo/checklistValues': (ids) => (ids.has('/api/ball/falleqinfo') ? `/api/ball/falleqinfo/checklistValues?equipmentId=${ids.get('/api/ball/falleqinfo')}` : null),
  'GET /api/ship/scene/info/:id': (ids) => (ids.has('/api/ship/scene') ? `/api/ship/scene/info/${ids.get('/api/ship/scene')}` : null),
  'GET /api/ball/fallmonitor/live/:id': () => null,
  'GET /api/ball/stats/reliability': () => `/api/ball/stats/reliability?from=${new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
  'GET /api/ball/stats/reliability/episodes': (ids) =>
    ids.has('/api/ball/falleqinfo') ? `/api/ball/stats/reliability/episodes?from=${new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}&equipmentId=${ids.get('/api/ball/falleqinfo')}` : null,
  // A GET that deletes (spec §7): never called here.
  'GET /api/sys/xmlx/delete/:id': () => null,
};
/** Bodies of POST reads that need one. */
const BODIES: Record<string, unknown> = {
  'POST /api/sys/sysdictionary/dictionary': { type: 'device_category' },
  'POST /api/ball/fallproject/dashboardCharts': { language: 'en', scheme: 'light', charts: { water: { width: 300, height: 200, data: [{ waterType: 'musical', count: 2 }] } } },
  'POST /api/ball/alarmhealth/figures': { from: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) },
  'POST /api/ball/alarmhealth/drill': { from: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10), figure: 'all', limit: 5 },
  'POST /api/ball/alarmhealth/units': { from: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10), figure: 'outOfService', limit: 5 },
  'POST /api/ball/stats/figures': { from: new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10), granularity: 'week' },
};

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

  it('declares the answer of every route: a JSON contract, or the content types of a file', () => {
    const routes = t.app.routeEntries.filter((r) => r.url.startsWith(api()) && r.method !== 'OPTIONS');
    const missing = routes.filter((r) => !r.answer && !r.files?.length && !undeclaredReason(r));
    expect(missing.map(key)).toEqual([]);
    // The allow-list names only routes that exist (a moved viewer must leave it).
    for (const prefix of Object.keys(UNDECLARED)) expect(routes.some((r) => r.url.startsWith(prefix)), prefix).toBe(true);
    // A file answer is declared only where the answer really is a file, and on every export.
    const files = routes.filter((r) => r.files?.length).map(key);
    expect(files.filter((k) => !/\/(export|download\/:id|thumb\/:id|file\/:fileId|captcha|live\/stream)$/.test(k))).toEqual([]);
    expect(routes.filter((r) => r.method === 'POST' && r.url.endsWith('/export') && !r.files?.length).map(key)).toEqual([]);
  });

  it('answers an export with a content type it declares', async () => {
    const route = t.app.routeEntries.find((r) => r.method === 'POST' && r.url === `${api()}/ball/falleqinfo/export`)!;
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await t.app.inject({ method: 'POST', url: route.url, headers: { authorization: `Bearer ${token}` }, payload: { columns: [{ prop: 'name', label: 'Name' }], format } });
      expect(res.statusCode).toBe(200);
      expect(route.files).toContain(String(res.headers['content-type']).split(';')[0]);
    }
  });

  it('answers every list, listAll, info and GET call with what its contract declares', async () => {
    const routes = t.app.routeEntries.filter((r) => r.url.startsWith(api()) && r.answer);
    const failures: Failure[] = [];
    /** The first id each list returned, by the list's base path: info/:id of the same base uses it. */
    const firstIds = new Map<string, number>();
    let checked = 0;
    let infos = 0;

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
    for (const route of routes.filter((r) => r.method === 'GET' || (isRead(r) && !/\/(list|listAll)$/.test(r.url)))) {
      const info = /^(.*)\/info\/:id$/.exec(route.url);
      if (info) {
        const id = firstIds.get(info[1]);
        // A list the demo leaves empty (cards, logs of a fresh database) has no row to ask for.
        if (id === undefined) continue;
        await check(route, `${info[1]}/info/${id}`);
        infos++;
        continue;
      }
      const made = QUERIES[key(route)];
      if (made) {
        const url = made(firstIds);
        if (url) await check(route, url);
        continue;
      }
      if (route.url.includes(':') || route.url.includes('*')) continue;
      await check(route, route.url, route.method === 'POST' ? (BODIES[key(route)] ?? {}) : undefined);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(60);
    expect(infos).toBeGreaterThan(12);
  }, 300_000);
});
