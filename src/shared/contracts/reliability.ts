import { z } from 'zod';
import { refIdSchema } from './common';
import { spanDays } from './stats';
import { statDay } from './stat-filters';

/**
 * Reliability figures (issue 39, docs/maintenance.md "Availability in show hours, MTTR, MTBF"): per
 * unit, device model and project over a range of UTC days, counted from the warning journal (a fault
 * is a warning on a unit raised by a board's channel; it lasts until it was dealt with, `deal_at`, or
 * until now while open) and the operating calendar (the show hours, in the project's time zone).
 */

/** The longest range (days) one request covers. */
export const RELIABILITY_MAX_DAYS = 366;
/** A fault of a channel within this many days of the channel's previous fault is a repeat. */
export const REPEAT_SHORT_DAYS = 7;
export const REPEAT_LONG_DAYS = 30;

const optId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), refIdSchema().optional());

function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.dateOrder' });
  else if (spanDays(q.from, q.to) > RELIABILITY_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: 'v.spanTooLong' });
}

export const reliabilityQuerySchema = z.strictObject({ from: statDay(), to: statDay(), projectId: optId() }).superRefine(checkRange);
export type ReliabilityQuery = z.output<typeof reliabilityQuerySchema>;

export const reliabilityEpisodesQuerySchema = z
  .strictObject({ from: statDay(), to: statDay(), equipmentId: refIdSchema() })
  .superRefine(checkRange);
export type ReliabilityEpisodesQuery = z.output<typeof reliabilityEpisodesQuerySchema>;

/**
 * Where a project's show hours come from: its own programmes (`calendar`), its daily show time while
 * it has no programme (`daily`), or neither, when every hour of the range counts (`allHours`).
 */
export const SHOW_BASES = ['calendar', 'daily', 'allHours'] as const;
export type ShowBasis = (typeof SHOW_BASES)[number];

/** The figures of a unit or of a group of units. Durations in milliseconds. */
export const reliabilityFiguresSchema = z.object({
  /** Show hours in the range (each unit counts its own: a model's or project's figure is the sum). */
  showMs: z.number(),
  /** Downtime in the range: the union of the unit's fault intervals, clipped to the range. */
  downtimeMs: z.number(),
  /** The part of the downtime within show hours. */
  downtimeShowMs: z.number(),
  /** Merged downtime episodes overlapping the range. */
  episodes: z.number(),
  /** Faults raised in the range. */
  faults: z.number(),
  /** Faults raised in the range within 7 / 30 days of their channel's previous fault. */
  repeat7d: z.number(),
  repeat30d: z.number(),
  /** 1 − downtimeShowMs / showMs; null without show hours. */
  availability: z.number().nullable(),
  /** downtimeMs / episodes; null without episodes. */
  mttrMs: z.number().nullable(),
  /** (showMs − downtimeShowMs) / episodes; null without episodes. */
  mtbfMs: z.number().nullable(),
});
export type ReliabilityFigures = z.output<typeof reliabilityFiguresSchema>;

export const reliabilityUnitSchema = reliabilityFiguresSchema.extend({
  equipmentId: z.number(),
  name: z.string(),
  nameEn: z.string(),
  projectId: z.number(),
  deviceId: z.number().nullable(),
  basis: z.enum(SHOW_BASES),
});
export const reliabilityModelSchema = reliabilityFiguresSchema.extend({
  /** null: the units without a model. */
  deviceId: z.number().nullable(),
  name: z.string(),
  nameEn: z.string(),
  units: z.number(),
});
export const reliabilityProjectSchema = reliabilityFiguresSchema.extend({
  projectId: z.number(),
  name: z.string(),
  nameEn: z.string(),
  basis: z.enum(SHOW_BASES),
  units: z.number(),
});

export const reliabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The instants counted: the range's first instant and the first after it (or now, when earlier). */
  start: z.string(),
  end: z.string(),
  totals: reliabilityFiguresSchema.extend({ units: z.number() }),
  units: z.array(reliabilityUnitSchema),
  models: z.array(reliabilityModelSchema),
  projects: z.array(reliabilityProjectSchema),
});
export type Reliability = z.output<typeof reliabilitySchema>;
export type ReliabilityUnit = z.output<typeof reliabilityUnitSchema>;

export const reliabilityEpisodeSchema = z.object({
  /** The episode as it was (its start may be before the range). */
  start: z.string(),
  /** null: still open (runs to now). */
  end: z.string().nullable(),
  /** Its part in the range, and of that the part in show hours. */
  downtimeMs: z.number(),
  downtimeShowMs: z.number(),
  faults: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      dealAt: z.string().nullable(),
      detectId: z.number(),
      channel: z.number(),
      level: z.string(),
      info: z.string(),
    }),
  ),
});
export const reliabilityEpisodesSchema = z.object({
  equipmentId: z.number(),
  basis: z.enum(SHOW_BASES),
  start: z.string(),
  end: z.string(),
  episodes: z.array(reliabilityEpisodeSchema),
});
export type ReliabilityEpisodes = z.output<typeof reliabilityEpisodesSchema>;
