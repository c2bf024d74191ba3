import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asc } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { sysContent } from '../db/schema';
import { contentRowSchema } from '@shared/contracts/content';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { RESOURCES, type Resource } from '@shared/resources';
import { filters, resourceRoutes, type FilterFn, type ResourceRows } from './crud';

/** The sys-content record (its permissions) under a test path. */
const testResource = (api: string, sortable: string[]): Resource => ({ ...RESOURCES.content, api, sortable });

// The builder on a real table (sys_content), under a test path, with the sys-content permissions.
describe('resourceRoutes', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  beforeAll(async () => {
    t = await createTestApp({}, async (app) => {
      await app.register(
        async (api) =>
          resourceRoutes(api, testResource('/test/content', ['title']), {
            rows: {
              table: sysContent,
              id: sysContent.id,
              row: contentRowSchema,
              query: z.object({ title: z.string().optional(), published: z.boolean().optional() }),
              where: { title: filters.like(sysContent.title), published: filters.eq(sysContent.published) },
              sortable: { title: sysContent.title },
              defaultSort: [asc(sysContent.id)],
              hidden: ['createdBy'],
            },
            list: true,
            listAll: true,
            read: true,
            export: true,
            create: { body: z.object({ title: z.string().min(1, { message: 'v.required' }).max(200), body: z.string().default(''), published: z.boolean().default(false) }) },
            update: true,
            remove: true,
          }),
        { prefix: '/api' },
      );
      // The same table with nothing hidden: the row schema alone keeps createdBy in. Only the parts it opts into.
      await app.register(
        async (api) =>
          resourceRoutes(api, testResource('/test/content-all', []), {
            rows: {
              table: sysContent,
              id: sysContent.id,
              row: contentRowSchema.pick({ id: true, title: true }),
              query: z.object({}),
              where: {},
              sortable: {},
              defaultSort: [asc(sysContent.id)],
            },
            list: true,
            read: true,
          }),
        { prefix: '/api' },
      );
    });
    admin = await t.tokenFor('admin');
    reader = (await t.userWith(['sys-content#list'])).token;
  });
  afterAll(() => t.close());

  it('saves, lists with filters and paging, updates and deletes', async () => {
    for (const title of ['Pump check 100%', 'Night show', 'Pump_room']) {
      const res = await t.call('POST', '/api/test/content/save', { token: admin, body: { title, published: title !== 'Night show' } });
      expect(res.body.code).toBe(0);
    }
    const page = await t.call('POST', '/api/test/content/list', { token: admin, body: { title: 'pump', page: 1, limit: 1 } });
    expect(page.body.data).toMatchObject({ total: 2, page: 1, limit: 1, pages: 2 });
    expect(page.body.data.list[0]).not.toHaveProperty('createdBy');
    // LIKE wildcards in the filter are literal text
    const literal = await t.call('POST', '/api/test/content/list', { token: admin, body: { title: '100%', page: 1, limit: 10 } });
    expect(literal.body.data.total).toBe(1);
    const id = page.body.data.list[0].id;
    expect((await t.call('POST', '/api/test/content/update', { token: admin, body: { id, title: 'Renamed' } })).body.code).toBe(0);
    expect((await t.call('GET', `/api/test/content/info/${id}`, { token: admin })).body.data.title).toBe('Renamed');
    expect((await t.call('POST', '/api/test/content/delete', { token: admin, body: [id] })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('GET', `/api/test/content/info/${id}`, { token: admin })).status).toBe(404);
  });

  it('refuses without a token, without the permission, and bad bodies with field messages', async () => {
    expect((await t.call('POST', '/api/test/content/list', { body: { page: 1, limit: 10 } })).status).toBe(401);
    expect((await t.call('POST', '/api/test/content/list', { token: reader, body: { page: 1, limit: 10 } })).status).toBe(200);
    const refused = await t.call('POST', '/api/test/content/save', { token: reader, body: 'not even json' });
    expect(refused.status).toBe(403);
    const bad = await t.call('POST', '/api/test/content/save', { token: admin, body: { title: '', extra: 1 }, lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ title: 'This field is required', extra: 'Unknown field' });
    const cn = await t.call('POST', '/api/test/content/save', { token: admin, body: { title: 5 }, lang: 'zh-CN' });
    expect(cn.status).toBe(400);
    expect(cn.body.data.fields.title).toMatch(/[\u4e00-\u9fa5]/);
    const badJson = await t.call('POST', '/api/test/content/save', { token: admin, body: '{"title":', headers: { 'content-type': 'application/json' } });
    expect(badJson.body).toMatchObject({ code: 400, msg: 'The request body is not valid JSON' });
    const noIds = await t.call('POST', '/api/test/content/delete', { token: admin, body: [] });
    expect(noIds.body.data.fields).toBeDefined();
    expect(noIds.body.msg).toBe('Please check the data first');
  });

  it('exports the filtered list as csv and xlsx with the chosen columns', async () => {
    await t.call('POST', '/api/test/content/save', { token: admin, body: { title: '=HYPERLINK("x")', published: true } });
    const csv = await t.call('POST', '/api/test/content/export', {
      token: admin,
      body: { published: true, columns: [{ prop: 'title', label: 'Title' }, { prop: 'createdBy', label: 'Hidden' }], format: 'csv' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = String(csv.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Title');
    expect(lines).toContain(`"'=HYPERLINK(""x"")"`);
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/test/content/export',
      headers: { authorization: admin },
      payload: { columns: [{ prop: 'title', label: 'Title' }], format: 'xlsx' },
    });
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('deletes nothing for malformed ids and reads path ids strictly', async () => {
    const saved = await t.call('POST', '/api/test/content/save', { token: admin, body: { title: 'Keep me' } });
    const id: number = saved.body.data.id;
    // What z.coerce.number turned into a real id: each must be a 400 that deletes nothing.
    for (const body of [[[id]], [String(id)], [` ${id} `], [true], [[String(id)]], { ids: [id] }, String(id), id]) {
      const res = await t.call('POST', '/api/test/content/delete', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const update = await t.call('POST', '/api/test/content/update', { token: admin, body: { id: String(id), title: 'Changed' } });
    expect(update.status).toBe(400);
    for (const bad of ['1e2', '%20' + id, '0' + id, '-1', `${id}.0`, '99999999999']) {
      expect((await t.call('GET', `/api/test/content/info/${bad}`, { token: admin })).status, bad).toBe(400);
    }
    const info = await t.call('GET', `/api/test/content/info/${id}`, { token: admin });
    expect(info.body.data.title).toBe('Keep me');
  });

  it('sorts only by its own columns: __proto__ and constructor fall back to the default order', async () => {
    const plain = await t.call('POST', '/api/test/content/list', { token: admin, body: { page: 1, limit: 50 } });
    for (const sort of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const res = await t.call('POST', '/api/test/content/list', { token: admin, body: { page: 1, limit: 50, sort, order: 'asc' } });
      expect(res.status, sort).toBe(200);
      expect(res.body.data.list.map((r: { id: number }) => r.id)).toEqual(plain.body.data.list.map((r: { id: number }) => r.id));
    }
    const csv = await t.call('POST', '/api/test/content/export', {
      token: admin,
      body: { sort: 'constructor', columns: [{ prop: 'constructor', label: 'C' }, { prop: '__proto__', label: 'P' }, { prop: 'title', label: 'T' }], format: 'csv' },
    });
    expect(csv.status).toBe(200);
    expect(String(csv.body).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('T');
  });

  it('answers only what the row schema names, whatever the query selected', async () => {
    await t.call('POST', '/api/test/content/save', { token: admin, body: { title: 'Schema strips' } });
    const page = await t.call('POST', '/api/test/content-all/list', { token: admin, body: { page: 1, limit: 5 } });
    expect(page.body.code).toBe(0);
    expect(page.body.data.list.length).toBeGreaterThan(0);
    for (const row of page.body.data.list) expect(Object.keys(row).sort()).toEqual(['id', 'title']);
    const info = await t.call('GET', `/api/test/content-all/info/${page.body.data.list[0].id}`, { token: admin });
    expect(Object.keys(info.body.data).sort()).toEqual(['id', 'title']);
  });

  it('refuses to start when a route declares no permission', async () => {
    await expect(
      createTestApp({}, (app) => {
        app.get('/api/unguarded', async () => 'x');
      }),
    ).rejects.toThrow(/declares no permission/);
  });
});

describe('resourceRoutes refuses at start a query it would not apply', () => {
  const parts = (query: z.ZodObject<z.ZodRawShape>, where: Record<string, FilterFn>, queryHandled?: Record<string, string>): { rows: ResourceRows<z.ZodRawShape>; list: true } => ({
    rows: { table: sysContent, id: sysContent.id, row: contentRowSchema, query, where, queryHandled, sortable: {}, defaultSort: [asc(sysContent.id)] },
    list: true,
  });
  const resource = testResource('/test/unread', []);

  it('names a query field without a where entry: it would be accepted and ignored', () => {
    const query = z.object({ title: z.string().optional(), published: z.boolean().optional() });
    expect(() => resourceRoutes(Fastify(), resource, parts(query, { title: filters.like(sysContent.title) }))).toThrow(/query field published has no `where` entry/);
  });

  it('names a where entry the query does not accept', () => {
    const query = z.object({ title: z.string().optional() });
    expect(() => resourceRoutes(Fastify(), resource, parts(query, { title: filters.like(sysContent.title), tilte: filters.like(sysContent.title) }))).toThrow(/`where` entry tilte names no query field/);
  });

  it('accepts a field another part reads when it says so, and paging fields in the query model', () => {
    const query = z.object({ title: z.string().optional(), mine: z.boolean().optional(), page: z.number().optional() });
    expect(() => resourceRoutes(Fastify(), resource, parts(query, { title: filters.like(sysContent.title) }, { mine: 'read by scope' }))).not.toThrow();
  });
});

describe('resourceRoutes registers only the parts it is given', () => {
  const rows: ResourceRows<z.ZodRawShape> = { table: sysContent, id: sysContent.id, row: contentRowSchema, query: z.object({}), where: {}, sortable: {}, defaultSort: [asc(sysContent.id)] };
  const routesOf = async (parts: Parameters<typeof resourceRoutes>[2]) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const urls: string[] = [];
    app.addHook('onRoute', (r) => void urls.push(`${[r.method].flat().join(',')} ${r.url}`));
    resourceRoutes(app, testResource('/test/parts', []), parts);
    await app.ready();
    return urls.sort();
  };

  it('a read-only resource gets list, read and export, and no write', async () => {
    expect(await routesOf({ rows, list: true, read: true, export: true })).toEqual(['GET /test/parts/info/:id', 'HEAD /test/parts/info/:id', 'POST /test/parts/export', 'POST /test/parts/list']);
  });

  it('writes come with their parts: an update takes the create body\'s fields, or needs its own', async () => {
    const create = { body: z.object({ title: z.string() }) };
    expect(await routesOf({ rows, create, update: true, remove: true })).toEqual(['POST /test/parts/delete', 'POST /test/parts/save', 'POST /test/parts/update']);
    await expect(routesOf({ rows, update: true })).rejects.toThrow(/update needs its body or fields/);
    await expect(routesOf({ rows, create: { ...create, prepare: (b) => b, write: async () => ({}) } })).rejects.toThrow(/either prepare .* or write/);
  });

  it('refuses sortable names that differ from the registry record\'s', async () => {
    await expect(routesOf({ rows: { ...rows, sortable: { title: sysContent.title } }, list: true })).rejects.toThrow(/sortable columns title differ from the registry's/);
  });
});
