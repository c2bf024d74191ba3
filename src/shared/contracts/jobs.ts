import { z } from 'zod';
import { intField } from './work-fields';
import { optionalFilter, rangeOrder } from './query-filters';
import { idSchema, instantSchema, optionalString, refIdSchema, requiredString, instantText } from './common';

import { JOB_STATUS } from '../choices';

export { JOB_STATUS };

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

export const jobRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  handler: z.string(),
  params: z.record(z.string(), z.unknown()),
  cron: z.string(),
  status: z.number(),
  remark: z.string(),
  createdAt: instantText(),
});
export type Job = z.output<typeof jobRowSchema>;

/** GET /job/schedule/handlers: what the registry offers, with the JSON schema of its parameters. */
export const jobHandlerInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  paramsSchema: z.unknown(),
});
export type JobHandlerInfo = z.output<typeof jobHandlerInfoSchema>;

export const jobRunResultSchema = z.object({
  success: z.boolean(),
  error: z.string(),
  durationMs: z.number(),
  result: z.unknown().optional(),
});
export type JobRunResult = z.output<typeof jobRunResultSchema>;

export const jobLogEntrySchema = z.object({
  id: z.number(),
  jobId: z.number(),
  handler: z.string(),
  params: z.unknown(),
  success: z.boolean(),
  error: z.string(),
  durationMs: z.number(),
  at: instantText(),
  /** The job's name, joined in the list (null once the job is deleted). */
  jobName: z.string().nullable().optional(),
});
export type JobLogEntry = z.output<typeof jobLogEntrySchema>;
