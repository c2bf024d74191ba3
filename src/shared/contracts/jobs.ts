import { z } from 'zod';
import { intField } from './work-fields';
import { optionalFilter, rangeOrder } from './query-filters';
import { idSchema, instantSchema, optionalString, refIdSchema, requiredString } from './common';

/** job_schedule.status: 0 running, 1 paused. */
export const JOB_STATUS = { running: 0, paused: 1 } as const;

/**
 * A scheduled job: a handler from the server's typed registry (never free-text code), its
 * parameters (checked against that handler's schema) and a cron expression (5 or 6 fields).
 */
export const jobSchema = z.strictObject({
  name: requiredString(64),
  handler: requiredString(64),
  params: z.record(z.string(), z.unknown()).default({}),
  cron: requiredString(64),
  status: z.union([z.literal(0), z.literal(1)], { message: 'v.invalid' }).default(0),
  remark: optionalString(500),
});
export type JobInput = z.input<typeof jobSchema>;

export const jobQuerySchema = z.object({
  name: z.string().max(64).optional(),
  handler: z.string().max(64).optional(),
  status: optionalFilter(intField(0, 1)),
});

/** POST /job/schedule/run. */
export const jobRunSchema = z.strictObject({ id: idSchema() });

export const jobLogQuerySchema = z.object({
  jobId: optionalFilter(refIdSchema()),
  handler: z.string().max(64).optional(),
  success: optionalFilter(z.boolean()),
  from: optionalFilter(instantSchema()),
  to: optionalFilter(instantSchema()),
}).superRefine(rangeOrder('from', 'to'));

export interface Job {
  id: number;
  name: string;
  handler: string;
  params: Record<string, unknown>;
  cron: string;
  status: number;
  remark: string;
  createdAt: string;
}

/** GET /job/schedule/handlers: what the registry offers, with the JSON schema of its parameters. */
export interface JobHandlerInfo {
  name: string;
  description: string;
  paramsSchema: unknown;
}

export interface JobRunResult {
  success: boolean;
  error: string;
  durationMs: number;
  result?: unknown;
}

export interface JobLogEntry {
  id: number;
  jobId: number;
  handler: string;
  params: unknown;
  success: boolean;
  error: string;
  durationMs: number;
  at: string;
}
