import { z } from 'zod';
import { LOG_PURGE_MIN_DAYS } from '../constants';
import { idSchema, instantSchema } from './common';
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

export interface OpLogEntry {
  id: number;
  userId: number | null;
  username: string;
  module: string;
  /** The menu the change was made on (0019), shown as the module in the reader's language; null before 0019. */
  moduleName: string | null;
  moduleNameEn: string | null;
  action: string;
  target: string;
  method: string;
  path: string;
  ip: string;
  durationMs: number;
  statusCode: number;
  success: boolean;
  params: unknown;
  at: string;
}

export interface LoginLogEntry {
  id: number;
  username: string;
  userId: number | null;
  ip: string;
  userAgent: string;
  success: boolean;
  message: string;
  at: string;
}

export interface OnlineSession {
  sessionId: number;
  userId: number;
  username: string;
  realName: string;
  ip: string;
  userAgent: string;
  loginAt: string;
  lastActiveAt: string;
  expiresAt: string | null;
  /** The caller's own session. */
  current: boolean;
}
