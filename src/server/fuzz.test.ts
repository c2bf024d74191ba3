import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { seedDemo } from './db/seed/demo';

/**
 * The attacker's fuzz run, kept (docs/decisions.md "Bad input"): every route of the OpenAPI document gets
 * at least MIN_INPUTS malformed inputs as the administrator, the strongest caller, on a demo
 * database. A route fails on any 5xx, on an answer slower than HANG_MS, or when a main table's row
 * count changed: a bad input must change nothing. Deterministic: no random source, so a failure
 * names the route and input that reproduce it.
 *
 * Not counted: the tables a request writes about itself whatever its input — the operation log
 * (sys_log), the login history (sys_login_log), issued captchas (sys_captcha), and the counters of
 * the per-address limits and wrong-password guard (sys_rate_limit, sys_login_guard): a malformed try
 * still counts against its address.
 */

const MIN_INPUTS = 20;
const HANG_MS = 5_000;
const UNCOUNTED = new Set(['sys_log', 'sys_login_log', 'sys_captcha', 'sys_rate_limit', 'sys_login_guard']);
/** The event stream never ends by design; its GET and HEAD are checked by their own test below. */
const SKIPPED = new Set(['GET /api/live/stream', 'HEAD /api/live/stream']);
/**
 * Routes whose effect needs no valid input, so their row counts are not compared (their answers
 * still are): logout ends the session whatever the body says, and a screen's UI preference is any
 * JSON value stored as given (so "every field set to [[1]]" is a valid preference).
 */
const UNCOUNTED_ROUTES = new Set(['POST /api/sys/logout', 'POST /api/sys/ui-pref/{screen}']);
/**
 * Inputs that are no bad input for a route: ids are accepted as digit text (refId), so {"id":"1"} is a
 * valid "not a problem" for the demo's first finding, and dismissing it rightly remembers the
 * channel's widened baseline (a new fall_channel_baseline row). Every other input still goes to it.
 */
const VALID_FOR_ROUTE = new Map([['POST /api/ball/fallrisk/dismiss', new Set(['id string'])]]);

interface Input {
  label: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

interface Route {
  method: string;
  path: string;
  params: string[];
  query: string[];
  body: { type?: string; properties?: Record<string, unknown> } | null;
  multipart: boolean;
}

const NUL = '\u0000';
const HUGE = 'x'.repeat(20_000);
const BAD_PARAMS = ['abc', '1e2', '%201', '-1', '0', '01', '1.5', '99999999999999999999', '%00', '__proto__', 'constructor', '0x10', '%5B1%5D', 'true', 'null'];
/** Values put into every field of an object body (or query parameter) at once. */
const FIELD_VALUES: [string, unknown][] = [
  ['NUL', NUL],
  ['NUL inside', `a${NUL}b`],
  ['huge string', HUGE],
  ['nested id', [[1]]],
  ['string id list', ['1']],
  ['boolean list', [true]],
  ['padded id', ' 1 '],
  ['boolean', true],
  ['far past date', '-271821-04-20T00:00:00Z'],
  ['impossible date', '2026-13-45'],
  ['far future date', '+275760-09-13T00:00:00Z'],
  ['object', {}],
  ['proto object', JSON.parse('{"__proto__":{"polluted":1}}')],
  ['negative', -1],
  ['huge number', 1e308],
  ['fraction', 1.5],
  ['exponent text', '1e2'],
];
/**
 * Values only for query strings and path parameters: as every field of a body they can make a valid
 * one (a dictionary type may be named "constructor"), and a valid input may write.
 */
const QUERY_ONLY: [string, unknown][] = [
  ['proto text', '__proto__'],
  ['constructor text', 'constructor'],
];
const RAW_BODIES: [string, string | undefined, string | undefined][] = [
  // label, content type, payload
  ['no body', undefined, undefined],
  ['empty json', 'application/json', ''],
  ['bad json', 'application/json', '{"a":'],
  ['text body', 'text/plain', 'hello'],
  ['json null', 'application/json', 'null'],
  ['json empty array', 'application/json', '[]'],
  ['json string', 'application/json', '"x"'],
  ['json number', 'application/json', '123'],
  ['json empty object', 'application/json', '{}'],
  ['proto key', 'application/json', '{"__proto__":{"polluted":1}}'],
  ['constructor key', 'application/json', '{"constructor":{"prototype":{"polluted":1}}}'],
  ['nested ids', 'application/json', '[[1]]'],
  ['string ids', 'application/json', '["1"]'],
  ['boolean ids', 'application/json', '[true]'],
  ['padded ids', 'application/json', '[" 1 "]'],
  ['NUL ids', 'application/json', '["\\u0000"]'],
  ['extra field', 'application/json', '{"zzzExtra":1}'],
  ['proto sort', 'application/json', '{"sort":"__proto__","order":"asc"}'],
  ['constructor sort', 'application/json', '{"sort":"constructor","order":"desc"}'],
  ['id nested', 'application/json', '{"id":[[1]]}'],
  ['id string', 'application/json', '{"id":"1"}'],
  ['id boolean', 'application/json', '{"id":true}'],
  ['purge null', 'application/json', '{"beforeDays":null}'],
  ['purge zero', 'application/json', '{"beforeDays":0}'],
  ['deep nesting', 'application/json', '['.repeat(5000) + ']'.repeat(5000)],
  ['too large', 'application/json', JSON.stringify({ a: 'x'.repeat(1_200_000) })],
  ['multipart no boundary', 'multipart/form-data', 'xx'],
  ['multipart unterminated', 'multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'],
  [
    'multipart NUL file name',
    'multipart/form-data; boundary=zz',
    `--zz\r\nContent-Disposition: form-data; name="file"; filename="a${NUL}.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--zz--\r\n`,
  ],
];

function routesOf(spec: any): Route[] {
  const routes: Route[] = [];
  for (const [p, ops] of Object.entries<Record<string, any>>(spec.paths ?? {})) {
    if (p.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries<any>(ops)) {
      if (!['get', 'post', 'put', 'delete', 'patch', 'head'].includes(method)) continue;
      const parameters: any[] = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase(),
        path: p,
        params: parameters.filter((x) => x.in === 'path').map((x) => x.name),
        query: parameters.filter((x) => x.in === 'query').map((x) => x.name),
        body: content['application/json']?.schema ?? null,
        multipart: Boolean(content['multipart/form-data']),
      });
    }
  }
  return routes;
}

function urlOf(route: Route, i: number, query = ''): string {
  let url = route.path;
  route.params.forEach((name, k) => {
    url = url.replace(`{${name}}`, BAD_PARAMS[(i + k) % BAD_PARAMS.length]);
  });
  return query ? `${url}?${query}` : url;
}

/** The inputs of one route: raw bodies, every field set to one bad value, bad query strings and paths. */
export function inputsOf(route: Route): Input[] {
  const inputs: Input[] = [];
  const json = (label: string, value: unknown, i: number) =>
    inputs.push({ label, url: urlOf(route, i), payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } });
  RAW_BODIES.forEach(([label, type, payload], i) => {
    if (route.method === 'GET' || route.method === 'HEAD') {
      // A GET's input is its path and query: raw bodies only where they say something about those.
      if (payload !== undefined && !/^(bad json|text body|proto key|too large)$/.test(label)) return;
    }
    inputs.push({ label, url: urlOf(route, i), payload, headers: type ? { 'content-type': type } : {} });
  });
  const props = Object.keys(route.body?.properties ?? {});
  // A route without a query string still gets one: an unknown parameter must be ignored or refused.
  const queryNames = route.query.length ? route.query : ['zzzExtra'];
  FIELD_VALUES.forEach(([label, value], i) => {
    if (props.length) json(`every field ${label}`, Object.fromEntries(props.map((p) => [p, value])), i);
    if (route.body?.type === 'array') json(`list of ${label}`, [value], i);
  });
  [...FIELD_VALUES, ...QUERY_ONLY].forEach(([label, value], i) => {
    for (const name of queryNames) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
      inputs.push({ label: `query ${name} ${label}`, url: urlOf(route, i, `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`) });
    }
  });
  const q = queryNames[0];
  for (const [label, query] of [
    ['query repeated', `${q}=1&${q}=2`],
    ['query proto', '__proto__=1&constructor=1'],
    ['query bracket', `${q}[]=1&${q}[x]=2`],
    ['query NUL key', `a%00b=1`],
    ['query huge', `${q}=${HUGE}`],
  ] as const) {
    inputs.push({ label, url: urlOf(route, inputs.length, query) });
  }
  // Bad path parameters on their own (the rest of the request left empty).
  if (route.params.length) BAD_PARAMS.forEach((_, i) => inputs.push({ label: `path ${i}`, url: urlOf(route, i) }));
  return sample(route, inputs);
}

/** Inputs every route gets: the ones that deleted real records or reached a 500 before (docs/decisions.md "Bad input"). */
const ALWAYS = /^(no body|bad json|proto key|nested ids|string ids|boolean ids|padded ids|id (nested|string|boolean)|(proto|constructor) sort|purge (null|zero)|multipart .*|every field (NUL|far past date|impossible date)|query .* (NUL|far past date)|query proto)$/;
const TURNS = 3;

/**
 * The rest in turns: a route takes every third one, the turn changing from route to route, so each
 * input still reaches a third of the routes and the run stays near a minute on the 2-core machine.
 */
function sample(route: Route, inputs: Input[]): Input[] {
  const turn = [...`${route.method} ${route.path}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % TURNS;
  let k = 0;
  const picked = inputs.filter((input) => ALWAYS.test(input.label) || k++ % TURNS === turn);
  return picked.length >= MIN_INPUTS ? picked : inputs;
}

/** Statistics and export calls: each gets invalid dates even when it declares no date field (then they are unknown fields). */
const STATS_OR_EXPORT = /\/export$|\/(fallproject\/(repair|stat|count|dashboard|brokenDevice|projectsBy|equipmentBy)|stats)/i;
/** Fields that hold a day or an instant, by name. */
const DATE_FIELD = /^(from|to)$|date|time|day|month|^start|^end|period|since|until|before|after/i;
/** Dates that are no date, one at a time: what reached a 500 when the other dates were left to their defaults. */
const BAD_DATES: unknown[] = ['x', '', '2026-13-45', '2026-02-30', '0000-00-00', '9999-99-99', '-271821-04-20', '+275760-09-13T00:00:00Z', '2026-1-1', ' 2026-01-01', 'NaN', 1e21];
const VALID_DAY = '2026-01-15';
/**
 * What a list's filter may read as a date after all (docs/api.md "Input"): '' is "no filter", and an
 * instant is ISO text as Date reads it. They must not reach a 500; a statistics range refuses them.
 */
const LENIENT = new Set<unknown>(['', '2026-1-1', ' 2026-01-01']);

function dateFieldsOf(route: Route): string[] {
  const names = route.method === 'GET' || route.method === 'HEAD' ? route.query : Object.keys(route.body?.properties ?? {});
  return names.filter((n) => DATE_FIELD.test(n) && !/^(timeout|runtime)$/i.test(n));
}

describe('fuzz: every route of the OpenAPI document with malformed input', () => {
  let t: TestApp;
  let token: string;
  let filesDir: string;
  let tables: string[];

  async function counts(): Promise<Record<string, number>> {
    const sql = tables.map((name) => `SELECT '${name}' AS t, count(*)::int AS n FROM "${name}"`).join(' UNION ALL ');
    const rows = await t.database.query<{ t: string; n: number }>(sql);
    return Object.fromEntries(rows.map((r) => [r.t, r.n]));
  }

  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'cascade-fuzz-'));
    t = await createTestApp({ filesDir } as never);
    await seedDemo(t.database, { filesDir, plans: 2 });
    token = await t.tokenFor('admin');
    const rows = await t.database.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    tables = rows.map((r) => r.table_name).filter((n) => !UNCOUNTED.has(n) && !n.startsWith('__'));
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('answers every malformed input with a 4xx, in time, changing no row', async () => {
    const spec = t.app.swagger() as any;
    const routes = routesOf(spec).filter((r) => !SKIPPED.has(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(200);
    const findings: string[] = [];
    let tried = 0;
    let fiveHundreds = 0;
    let before = await counts();
    const spent: [string, number][] = [];
    for (const route of routes) {
      const routeStarted = Date.now();
      const inputs = inputsOf(route).filter((input) => !VALID_FOR_ROUTE.get(`${route.method} ${route.path}`)?.has(input.label));
      expect(inputs.length, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(MIN_INPUTS);
      for (const input of inputs) {
        tried++;
        const started = Date.now();
        let timer: NodeJS.Timeout | undefined;
        const res = await Promise.race([
          t.app.inject({
            method: route.method as InjectOptions['method'],
            url: input.url,
            payload: input.payload,
            headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...input.headers },
          }),
          new Promise<'hang'>((resolve) => {
            timer = setTimeout(() => resolve('hang'), HANG_MS);
          }),
        ]).finally(() => clearTimeout(timer));
        const where = `${route.method} ${input.url.slice(0, 120)} [${input.label}]`;
        if (res === 'hang') {
          findings.push(`${where}: no answer in ${HANG_MS} ms`);
          continue;
        }
        if (res.statusCode >= 500) {
          fiveHundreds++;
          findings.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
        if (Date.now() - started > HANG_MS) findings.push(`${where}: answered after ${Date.now() - started} ms`);
      }
      // A route that ended the session (logout) would make every later request a 401: a new one.
      const check = await t.app.inject({ method: 'GET', url: '/api/sys/user/info', headers: { authorization: `Bearer ${token}` } });
      if (check.statusCode === 401) {
        if (route.path !== '/api/sys/logout') findings.push(`${route.method} ${route.path}: the session ended on bad input`);
        token = await t.tokenFor('admin');
      }
      const after = await counts();
      if (UNCOUNTED_ROUTES.has(`${route.method} ${route.path}`)) {
        before = after;
        continue;
      }
      const changed = tables.filter((n) => before[n] !== after[n]).map((n) => `${n} ${before[n]}→${after[n]}`);
      if (changed.length) findings.push(`${route.method} ${route.path}: rows changed by bad input: ${changed.join(', ')}`);
      before = after;
      spent.push([`${route.method} ${route.path}`, Date.now() - routeStarted]);
    }
    const slowest = spent.sort((a, b) => b[1] - a[1]).slice(0, 5).map(([r, ms]) => `${r} ${ms} ms`);
    console.warn(`fuzz: ${routes.length} routes, ${tried} requests, ${fiveHundreds} answers of 5xx, ${findings.length} findings; slowest: ${slowest.join(', ')}`);
    expect(findings).toEqual([]);
    expect(fiveHundreds).toBe(0);
  }, 600_000);

  it('answers every statistics and export call with an invalid date alone by a 400 in the caller\'s language', async () => {
    const spec = t.app.swagger() as any;
    const routes = routesOf(spec).filter((r) => !SKIPPED.has(`${r.method} ${r.path}`));
    const targets = routes.filter((r) => dateFieldsOf(r).length || STATS_OR_EXPORT.test(r.path));
    // The calls the bug report named, and every export, must be among them.
    for (const named of ['/api/ball/fallproject/repairSpeedList', '/api/ball/fallproject/repairQualityList', '/api/ball/fallproject/statOrders']) {
      expect(targets.map((r) => r.path)).toContain(named);
    }
    expect(targets.filter((r) => /\/export$/.test(r.path)).length).toBeGreaterThan(10);
    const findings: string[] = [];
    let tried = 0;
    for (const route of targets) {
      const fields = dateFieldsOf(route);
      const inBody = route.method !== 'GET' && route.method !== 'HEAD';
      for (const field of fields.length ? fields : ['from', 'to']) {
        for (const [k, bad] of BAD_DATES.entries()) {
          // Alone (the other dates left to their defaults), and beside valid ones.
          const others = fields.filter((f) => f !== field);
          for (const withOthers of others.length ? [false, true] : [false]) {
            const values: Record<string, unknown> = { [field]: bad };
            if (withOthers) for (const f of others) values[f] = VALID_DAY;
            const lang = k % 2 ? 'cn' : 'en';
            const url = inBody ? urlOf(route, 0) : urlOf(route, 0, new URLSearchParams(Object.entries(values).map(([n, v]) => [n, String(v)])).toString());
            const res = await t.app.inject({
              method: route.method as InjectOptions['method'],
              url: inBody ? url.replace(/\/(abc)(?=\/|$)/g, '/1') : url,
              payload: inBody ? JSON.stringify(values) : undefined,
              headers: { authorization: `Bearer ${token}`, 'accept-language': lang, ...(inBody ? { 'content-type': 'application/json' } : {}) },
            });
            tried++;
            const where = `${route.method} ${route.path} ${JSON.stringify(values)}`;
            if (res.statusCode >= 500) findings.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
            else if (fields.length && !LENIENT.has(bad) && res.statusCode !== 400) findings.push(`${where}: ${res.statusCode}, not 400`);
            else if (res.statusCode === 400) {
              const msg = String(JSON.parse(res.body).msg ?? '');
              if (lang === 'cn' ? !/[\u4e00-\u9fff]/.test(msg) : /[\u4e00-\u9fff]/.test(msg) || !msg) findings.push(`${where}: message not in ${lang}: ${msg}`);
            }
          }
        }
      }
    }
    console.warn(`date fuzz: ${targets.length} statistics and export calls, ${tried} requests, ${findings.length} findings`);
    expect(findings).toEqual([]);
  }, 600_000);

  it('answers HEAD of the event stream at once, and its GET starts a stream', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/live/stream', headers: { authorization: `Bearer ${token}` } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const get = await t.app.inject({ method: 'GET', url: '/api/live/stream', headers: { authorization: `Bearer ${token}` }, payloadAsStream: true });
    expect(get.statusCode).toBe(200);
    expect(String(get.headers['content-type'])).toMatch(/^text\/event-stream/);
    get.stream().destroy();
  });
});
