import { z } from 'zod';
import { optionalFilter } from './query-filters';

const time = optionalFilter(z.coerce.date({ message: 'v.invalid' }));

/** Filters of the operation log (sys/log). */
export const opLogQuerySchema = z.object({
  username: z.string().max(64).optional(),
  module: z.string().max(64).optional(),
  success: optionalFilter(z.boolean()),
  from: time,
  to: time,
});

/** Filters of the login history (sys/history-user). */
export const loginLogQuerySchema = z.object({
  username: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
  success: optionalFilter(z.boolean()),
  from: time,
  to: time,
});

/** POST /sys/log/purge and /sys/history-user/purge: delete entries older than this many days. */
export const purgeSchema = z.strictObject({
  beforeDays: z.coerce.number({ message: 'v.invalid' }).int({ message: 'v.invalid' }).min(0, { message: 'v.invalid' }).max(36_500, { message: 'v.invalid' }),
});

export const onlineQuerySchema = z.object({
  username: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
});

/** POST /sys/online-user/kickout. */
export const kickoutSchema = z.strictObject({ sessionId: z.coerce.number({ message: 'v.required' }).int().positive({ message: 'v.required' }) });

export interface OpLogEntry {
  id: number;
  userId: number | null;
  username: string;
  module: string;
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
