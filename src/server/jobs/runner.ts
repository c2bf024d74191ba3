import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import type { JobRunResult } from '@shared/contracts/jobs';
import { JOB_STATUS } from '@shared/contracts/jobs';
import { jobSchedule, jobScheduleLog } from '../db/schema';
import { getJobHandler } from './registry';
import './builtin';
import { observe } from '../lib/observe';

/** The lease row that makes one instance of a cluster the runner. */
export const RUNNER_LEASE = 'job-runner';
const TICK_MS = 5_000;
const LEASE_MS = 30_000;
const ERROR_MAX = 2000;

export interface ScheduledJob {
  id: number;
  handler: string;
  params: unknown;
}

/** Whether a cron expression is valid (5 fields, or 6 with seconds). */
export function isValidCron(expr: string): boolean {
  try {
    new Cron(expr, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

/** Runs one job now and writes its job_schedule_log entry (success, error, duration). */
export async function runJob(app: FastifyInstance, job: ScheduledJob, holder = 'manual'): Promise<JobRunResult> {
  const started = performance.now();
  let result: JobRunResult;
  try {
    const handler = getJobHandler(job.handler);
    if (!handler) throw new Error(`No job handler "${job.handler}"`);
    const params = handler.params.parse(job.params ?? {});
    const value = await handler.run({ app, log: app.log, holder }, params);
    result = { success: true, error: '', durationMs: Math.round(performance.now() - started), result: value };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    result = { success: false, error: message.slice(0, ERROR_MAX), durationMs: Math.round(performance.now() - started) };
    app.log.warn({ jobId: job.id, handler: job.handler, err }, 'job failed');
  }
  observe.job?.(job.handler, result.success, result.durationMs / 1000);
  await app.database.db
    .insert(jobScheduleLog)
    .values({ jobId: job.id, handler: job.handler, params: (job.params ?? {}) as object, success: result.success, error: result.error, durationMs: result.durationMs })
    .catch((err) => app.log.warn({ err }, 'job log write failed'));
  return result;
}

export interface RunnerOptions {
  /** Names this instance in the lease; defaults to host, pid and a random suffix. */
  holder?: string;
  tickMs?: number;
  leaseMs?: number;
}

/** Takes or renews the lease: true when this instance holds it now. */
export async function acquireLease(app: FastifyInstance, holder: string, leaseMs: number, name = RUNNER_LEASE): Promise<boolean> {
  const rows = await app.database.query<{ holder: string }>(
    `INSERT INTO job_lease (name, holder, until) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
       WHERE job_lease.until < now() OR job_lease.holder = EXCLUDED.holder
     RETURNING holder`,
    [name, holder, leaseMs / 1000],
  );
  return rows.length === 1 && rows[0].holder === holder;
}

/**
 * Runs due jobs on this instance while it holds the cluster's lease (job_lease); another instance
 * takes over within the lease time when this one stops or dies. Cron slots are computed with
 * croner from the previous tick, so a slot is run once and missed slots are not caught up.
 * Returns the stop function (releases the lease, waits for running jobs).
 */
export function startJobRunner(app: FastifyInstance, opts: RunnerOptions = {}): () => Promise<void> {
  const holder = opts.holder ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const tickMs = opts.tickMs ?? TICK_MS;
  const leaseMs = Math.max(opts.leaseMs ?? LEASE_MS, tickMs * 3);
  const running = new Map<number, Promise<unknown>>();
  let lastCheck: Date | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let ticking: Promise<void> = Promise.resolve();

  async function tick() {
    if (!(await acquireLease(app, holder, leaseMs))) {
      lastCheck = null;
      return;
    }
    const now = new Date();
    const from = lastCheck ?? now;
    lastCheck = now;
    const jobs = await app.database.db
      .select({ id: jobSchedule.id, handler: jobSchedule.handler, params: jobSchedule.params, cron: jobSchedule.cron })
      .from(jobSchedule)
      .where(eq(jobSchedule.status, JOB_STATUS.running));
    for (const job of jobs) {
      if (running.has(job.id)) continue;
      let next: Date | null;
      try {
        next = new Cron(job.cron, { paused: true }).nextRun(from);
      } catch {
        continue;
      }
      if (!next || next.getTime() > now.getTime()) continue;
      observe.jobLag?.(job.handler, (Date.now() - next.getTime()) / 1000);
      const run = runJob(app, job, holder).finally(() => running.delete(job.id));
      running.set(job.id, run);
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick()
        .catch((err) => app.log.warn({ err }, 'job runner tick failed'))
        .finally(schedule);
    }, tickMs);
  }
  schedule();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await ticking;
    await Promise.allSettled(running.values());
    await app.database
      .query(`UPDATE job_lease SET until = now() - interval '1 second' WHERE name = $1 AND holder = $2`, [RUNNER_LEASE, holder])
      .catch(() => undefined);
  };
}
