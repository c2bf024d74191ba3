import type { AppInstance } from '../../app-instance';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf, idListSchema, updatedAnswer } from '@shared/contracts/common';
import { isMessageKey, translate } from '@shared/messages';
import { JOB_STATUS, jobLogQuerySchema, jobQuerySchema, jobRunSchema, jobSchema, jobRowSchema, jobLogEntrySchema, jobHandlerInfoSchema, jobRunResultSchema } from '@shared/contracts/jobs';
import { jobSchedule, jobScheduleLog } from '../../db/schema';
import { filters, ok, resourceRoutes } from '../../lib/crud';
import { badRequest, notFound } from '../../lib/errors';
import { getJobHandler, listJobHandlers, paramsJsonSchema } from '../../jobs/registry';
import { isValidCron, runJob } from '../../jobs/runner';
import { RESOURCES } from '@shared/resources';

type JobFields = { handler: string; params: Record<string, unknown>; cron: string };

/** A job must name a registered handler, carry parameters its schema accepts and a valid cron. */
function checkJob(job: JobFields): void {
  const handler = getJobHandler(job.handler);
  if (!handler) throw badRequest('v.jobHandler', { handler: 'v.jobHandler' });
  if (!isValidCron(job.cron)) throw badRequest('v.cron', { cron: 'v.cron' });
  const parsed = handler.params.safeParse(job.params);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [''];
      for (const key of keys) {
        const path = ['params', ...issue.path.map(String), key].filter(Boolean).join('.');
        fields[path] ??= issue.code === 'unrecognized_keys' ? 'v.unknownField' : isMessageKey(issue.message) ? issue.message : 'v.invalid';
      }
    }
    throw badRequest(Object.values(fields)[0] ?? 'v.invalid', fields);
  }
}

/** job/schedule and job/schedule-log: the jobs, pause / resume / run now, and their run log. */
export async function jobsRoutes(app: AppInstance): Promise<void> {
  resourceRoutes(app, RESOURCES.job, {
    rows: {
      table: jobSchedule,
      row: jobRowSchema,
      id: jobSchedule.id,
      query: jobQuerySchema,
      where: { name: filters.text(jobSchedule.name), handler: filters.eq(jobSchedule.handler), status: filters.eq(jobSchedule.status) },
      sortable: { name: jobSchedule.name, handler: jobSchedule.handler, createdAt: jobSchedule.createdAt },
      defaultSort: [asc(jobSchedule.id)],
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'jobs' },
    create: {
      body: jobSchema,
      prepare: (data: JobFields) => {
        checkJob(data);
        return data;
      },
    },
    update: {
      // A partial update is checked as the job it leaves behind.
      prepare: async (data: Partial<JobFields> & { id: number }) => {
        const [old] = await app.database.db.select().from(jobSchedule).where(eq(jobSchedule.id, data.id));
        if (!old) throw notFound();
        checkJob({
          handler: data.handler ?? old.handler,
          params: data.params ?? (old.params as Record<string, unknown>),
          cron: data.cron ?? old.cron,
        });
        return data;
      },
    },
    remove: true,
  });

  app.get('/job/schedule/handlers', { schema: { response: { 200: envelopeOf(z.array(jobHandlerInfoSchema)) } }, config: { permission: 'job-schedule#list' } }, async (request) =>
    ok(listJobHandlers().map((h) => ({ name: h.name, description: translate(h.description, request.locale), paramsSchema: paramsJsonSchema(h) }))),
  );

  const setStatus = (status: number) => async (request: { body: number[] }) => {
    const ids = request.body;
    const rows = await app.database.db.update(jobSchedule).set({ status }).where(inArray(jobSchedule.id, ids)).returning({ id: jobSchedule.id });
    return ok({ updated: rows.length });
  };
  app.post('/job/schedule/pause', { schema: { body: idListSchema, response: { 200: updatedAnswer } }, config: { permission: 'job-schedule#pause' } }, setStatus(JOB_STATUS.paused));
  app.post('/job/schedule/resume', { schema: { body: idListSchema, response: { 200: updatedAnswer } }, config: { permission: 'job-schedule#resume' } }, setStatus(JOB_STATUS.running));

  // Runs in the request (whatever the lease says): the caller sees the outcome, the log keeps it.
  app.post('/job/schedule/run', { schema: { body: jobRunSchema, response: { 200: envelopeOf(jobRunResultSchema) } }, config: { permission: 'job-schedule#run' } }, async (request) => {
    const { id } = request.body;
    const [job] = await app.database.db
      .select({ id: jobSchedule.id, handler: jobSchedule.handler, params: jobSchedule.params })
      .from(jobSchedule)
      .where(eq(jobSchedule.id, id));
    if (!job) throw notFound();
    return ok(await runJob(app, job, `manual:${request.auth?.username ?? ''}`));
  });

  resourceRoutes(app, RESOURCES.jobLog, {
    rows: {
      table: jobScheduleLog,
      row: jobLogEntrySchema,
      id: jobScheduleLog.id,
      query: jobLogQuerySchema,
      where: {
        jobId: filters.eq(jobScheduleLog.jobId),
        handler: filters.eq(jobScheduleLog.handler),
        success: filters.eq(jobScheduleLog.success),
        from: filters.gte(jobScheduleLog.at),
        to: filters.lte(jobScheduleLog.at),
      },
      extra: { jobName: jobSchedule.name },
      from: (q) => q.leftJoin(jobSchedule, eq(jobSchedule.id, jobScheduleLog.jobId)),
      sortable: { at: jobScheduleLog.at, durationMs: jobScheduleLog.durationMs },
      defaultSort: [desc(jobScheduleLog.at)],
    },
    list: true,
    read: true,
    export: { name: 'job-log' },
  });
}
