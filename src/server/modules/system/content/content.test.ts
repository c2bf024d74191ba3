import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { newToken } from '../../../lib/password';
import { sysSession } from '../../../db/schema';
import { itChecksAccess } from '@tests/helpers/guard-cases';

const HOUR = 3600_000;

describe('sys/content', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  itChecksAccess(() => t, [
    { method: 'POST', url: '/api/sys/content/list', perm: 'sys-content#list', body: { page: 1, limit: 10 } },
    { method: 'POST', url: '/api/sys/content/save', perm: 'sys-content#save', body: { title: 'Hello' } },
    { method: 'GET', url: '/api/sys/content/info/999999', perm: 'sys-content#info', okStatus: 404 },
    { method: 'POST', url: '/api/sys/content/update', perm: 'sys-content#update', body: { id: 999999, title: 'x' }, okStatus: 404 },
    { method: 'POST', url: '/api/sys/content/delete', perm: 'sys-content#delete', body: [999999] },
    { method: 'POST', url: '/api/sys/content/export', perm: 'sys-content#export', body: { columns: [{ prop: 'title', label: 'Title' }], format: 'csv' } },
  ]);

  it('current shows published notices whose window includes now, to users and wall displays', async () => {
    const now = Date.now();
    const save = async (body: Record<string, unknown>) => (await t.call('POST', '/api/sys/content/save', { token: admin, body })).body.data.id as number;
    const open = await save({ title: 'Open', published: true });
    await save({ title: 'Draft', published: false });
    const inWindow = await save({ title: 'In window', published: true, fromAt: new Date(now - HOUR).toISOString(), toAt: new Date(now + HOUR).toISOString() });
    await save({ title: 'Future', published: true, fromAt: new Date(now + HOUR).toISOString() });
    await save({ title: 'Past', published: true, toAt: new Date(now - HOUR).toISOString() });

    // A cleared query form sends '' for every field: no filter, not a 400.
    const blank = await t.call('POST', '/api/sys/content/list', { token: admin, body: { title: '', type: '', published: '', page: 1, limit: 10 } });
    const unfiltered = await t.call('POST', '/api/sys/content/list', { token: admin, body: { page: 1, limit: 10 } });
    expect(blank.status).toBe(200);
    expect(blank.body.data.total).toBe(unfiltered.body.data.total);
    expect((await t.call('GET', '/api/sys/content/current')).status).toBe(401);
    const nobody = await t.userWith([]);
    const res = await t.call('GET', '/api/sys/content/current', { token: nobody.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: number }) => c.id).sort()).toEqual([open, inWindow].sort());

    const { token, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'display', label: 'Lobby wall' });
    const wall = await t.call('GET', '/api/sys/content/current', { token });
    expect(wall.body.data).toHaveLength(2);

    await t.call('POST', '/api/sys/content/update', { token: admin, body: { id: open, published: false } });
    expect((await t.call('GET', '/api/sys/content/current', { token })).body.data.map((c: { title: string }) => c.title)).toEqual(['In window']);
  });

  it('refuses a window that ends before it starts, also through a partial update, and bad fields', async () => {
    const bad = await t.call('POST', '/api/sys/content/save', { token: admin, body: { title: 'x', fromAt: '2026-05-02T00:00:00Z', toAt: '2026-05-01T00:00:00Z' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ toAt: 'The end date cannot be before the start date' });
    const ok = await t.call('POST', '/api/sys/content/save', { token: admin, body: { title: 'x', fromAt: '2026-05-02T00:00:00Z' } });
    const partial = await t.call('POST', '/api/sys/content/update', { token: admin, body: { id: ok.body.data.id, toAt: '2026-05-01T00:00:00Z' } });
    expect(partial.status).toBe(400);
    const fields = await t.call('POST', '/api/sys/content/save', { token: admin, lang: 'zh-CN', body: { title: '', type: 'spam', fromAt: 'soon' } });
    expect(fields.status).toBe(400);
    expect(fields.body.data.fields).toMatchObject({ title: '必填项', type: '格式错误', fromAt: '格式错误' });
  });
});
