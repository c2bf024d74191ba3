import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { sysLog, sysLoginLog } from '../../../db/schema';
import { itChecksAccess } from '@tests/helpers/guard-cases';
import { LOG_PURGE_MIN_DAYS } from '@shared/constants';
import { until } from '@tests/helpers/until';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe('sys/log and sys/history-user', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    await t.database.db.insert(sysLog).values([
      { username: 'alice', module: 'ball/fallorder', action: 'save', at: ago(1), params: { body: { name: 'Pump' } } },
      { username: 'alice', module: 'sys/user', action: 'update', at: ago(10) },
      { username: 'bob', module: 'ball/fallorder', action: 'delete', at: ago(40), success: false, statusCode: 409 },
    ]);
    await t.database.db.insert(sysLoginLog).values([
      { username: 'alice', ip: '10.0.0.1', userAgent: 'Firefox', success: true, message: 'success', at: ago(2) },
      { username: 'mallory', ip: '10.0.0.9', userAgent: 'curl', success: false, message: 'Password incorrect', at: ago(50) },
    ]);
  });
  afterAll(() => t.close());

  itChecksAccess(() => t, [
    { method: 'POST', url: '/api/sys/log/list', perm: 'sys-log#list', body: { page: 1, limit: 10 } },
    { method: 'GET', url: '/api/sys/log/info/1', perm: 'sys-log#info' },
    { method: 'POST', url: '/api/sys/log/export', perm: 'sys-log#export', body: { columns: [{ prop: 'username', label: 'User' }], format: 'csv' } },
    { method: 'POST', url: '/api/sys/log/purge', perm: 'sys-log#delete', body: { beforeDays: 3650 } },
    { method: 'POST', url: '/api/sys/history-user/list', perm: 'sys-history-user#list', body: { page: 1, limit: 10 } },
    { method: 'GET', url: '/api/sys/history-user/info/1', perm: 'sys-history-user#info' },
    { method: 'POST', url: '/api/sys/history-user/export', perm: 'sys-history-user#export', body: { columns: [{ prop: 'ip', label: 'IP' }], format: 'xlsx' } },
    { method: 'POST', url: '/api/sys/history-user/purge', perm: 'sys-history-user#delete', body: { beforeDays: 3650 } },
  ]);

  it('filters the operation log by user, module and time', async () => {
    const list = (body: Record<string, unknown>) => t.call('POST', '/api/sys/log/list', { token: admin, body: { page: 1, limit: 50, ...body } });
    const mine = (r: { body: { data: { list: { username: string }[] } } }) => r.body.data.list.filter((e) => ['alice', 'bob'].includes(e.username));
    expect(mine(await list({ username: 'ali' }))).toHaveLength(2);
    expect(mine(await list({ module: 'fallorder' }))).toHaveLength(2);
    expect(mine(await list({ module: 'fallorder', from: ago(5).toISOString() }))).toHaveLength(1);
    expect(mine(await list({ to: ago(20).toISOString() }))).toEqual([expect.objectContaining({ username: 'bob', success: false })]);
    expect((await list({ from: 'yesterday' })).status).toBe(400);
  });

  it('records changes made through the API (secrets redacted) and lists them', async () => {
    await t.call('POST', '/api/sys/content/save', { token: admin, body: { title: 'Logged' } });
    // The log is written once the answer has gone (the onResponse hook): the list waits for its row.
    const res = await until(async () => {
      const answer = await t.call('POST', '/api/sys/log/list', { token: admin, body: { module: 'sys/content', page: 1, limit: 10 } });
      return answer.body.data.list.length > 0 && answer;
    }, undefined, 'the save in the operation log');
    expect(res.body.data.list[0]).toMatchObject({ username: 'admin', module: 'sys/content', action: 'save', success: true });
    // The module a reader sees is the menu of the route's permission, in both languages (0019).
    expect(res.body.data.list[0]).toMatchObject({ moduleName: '通知公告', moduleNameEn: 'Notices' });
    // Rows from before 0019 carry no menu and show their path.
    const old = await t.call('POST', '/api/sys/log/list', { token: admin, body: { module: 'sys/user', page: 1, limit: 10 } });
    expect(old.body.data.list[0]).toMatchObject({ module: 'sys/user', moduleName: null, moduleNameEn: null });
  });

  it('keeps the dates of a request body as ISO text, not the empty object a parsed date copies to', async () => {
    const fromAt = '2026-03-01T08:30:00.000Z';
    expect((await t.call('POST', '/api/sys/content/save', { token: admin, body: { title: 'Dated', fromAt, toAt: Date.parse('2026-04-01T00:00:00Z') } })).status).toBe(200);
    // The log row is written after the answer: wait for it (PostgreSQL's pool may answer before it lands).
    let row: { params: { body: Record<string, unknown> } } | undefined;
    for (let i = 0; i < 50 && !row; i++) {
      [row] = await t.database.query<{ params: { body: Record<string, unknown> } }>(`SELECT params FROM sys_log WHERE module = 'sys/content' AND params->'body'->>'title' = 'Dated'`);
      if (!row) await new Promise((r) => setTimeout(r, 100));
    }
    if (!row) throw new Error('no log row for the dated save');
    expect(row.params.body).toMatchObject({ title: 'Dated', fromAt, toAt: '2026-04-01T00:00:00.000Z' });
  });

  it('filters and exports the login history', async () => {
    const res = await t.call('POST', '/api/sys/history-user/list', { token: admin, body: { success: false, page: 1, limit: 10 } });
    expect(res.body.data.list).toEqual([expect.objectContaining({ username: 'mallory', ip: '10.0.0.9', userAgent: 'curl', message: 'Password incorrect' })]);
    const csv = await t.call('POST', '/api/sys/history-user/export', {
      token: admin,
      body: { ip: '10.0.0.1', columns: [{ prop: 'username', label: 'User' }, { prop: 'userAgent', label: 'Agent' }], format: 'csv' },
    });
    expect(String(csv.body).replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual(['User,Agent', 'alice,Firefox']);
  });

  it('purges entries older than the given days, and refuses a bad body', async () => {
    const purge = await t.call('POST', '/api/sys/log/purge', { token: admin, body: { beforeDays: 30 } });
    expect(purge.body.data).toEqual({ deleted: 1 });
    const logins = await t.call('POST', '/api/sys/history-user/purge', { token: admin, body: { beforeDays: 30 } });
    expect(logins.body.data).toEqual({ deleted: 1 });
    const bad = await t.call('POST', '/api/sys/log/purge', { token: admin, body: { beforeDays: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ beforeDays: `Give the number of days to keep (at least ${LOG_PURGE_MIN_DAYS})` });
  });

  it('never purges everything: {}, null, 0, below the floor or text days are a 400 naming the field, and nothing goes', async () => {
    // The rows there before: the refusals below write log lines of their own, which are not counted.
    const [{ log, login }] = await t.database.query<{ log: number; login: number }>(
      'SELECT coalesce(max(id), 0)::int AS log, (SELECT coalesce(max(id), 0)::int FROM sys_login_log) AS login FROM sys_log',
    );
    const count = async () =>
      Number((await t.database.query<{ n: number }>(`SELECT (SELECT count(*) FROM sys_log WHERE id <= ${log}) + (SELECT count(*) FROM sys_login_log WHERE id <= ${login}) AS n`))[0].n);
    const rows = await count();
    expect(rows).toBeGreaterThan(0);
    for (const url of ['/api/sys/log/purge', '/api/sys/history-user/purge']) {
      for (const body of [{}, { beforeDays: null }, { beforeDays: 0 }, { beforeDays: -5 }, { beforeDays: LOG_PURGE_MIN_DAYS - 1 }, { beforeDays: '30' }, { beforeDays: [[30]] }, { beforeDays: true }]) {
        const res = await t.call('POST', url, { token: admin, body });
        expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(Object.keys(res.body.data.fields)).toEqual(['beforeDays']);
      }
    }
    expect(await count()).toBe(rows);
  });
});
