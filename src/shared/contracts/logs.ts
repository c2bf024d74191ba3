import { z } from 'zod';
import { LOG_PURGE_MIN_DAYS } from '../constants';
import { idSchema, instantSchema, instantText } from './common';
import { optionalFilter, rangeOrder } from './query-filters';

const time = optionalFilter(instantSchema());

/** Filters of the operation log (sys/log). */
export const opLogQuerySchema = z.object({
  username: z.string().max(64).optional(),
  module: z.string().max(64).optional(),
  success: optionalFilter(z.boolean()),
  from: time,
  to: time,
}).superRefine(rangeOrder('from', 'to'));

/** Filters of the login history (sys/history-user). */
export const loginLogQuerySchema = z.object({
  username: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
  success: optionalFilter(z.boolean()),
  from: time,
  to: time,
}).superRefine(rangeOrder('from', 'to'));

/** POST /sys/log/purge and /sys/history-user/purge: delete entries older than this many days. */
export const purgeSchema = z.strictObject({
  // Required, a whole number and at least the floor: {}, null, 0 or -1 must never mean "delete everything".
  beforeDays: z
    .number({ error: 'v.purgeDays' })
    .int({ message: 'v.purgeDays' })
    .min(LOG_PURGE_MIN_DAYS, { message: 'v.purgeDays' })
    .max(36_500, { message: 'v.invalid' }),
});

export const onlineQuerySchema = z.object({
  username: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
});

/** POST /sys/online-user/kickout. */
export const kickoutSchema = z.strictObject({ sessionId: idSchema() });

export const opLogEntrySchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  username: z.string(),
  module: z.string(),
  /** The menu the change was made on (0019), shown as the module in the reader's language; null before 0019. */
  moduleName: z.string().nullable(),
  moduleNameEn: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  method: z.string(),
  path: z.string(),
  ip: z.string(),
  durationMs: z.number(),
  statusCode: z.number(),
  success: z.boolean(),
  params: z.unknown(),
  at: instantText(),
});
export type OpLogEntry = z.output<typeof opLogEntrySchema>;

export const loginLogEntrySchema = z.object({
  id: z.number(),
  username: z.string(),
  userId: z.number().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  message: z.string(),
  at: instantText(),
});
export type LoginLogEntry = z.output<typeof loginLogEntrySchema>;

export const onlineSessionSchema = z.object({
  sessionId: z.number(),
  userId: z.number(),
  username: z.string(),
  realName: z.string(),
  /** The display name in English; empty shows realName. */
  realNameEn: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  loginAt: instantText(),
  lastActiveAt: instantText(),
  expiresAt: instantText().nullable(),
  /** The caller's own session. */
  current: z.boolean(),
});
export type OnlineSession = z.output<typeof onlineSessionSchema>;
