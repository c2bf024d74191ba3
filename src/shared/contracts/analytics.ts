import { z } from 'zod';
import { ANALYTICS_BATCH_MAX } from '../constants';
import { USAGE_DAYS } from '../choices';
import { envelopeOf, instantText } from './common';

/*
 * Usage analytics (spec: "Analytics events are batched with a 3000 ms delay, and only if analysis is
 * enabled"; docs/decisions.md "Usage analytics"). A browser reports page views and the permission
 * buttons clicked; the server adds who (from the session) and when. Nothing in an event names a
 * person or a record: a screen is a route with its ids replaced (`/page/project/:id`), an action is
 * a permission code (`fall-order#save`).
 */

export { ANALYTICS_BATCH_MAX };

export const ANALYTICS_EVENT_KINDS = ['view', 'action'] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];

/** A route path: letters, digits and / _ . : - only (ids are already `:id`), at most 128 characters. */
export const ANALYTICS_SCREEN = /^\/[A-Za-z0-9/_.:-]{0,127}$/;
/** A permission code `<menu>#<action>`. */
export const ANALYTICS_ACTION = /^[A-Za-z0-9_-]{1,48}#[A-Za-z0-9_-]{1,15}$/;

const screenSchema = z.string({ error: 'v.invalid' }).regex(ANALYTICS_SCREEN, { message: 'v.invalid' });

export const analyticsEventSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('view'), screen: screenSchema }),
    z.strictObject({ kind: z.literal('action'), screen: screenSchema, action: z.string({ error: 'v.invalid' }).regex(ANALYTICS_ACTION, { message: 'v.invalid' }) }),
  ],
  { error: 'v.invalid' },
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** POST /analytics/events. */
export const analyticsBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1, { message: 'v.analyticsBatch' }).max(ANALYTICS_BATCH_MAX, { message: 'v.analyticsBatch' }),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** What the server did with a batch: how many events it stored (0 while analysis is off). */
export const analyticsStoredAnswer = envelopeOf(z.object({ stored: z.number().int().min(0), enabled: z.boolean() }));

export { USAGE_DAYS };

/** POST /sys/analytics/list: the usage of the last `days` days (7 unless given). */
export const usageQuerySchema = z.strictObject({
  days: z.literal(USAGE_DAYS, { error: 'v.invalid' }).default(7),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

export const usageScreenRowSchema = z.object({ screen: z.string(), views: z.number().int(), actions: z.number().int(), users: z.number().int() });
export type UsageScreenRow = z.output<typeof usageScreenRowSchema>;

/** A user's row; wall displays and project visitors (no user) have one row per kind, userId null. */
export const usageUserRowSchema = z.object({
  userId: z.number().int().nullable(),
  sessionKind: z.enum(['user', 'display', 'visitor']),
  username: z.string(),
  realName: z.string(),
  views: z.number().int(),
  actions: z.number().int(),
});
export type UsageUserRow = z.output<typeof usageUserRowSchema>;

export const usageActionRowSchema = z.object({ action: z.string(), count: z.number().int() });

export const usageSchema = z.object({
  enabled: z.boolean(),
  days: z.number().int(),
  from: instantText(),
  to: instantText(),
  totals: z.object({ views: z.number().int(), actions: z.number().int() }),
  screens: z.array(usageScreenRowSchema),
  users: z.array(usageUserRowSchema),
  actions: z.array(usageActionRowSchema),
});
export type Usage = z.output<typeof usageSchema>;
export const usageAnswer = envelopeOf(usageSchema);
