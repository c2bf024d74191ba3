import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { jobSchedule, jobScheduleLog, sysCaptcha, sysLog, sysSession } from '../../db/schema';
import { registerJobHandler } from '../../jobs/registry';
import { acquireLease, startJobRunner } from '../../jobs/runner';
import { itChecksAccess } from '@tests/helpers/guard-cases';
import { until } from '@tests/helpers/until';

const DAY = 86_400_000;
const ran: string[] = [];
registerJobHandler({
  name: 'test.record',
  description: 'Records which runner ran it',
  params: z.strictObject({ tag: z.string().min(1), fail: z.boolean().default(false) }),
  async run(ctx, params) {
    if (params.fail) throw new Error(`asked to fail (${params.tag})`);
    ran.push(`${params.tag}@${ctx.holder}`);
    return { tag: params.tag };
  },
});

describe('job/schedule and job/schedule-log', () => {
  let t: TestApp;
  let admin: string;
  // A limit for a hang: a fresh database and app took over a minute at load 40 on 2 cores.
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  }, 300_000);
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>) => t.call('POST', '/api/job/schedule/save', { token: admin, body });

  itChecksAccess(() => t, [
    { method: 'POST', url: '/api/job/schedule/list', perm: 'job-schedule#list', body: { page: 1, limit: 10 } },
    { method: 'GET', url: '/api/job/schedule/handlers', perm: 'job-schedule#list' },
    { method: 'GET', url: '/api/job/schedule/info/1', perm: 'job-schedule#info' },
    { method: 'POST', url: '/api/job/schedule/save', perm: 'job-schedule#save', body: { name: 'g', handler: 'captcha.purge', cron: '0 * * * *' } },
    { method: 'POST', url: '/api/job/schedule/update', perm: 'job-schedule#update', body: { id: 2, remark: 'hourly' } },
    { method: 'POST', url: '/api/job/schedule/delete', perm: 'job-schedule#delete', body: [999999] },
    { method: 'POST', url: '/api/job/schedule/pause', perm: 'job-schedule#pause', body: [999999] },
    { method: 'POST', url: '/api/job/schedule/resume', perm: 'job-schedule#resume', body: [999999] },
    { method: 'POST', url: '/api/job/schedule/run', perm: 'job-schedule#run', body: { id: 999999 }, okStatus: 404 },
    { method: 'POST', url: '/api/job/schedule/export', perm: 'job-schedule#export', body: { columns: [{ prop: 'name', label: 'Name' }], format: 'csv' } },
    { method: 'POST', url: '/api/job/schedule-log/list', perm: 'job-schedule-log#list', body: { page: 1, limit: 10 } },
    { method: 'GET', url: '/api/job/schedule-log/info/999999', perm: 'job-schedule-log#info', okStatus: 404 },
    { method: 'POST', url: '/api/job/schedule-log/export', perm: 'job-schedule-log#export', body: { columns: [{ prop: 'handler', label: 'Handler' }], format: 'csv' } },
  ]);

  it('finds a job by the name the screen shows, in either language, not by its stored key', async () => {
    const names = async (name: string, lang = 'en') =>
      ((await t.call('POST', '/api/job/schedule/list', { token: admin, lang, body: { name, page: 1, limit: 10 } })).body.data.list as { handler: string }[]).map((j) => j.handler);
    expect(await names('log retention')).toEqual(['log.purge']);
    expect(await names('日志保留', 'zh-CN')).toEqual(['log.purge']);
    expect(await names('日志保留', 'en')).toEqual(['log.purge']);
    expect(await names('logPurge')).toEqual([]);
  });

  it('seeds the two default jobs and offers the registry with parameter schemas', async () => {
    const list = await t.call('POST', '/api/job/schedule/list', { token: admin, body: { page: 1, limit: 10 } });
    expect(list.body.data.list.map((j: { handler: string }) => j.handler)).toEqual(expect.arrayContaining(['log.purge', 'captcha.purge']));
    const handlers = await t.call('GET', '/api/job/schedule/handlers', { token: admin });
    const purge = handlers.body.data.find((h: { name: string }) => h.name === 'log.purge');
    expect(purge.paramsSchema).toMatchObject({ type: 'object', properties: { days: { type: 'integer' } } });
  });

  it('validates the handler name, its params and the cron expression', async () => {
    const unknown = await save({ name: 'x', handler: 'rm -rf /', cron: '* * * * *' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields).toEqual({ handler: 'No such job handler' });
    const cron = await save({ name: 'x', handler: 'log.purge', cron: '61 * * * *' });
    expect(cron.body.data.fields).toEqual({ cron: 'Invalid cron expression' });
    const params = await save({ name: 'x', handler: 'log.purge', cron: '0 3 * * *', params: { days: 'ten', extra: 1 } });
    expect(params.status).toBe(400);
    expect(params.body.data.fields).toEqual({ 'params.days': 'Invalid value', 'params.extra': 'Unknown field' });
    const missing = await save({ name: '', handler: '', cron: '' });
    expect(missing.body.data.fields).toEqual({ name: 'This field is required', handler: 'This field is required', cron: 'This field is required' });
    // A partial update is checked against the job it leaves behind.
    const made = await save({ name: 'Tagged', handler: 'test.record', cron: '0 0 1 1 *', params: { tag: 'a' } });
    expect(made.body.code).toBe(0);
    const badUpdate = await t.call('POST', '/api/job/schedule/update', { token: admin, body: { id: made.body.data.id, handler: 'log.purge' } });
    expect(badUpdate.body.data.fields).toEqual({ 'params.tag': 'Unknown field' });
  });

  it('run-now runs the handler, logs success and failure with duration, and pause/resume set the status', async () => {
    const ok = (await save({ name: 'Works', handler: 'test.record', cron: '0 0 1 1 *', params: { tag: 'now' } })).body.data.id;
    const bad = (await save({ name: 'Fails', handler: 'test.record', cron: '0 0 1 1 *', params: { tag: 'x', fail: true } })).body.data.id;
    const good = await t.call('POST', '/api/job/schedule/run', { token: admin, body: { id: ok } });
    expect(good.body.data).toMatchObject({ success: true, error: '', result: { tag: 'now' } });
    expect(ran).toContain('now@manual:admin');
    const failed = await t.call('POST', '/api/job/schedule/run', { token: admin, body: { id: bad } });
    expect(failed.body.data).toMatchObject({ success: false, error: 'asked to fail (x)' });
    const log = await t.call('POST', '/api/job/schedule-log/list', { token: admin, body: { success: false, page: 1, limit: 10 } });
    expect(log.body.data.list[0]).toMatchObject({ jobId: bad, jobName: 'Fails', handler: 'test.record', success: false, error: 'asked to fail (x)' });
    expect(log.body.data.list[0].durationMs).toBeGreaterThanOrEqual(0);

    expect((await t.call('POST', '/api/job/schedule/pause', { token: admin, body: [ok, bad] })).body.data).toEqual({ updated: 2 });
    const [paused] = await t.database.db.select({ status: jobSchedule.status }).from(jobSchedule).where(eq(jobSchedule.id, ok));
    expect(paused.status).toBe(1);
    await t.call('POST', '/api/job/schedule/resume', { token: admin, body: [ok] });
    const [resumed] = await t.database.db.select({ status: jobSchedule.status }).from(jobSchedule).where(eq(jobSchedule.id, ok));
    expect(resumed.status).toBe(0);
  });

  it('log.purge deletes logs older than the retention setting; captcha.purge expired captchas and sessions', async () => {
    await t.call('POST', '/api/sys/config/update', { token: admin, body: { key: 'log.retentionDays', value: 30 } });
    await t.database.db.insert(sysLog).values([{ username: 'old', at: new Date(Date.now() - 40 * DAY) }, { username: 'new', at: new Date() }]);
    await t.database.db.insert(sysCaptcha).values([
      { uuid: 'gone', code: '1234', expiresAt: new Date(Date.now() - 1000) },
      { uuid: 'live', code: '1234', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await t.database.db.insert(sysSession).values({ tokenHash: 'e'.repeat(64), userId: 1, expiresAt: new Date(Date.now() - 1000) });
    const jobs = await t.database.db.select({ id: jobSchedule.id, handler: jobSchedule.handler }).from(jobSchedule);
    const idOf = (h: string) => jobs.find((j) => j.handler === h)!.id;
    const purge = await t.call('POST', '/api/job/schedule/run', { token: admin, body: { id: idOf('log.purge') } });
    expect(purge.body.data).toMatchObject({ success: true, result: { days: 30, operations: 1 } });
    const names = (await t.database.db.select({ u: sysLog.username }).from(sysLog)).map((r) => r.u);
    expect(names).toContain('new');
    expect(names).not.toContain('old');
    const captcha = await t.call('POST', '/api/job/schedule/run', { token: admin, body: { id: idOf('captcha.purge') } });
    expect(captcha.body.data).toMatchObject({ success: true, result: { captchas: 1, sessions: 1 } });
    expect((await t.database.db.select().from(sysCaptcha)).map((c) => c.uuid)).toEqual(['live']);
  });

  it('the runner runs due jobs on one instance only: the lease holder', async () => {
    await t.database.db.update(jobSchedule).set({ status: 1 });
    const [job] = await t.database.db
      .insert(jobSchedule)
      .values({ name: 'Every second', handler: 'test.record', params: { tag: 'tick' }, cron: '* * * * * *' })
      .returning({ id: jobSchedule.id });
    ran.length = 0;
    const stopA = startJobRunner(t.app, { holder: 'A', tickMs: 300, leaseMs: 5000 });
    const stopB = startJobRunner(t.app, { holder: 'B', tickMs: 300, leaseMs: 5000 });
    // A few seconds' runs, however long a busy machine takes to give them: both runners tick
    // against each other meanwhile (every 300 ms), the job due each second.
    await until(() => ran.length >= 3, 60_000, 'the job to run three times');
    await Promise.all([stopA(), stopB()]);
    const holders = new Set(ran.map((r) => r.split('@')[1]));
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(holders.size).toBe(1);
    const logs = await t.database.db.select().from(jobScheduleLog).where(eq(jobScheduleLog.jobId, job.id));
    expect(logs.length).toBe(ran.length);
    // A stopped runner releases the lease at once; a live one keeps it from others.
    expect(await acquireLease(t.app, 'C', 5000)).toBe(true);
    expect(await acquireLease(t.app, 'D', 5000)).toBe(false);
    expect(await acquireLease(t.app, 'C', 5000)).toBe(true);
  }, 120_000);
});
