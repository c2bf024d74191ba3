import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { sendExport } from '../lib/export';
import { nulPath } from './envelope';

// Bad input never reaches a 500 (docs/decisions.md "Bad input"): NUL anywhere, database data
// exceptions, broken multipart forms, exports that would fail after their headers.
describe('envelope: bad input answers 400, never 500', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({}, async (app) => {
      await app.register(
        async (api) => {
          api.post('/test/echo/:name', { schema: { params: z.object({ name: z.string() }), body: z.object({}).passthrough() }, config: { permission: 'login' } }, async (request) => ({
            code: 0,
            msg: 'success',
            data: request.params,
          }));
          // A cast the database refuses (SQLSTATE 22008): what a date the validation let through would do.
          api.post('/test/cast', { config: { permission: 'login' } }, async () => {
            await app.database.db.execute(sql`SELECT ${'2026-13-45'}::date`);
            return { code: 0, msg: 'success', data: null };
          });
          api.post('/test/export', { config: { permission: 'login' } }, async (_request, reply) =>
            sendExport(reply, {
              name: 'x',
              format: 'csv',
              columns: [{ prop: 'a', label: 'A' }],
              batches: async function* () {
                await app.database.db.execute(sql`SELECT ${'-271821-04-20T00:00:00Z'}::timestamptz`);
                yield [{ a: 1 }];
              },
            }),
          );
        },
        { prefix: '/api' },
      );
    });
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  it('finds a NUL in any string or key, however deep, without recursion', () => {
    expect(nulPath({ a: ['x', { b: 'y\u0000' }] })).toBe('a.1.b');
    expect(nulPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(nulPath(['ok', 2, null, true])).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPath(deep)).toMatch(/^0(\.0)*$/);
  });

  it('refuses a NUL in the body, query string or path with a 400 naming the field', async () => {
    const body = await t.call('POST', '/api/test/echo/a', { token: admin, body: { title: 'a\u0000b' } });
    expect(body.status).toBe(400);
    expect(body.body.data.fields).toEqual({ title: 'The text holds a character that is not allowed (NUL)' });
    const query = await t.call('POST', '/api/test/echo/a?q=%00', { token: admin, body: {} });
    expect(query.status).toBe(400);
    expect(query.body.data.fields).toHaveProperty('q');
    const path = await t.call('POST', '/api/test/echo/a%00b', { token: admin, body: {} });
    expect(path.status).toBe(400);
    expect(path.body.data.fields).toHaveProperty('name');
    // A real list endpoint: the exports answered 200 and then cut the stream.
    const exp = await t.call('POST', '/api/sys/log/export', { token: admin, body: { username: '\u0000', columns: [{ prop: 'username', label: 'U' }], format: 'csv' } });
    expect(exp.status).toBe(400);
  });

  it('maps a database data exception to 400', async () => {
    const res = await t.call('POST', '/api/test/cast', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, msg: 'Bad request' });
  });

  it('reads an export first batch before its headers: a failing query is an error envelope, not a 200 cut short', async () => {
    const res = await t.call('POST', '/api/test/export', { token: admin });
    expect(res.status).toBe(400);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('refuses dates out of range and calendar dates that do not exist', async () => {
    for (const from of ['-271821-04-20T00:00:00Z', '2026-13-45', '+275760-09-13T00:00:00Z']) {
      const res = await t.call('POST', '/api/sys/log/list', { token: admin, body: { from, page: 1, limit: 10 } });
      expect(res.status, from).toBe(400);
      expect(res.body.data.fields).toHaveProperty('from');
    }
    const stat = await t.call('POST', '/api/ball/fallproject/statOrders', {
      token: admin,
      body: { from: '2026-01-01', to: '2026-03-01', granularity: 'month', period: '2026-13-45', metric: 'orders' },
    });
    expect(stat.status).toBe(400);
    expect(Object.keys(stat.body.data.fields)).toEqual(['period']);
    const ok = await t.call('POST', '/api/ball/fallproject/statOrders', {
      token: admin,
      body: { from: '2026-01-01', to: '2026-03-01', granularity: 'month', period: '2026-02', metric: 'orders' },
    });
    expect(ok.status).toBe(200);
  });

  it('answers broken multipart forms with 400 and oversized ones with 413', async () => {
    const part = (name: string) => `--zz\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
    for (const url of ['/api/oss/file/upload', '/api/sys/xmlx/upload']) {
      const cases: [string, string, number][] = [
        ['multipart/form-data', 'no boundary', 400],
        ['multipart/form-data; boundary=zz', `${part('a.png')}abc`, 400],
        ['multipart/form-data; boundary=zz', `${part('a\u0000.png')}abc\r\n--zz--\r\n`, 400],
        ['multipart/form-data; boundary=zz', '--zz--\r\n', 400],
      ];
      for (const [type, payload, status] of cases) {
        const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, 'content-type': type, 'accept-language': 'en' }, payload });
        expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(status);
      }
    }
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/sys/log/list',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
  });
});
