import { z } from 'zod';
import { refIdSchema } from './common';
import { spanDays } from './stats';
import { statDay } from './stat-filters';

/**
 * The alarm system's own health (issue 38, docs/alarms.md "Health"): figures of ISA-18.2 / EEMUA 191
 * computed from the warning journal (fall_warning: every row is one alarm annunciated) over a range
 * of UTC days, for one project or every project in the caller's scope. Each figure drills down to its
 * rows (`alarmHealthRowsQuerySchema`): the rows' total is the figure.
 */

/** The journal is cut into buckets of this many minutes from the range's first instant. */
export const HEALTH_BUCKET_MINUTES = 10;
/** A bucket with more alarms than this is in flood (EEMUA 191: more than 10 alarms in 10 minutes). */
export const FLOOD_ALARMS = 10;
/** A source with this many alarms within CHATTER_SECONDS is chattering. */
export const CHATTER_ALARMS = 3;
export const CHATTER_SECONDS = 60;
/** An alarm standing (not closed) longer than this is stale. */
export const STALE_HOURS = 24;
/** EEMUA 191's targets, drawn as reference lines: about one alarm per 10 minutes, under 1 % of the time in flood. */
export const EEMUA_ALARMS_PER_BUCKET = 1;
export const EEMUA_FLOOD_SHARE = 0.01;
/** The longest range (days) one request covers: 92 days are 13,248 buckets. */
export const HEALTH_MAX_DAYS = 92;
/** The top sources listed. */
export const HEALTH_TOP_SOURCES = 10;

export const alarmHealthQuerySchema = z
  .strictObject({
    from: statDay(),
    to: statDay(),
    projectId: z.preprocess((v) => (v === '' || v === null ? undefined : v), refIdSchema().optional()),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.dateOrder' });
    else if (spanDays(q.from, q.to) > HEALTH_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: 'v.spanTooLong' });
  });
export type AlarmHealthQuery = z.output<typeof alarmHealthQuerySchema>;

/** What a figure's drill-down lists: the alarms it counts. */
export const HEALTH_FIGURES = ['all', 'bucket', 'flood', 'source', 'chattering', 'stale', 'level', 'acked', 'shelved', 'shelvedNow', 'suppressed'] as const;
export type HealthFigure = (typeof HEALTH_FIGURES)[number];
/** The causes the 'suppressed' figure counts by (its key); shelving is a figure of its own. */
export const HEALTH_SUPPRESSION_CAUSES = ['board_offline', 'maintenance', 'out_of_service'] as const;
export type HealthSuppressionCause = (typeof HEALTH_SUPPRESSION_CAUSES)[number];
/** What the units drill-down lists: the units out of service now, or at any moment of the range. */
export const HEALTH_UNIT_FIGURES = ['outOfServiceNow', 'outOfService'] as const;
export type HealthUnitFigure = (typeof HEALTH_UNIT_FIGURES)[number];

export const alarmHealthRowsQuerySchema = z
  .strictObject({
    from: statDay(),
    to: statDay(),
    projectId: z.preprocess((v) => (v === '' || v === null ? undefined : v), refIdSchema().optional()),
    figure: z.enum(HEALTH_FIGURES, { error: 'v.invalid' }),
    /** bucket: its index from 0; source: `<board id>:<channel>` (channel 0 = the board itself); level: its code; suppressed: its cause. */
    key: z.string().trim().max(64, { message: 'v.tooLong' }).optional(),
    page: z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(1, { message: 'v.invalid' }).max(100_000, { message: 'v.invalid' }).default(1),
    limit: z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(1, { message: 'v.invalid' }).max(200, { message: 'v.invalid' }).default(20),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.dateOrder' });
    else if (spanDays(q.from, q.to) > HEALTH_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: 'v.spanTooLong' });
    const key = q.key ?? '';
    if (q.figure === 'bucket' && !/^\d{1,6}$/.test(key)) ctx.addIssue({ code: 'custom', path: ['key'], message: 'v.invalid' });
    if (q.figure === 'source' && !/^\d{1,9}:\d{1,2}$/.test(key)) ctx.addIssue({ code: 'custom', path: ['key'], message: 'v.invalid' });
    if (q.figure === 'level' && !/^[a-z]{1,16}$/.test(key)) ctx.addIssue({ code: 'custom', path: ['key'], message: 'v.invalid' });
    if (q.figure === 'suppressed' && !(HEALTH_SUPPRESSION_CAUSES as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', path: ['key'], message: 'v.invalid' });
  });
export type AlarmHealthRowsQuery = z.input<typeof alarmHealthRowsQuerySchema>;

const source = z.object({
  /** `<board id>:<channel>`, the drill-down key. */
  key: z.string(),
  detectId: z.number().nullable(),
  channel: z.number(),
  board: z.string(),
  boardEn: z.string(),
  project: z.string(),
  projectEn: z.string(),
  count: z.number(),
  /** Of all alarms in the range. */
  share: z.number(),
});

export const alarmHealthSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The range's first instant and its end (the range's last instant, or now when that is earlier). */
  start: z.string(),
  end: z.string(),
  /** 10-minute buckets from start to end (the last one may be partial). */
  buckets: z.number(),
  total: z.number(),
  avgPerBucket: z.number(),
  peakPerBucket: z.number(),
  /** The first bucket with the peak count (its index), null without alarms. */
  peakBucket: z.number().nullable(),
  floodBuckets: z.number(),
  floodShare: z.number(),
  /** Runs of consecutive flood buckets: first and last bucket index and the alarms in them. */
  floodEpisodes: z.array(z.object({ first: z.number(), last: z.number(), alarms: z.number() })),
  /** Alarms in flood buckets. */
  floodAlarms: z.number(),
  top: z.array(source),
  /** The top sources' share of all alarms. */
  topShare: z.number(),
  chatteringSources: z.number(),
  chatteringAlarms: z.number(),
  stale: z.number(),
  byLevel: z.record(z.string(), z.number()),
  acked: z.number(),
  ackMedianSeconds: z.number().nullable(),
  ackP90Seconds: z.number().nullable(),
  /** Buckets with alarms (index and count); the others hold none. */
  series: z.array(z.object({ bucket: z.number(), count: z.number() })),
  /** Alarms of the range shelved at any time (the row's shelving columns, or a shelve in the operation log). */
  shelved: z.number(),
  /** Open warnings shelved now (raised in the range or before it): the strip's "Shelved N". */
  shelvedNow: z.number(),
  /** Alarms of the range suppressed by each cause at any time (the row's cause, or the operation log naming them); one alarm may count under more than one. */
  suppressed: z.object({ board_offline: z.number(), maintenance: z.number(), out_of_service: z.number() }),
  /** Units out of service now, and at any moment of the range (the operation log's outOfService/inService, and the unit's columns). */
  outOfServiceNow: z.number(),
  outOfService: z.number(),
});
export type AlarmHealth = z.output<typeof alarmHealthSchema>;

export const alarmHealthRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  level: z.string(),
  kind: z.string(),
  info: z.string(),
  detectId: z.number().nullable(),
  channel: z.number().nullable(),
  board: z.string().nullable(),
  boardEn: z.string().nullable(),
  project: z.string(),
  projectEn: z.string(),
  ackAt: z.string().nullable(),
  dealAt: z.string().nullable(),
  result: z.string().nullable(),
});
export type AlarmHealthRow = z.output<typeof alarmHealthRowSchema>;
export const alarmHealthRowsSchema = z.object({ total: z.number(), rows: z.array(alarmHealthRowSchema) });

export const alarmHealthUnitsQuerySchema = z.strictObject({
  from: statDay(),
  to: statDay(),
  projectId: z.preprocess((v) => (v === '' || v === null ? undefined : v), refIdSchema().optional()),
  figure: z.enum(HEALTH_UNIT_FIGURES, { error: 'v.invalid' }),
  page: z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(1, { message: 'v.invalid' }).max(100_000, { message: 'v.invalid' }).default(1),
  limit: z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(1, { message: 'v.invalid' }).max(200, { message: 'v.invalid' }).default(20),
}).superRefine((q, ctx) => {
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.dateOrder' });
  else if (spanDays(q.from, q.to) > HEALTH_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: 'v.spanTooLong' });
});
export type AlarmHealthUnitsQuery = z.input<typeof alarmHealthUnitsQuerySchema>;

export const alarmHealthUnitSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  project: z.string(),
  projectEn: z.string(),
  /** Out of service now: since, until (null = until someone puts it back), why and by whom; all null/'' when back in service. */
  outOfServiceAt: z.string().nullable(),
  outOfServiceUntil: z.string().nullable(),
  reason: z.string(),
  by: z.string(),
});
export type AlarmHealthUnit = z.output<typeof alarmHealthUnitSchema>;
export const alarmHealthUnitsSchema = z.object({ total: z.number(), rows: z.array(alarmHealthUnitSchema) });
