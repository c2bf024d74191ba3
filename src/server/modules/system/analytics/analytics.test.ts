import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { itChecksAccess } from '@tests/helpers/guard-cases';
import { sysAnalyticsEvent, sysSession } from '../../../db/schema';
import { newToken } from '../../../lib/password';
import { getJobHandler } from '../../../jobs/registry';
import type { Usage } from '@shared/contracts/analytics';

describe('usage analytics', () => {
  let t: TestApp;
  let admin: string;
  const setEnabled = async (on: boolean) => {
    const res = await t.call('POST', '/api/sys/config/update', { token: admin, body: { key: 'analytics.enabled', value: on } });
    expect(res.body.code).toBe(0);
  };
  const send = (token: string | undefined, events: unknown, lang = 'en') => t.call('POST', '/api/analytics/events', { token, body: { events }, lang });
  const stored = () => t.database.db.select().from(sysAnalyticsEvent).orderBy(sysAnalyticsEvent.id);
  const usage = async (days: number): Promise<Usage> => {
    const res = await t.call('POST', '/api/sys/analytics/list', { token: admin, body: { days } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(sysAnalyticsEvent);
    await setEnabled(true);
  });

  itChecksAccess(() => t, [{ method: 'POST', url: '/api/sys/analytics/list', perm: 'sys-analytics#list', body: { days: 7 } }]);

  it('is off on a database without demo data (the migration default)', async () => {
    const fresh = await createTestApp();
    try {
      expect((await fresh.database.query<{ value: string }>(`SELECT value FROM sys_config WHERE key = 'analytics.enabled'`))[0]?.value).toBe('false');
      const op = await fresh.tokenFor('operator');
      const res = await fresh.call('POST', '/api/analytics/events', { token: op, body: { events: [{ kind: 'view', screen: '/main' }] } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ stored: 0, enabled: false });
      expect(await fresh.database.db.select().from(sysAnalyticsEvent)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('stores views and actions with the user of the session, whatever the body says', async () => {
    const op = await t.userWith(['fall-order#save'], 'analytics_op');
    const res = await send(op.token, [
      { kind: 'view', screen: '/main/fall/order' },
      { kind: 'action', screen: '/main/fall/order', action: 'fall-order#save' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ stored: 2, enabled: true });
    const rows = await stored();
    expect(rows.map((r) => [r.sessionKind, r.userId, r.kind, r.screen, r.action])).toEqual([
      ['user', op.userId, 'view', '/main/fall/order', ''],
      ['user', op.userId, 'action', '/main/fall/order', 'fall-order#save'],
    ]);
    // A user id in the body is not a field of an event: refused, nothing stored.
    const forged = await send(op.token, [{ kind: 'view', screen: '/main', userId: 1 }]);
    expect(forged.status).toBe(400);
    expect(await stored()).toHaveLength(2);
  });

  it('keeps only the actions the session holds', async () => {
    const viewer = await t.userWith(['fall-order#list'], 'analytics_held');
    const before = (await stored()).length;
    const res = await send(viewer.token, [
      { kind: 'action', screen: '/main/fall/order', action: 'fall-order#list' },
      { kind: 'action', screen: '/main/fall/order', action: 'fall-order#delete' },
      { kind: 'action', screen: '/main/sys/user', action: 'sys-user#save' },
    ]);
    expect(res.body.data).toEqual({ stored: 1, enabled: true });
    expect((await stored()).slice(before).map((r) => r.action)).toEqual(['fall-order#list']);
  });

  it('limits batches per session, not per address: one session looping does not stop the others behind its address', async () => {
    const loud = await t.userWith([], 'analytics_loud');
    const quiet = await t.userWith([], 'analytics_quiet');
    const batch = [{ kind: 'view', screen: '/main' }];
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await send(loud.token, batch)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await send(quiet.token, batch)).status).toBe(200);
  });

  it('keeps only page views from a wall display', async () => {
    const { token, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'display', label: 'Lobby wall' });
    const res = await send(token, [
      { kind: 'view', screen: '/page' },
      { kind: 'action', screen: '/page', action: 'fall-order#save' },
    ]);
    expect(res.body.data).toEqual({ stored: 1, enabled: true });
    expect((await stored()).map((r) => [r.sessionKind, r.userId, r.kind])).toEqual([['display', null, 'view']]);
  });

  it('refuses bad batches with a 400 in the caller\'s language and stores nothing', async () => {
    const op = await t.tokenFor('operator');
    const view = { kind: 'view', screen: '/main' };
    const bad: unknown[] = [
      [],
      Array.from({ length: 101 }, () => view),
      [{ kind: 'click', screen: '/main' }],
      [{ kind: 'view', screen: 'main' }],
      [{ kind: 'view', screen: `/${'a'.repeat(128)}` }],
      [{ kind: 'view', screen: '/main?name=Alice' }],
      [{ kind: 'action', screen: '/main' }],
      [{ kind: 'action', screen: '/main', action: 'not a code' }],
      [{ kind: 'view', screen: 42 }],
      'views',
    ];
    for (const events of bad) {
      const res = await send(op, events);
      expect(res.status, JSON.stringify(events).slice(0, 80)).toBe(400);
      expect(res.body.msg).toBeTruthy();
    }
    const zh = await send(op, Array.from({ length: 101 }, () => view), 'zh-CN');
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body)).toContain('每批 1 到 100 条使用分析事件');
    expect((await send(op, Array.from({ length: 100 }, () => view))).body.data.stored).toBe(100);
    expect(await stored()).toHaveLength(100);
  });

  it('needs a session, and stores nothing while analysis is off but answers ok', async () => {
    expect((await send(undefined, [{ kind: 'view', screen: '/main' }])).status).toBe(401);
    await setEnabled(false);
    const op = await t.tokenFor('operator');
    const res = await send(op, [{ kind: 'view', screen: '/main' }]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ stored: 0, enabled: false });
    expect(await stored()).toEqual([]);
    expect((await usage(7)).enabled).toBe(false);
  });

  it('does not write the operation log for a batch', async () => {
    const op = await t.tokenFor('operator');
    const before = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_log WHERE path LIKE '%/analytics/events'`);
    await send(op, [{ kind: 'view', screen: '/main' }]);
    const after = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_log WHERE path LIKE '%/analytics/events'`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('sums per screen, per user and per action, and the totals equal the stored events of the period', async () => {
    const a = await t.userWith(['fall-order#save', 'fall-order#export'], 'analytics_a');
    const b = await t.userWith(['fall-order#save'], 'analytics_b');
    await send(a.token, [
      { kind: 'view', screen: '/main/fall/order' },
      { kind: 'view', screen: '/main/fall/order' },
      { kind: 'view', screen: '/main/sys/user' },
      { kind: 'action', screen: '/main/fall/order', action: 'fall-order#save' },
      { kind: 'action', screen: '/main/fall/order', action: 'fall-order#export' },
    ]);
    await send(b.token, [
      { kind: 'view', screen: '/main/fall/order' },
      { kind: 'action', screen: '/main/fall/order', action: 'fall-order#save' },
    ]);
    const { token: wall, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'display', label: 'Lobby wall' });
    await send(wall, [{ kind: 'view', screen: '/page' }]);
    // Events older than the period count in a longer one only.
    await t.database.db.insert(sysAnalyticsEvent).values({ sessionKind: 'user', userId: a.userId, kind: 'view', screen: '/main/sys/user', at: new Date(Date.now() - 10 * 86_400_000) });

    const week = await usage(7);
    expect(week.totals).toEqual({ views: 5, actions: 3 });
    expect(week.screens).toEqual([
      { screen: '/main/fall/order', views: 3, actions: 3, users: 2 },
      { screen: '/main/sys/user', views: 1, actions: 0, users: 1 },
      { screen: '/page', views: 1, actions: 0, users: 0 },
    ]);
    expect(week.users.map((u) => [u.username, u.sessionKind, u.views, u.actions])).toEqual([
      ['analytics_a', 'user', 3, 2],
      ['analytics_b', 'user', 1, 1],
      ['', 'display', 1, 0],
    ]);
    expect(week.actions).toEqual([{ action: 'fall-order#save', count: 2 }, { action: 'fall-order#export', count: 1 }]);

    // Recomputable: each table adds up to the totals, which equal the stored rows of the period.
    for (const u of [week, await usage(30)]) {
      const sum = (rows: { views: number; actions: number }[]) => rows.reduce((s, r) => ({ views: s.views + r.views, actions: s.actions + r.actions }), { views: 0, actions: 0 });
      expect(sum(u.screens)).toEqual(u.totals);
      expect(sum(u.users)).toEqual(u.totals);
      expect(u.actions.reduce((s, r) => s + r.count, 0)).toBe(u.totals.actions);
      const [db] = await t.database.db
        .select({ views: sql<number>`count(*) FILTER (WHERE kind = 'view')::int`, actions: sql<number>`count(*) FILTER (WHERE kind = 'action')::int` })
        .from(sysAnalyticsEvent)
        .where(sql`at >= ${u.from}::timestamptz AND at <= ${u.to}::timestamptz`);
      expect(u.totals).toEqual({ views: Number(db.views), actions: Number(db.actions) });
    }
    expect((await usage(30)).totals).toEqual({ views: 6, actions: 3 });

    const badDays = await t.call('POST', '/api/sys/analytics/list', { token: admin, body: { days: 8 } });
    expect(badDays.status).toBe(400);
  });

  it('purges events older than analytics.retentionDays', async () => {
    await t.database.db.insert(sysAnalyticsEvent).values([
      { sessionKind: 'user', userId: 1, kind: 'view', screen: '/main', at: new Date(Date.now() - 100 * 86_400_000) },
      { sessionKind: 'user', userId: 1, kind: 'view', screen: '/main', at: new Date(Date.now() - 10 * 86_400_000) },
    ]);
    const handler = getJobHandler('analytics.purge')!;
    expect(await handler.run({ app: t.app, log: t.app.log, holder: 'test' }, {})).toEqual({ days: 90, events: 1 });
    expect(await handler.run({ app: t.app, log: t.app.log, holder: 'test' }, { days: 7 })).toEqual({ days: 7, events: 1 });
    expect(await stored()).toEqual([]);
    const [job] = await t.database.query<{ cron: string }>(`SELECT cron FROM job_schedule WHERE handler = 'analytics.purge'`);
    expect(job?.cron).toBe('40 3 * * *');
  });
});
