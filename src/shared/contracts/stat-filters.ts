import { z } from 'zod';
import { refIdSchema } from './common';
import { DATE_MIN_YEAR } from '../constants';

/**
 * The filters of the statistics screen (fall/stats) that the orders, warnings and equipment lists
 * accept too, so a figure drills down to exactly its rows (contracts/stats-report.ts).
 */

/** A calendar day (UTC), YYYY-MM-DD, that exists. */
export const statDay = () =>
  z
    .string({ error: 'v.required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'v.date' })
    // Zod runs this even when the pattern failed: any text must come through without throwing.
    .refine((s) => {
      const at = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(s) && Number(s.slice(0, 4)) >= DATE_MIN_YEAR;
    }, { message: 'v.date' });

/** An optional text filter ('' = none). */
const optText = (max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max, { message: 'v.tooLong' }).optional());

/** The filters every figure of the screen is narrowed by (projects' area and country, one project, the equipment's category). */
export const statFilterShape = {
  area: optText(64),
  country: optText(64),
  projectId: z.preprocess((v) => (v === '' || v === null ? undefined : v), refIdSchema().optional()),
  category: optText(32),
};

/**
 * What an order figure counts, for the order list's drill-down (`statMetric` with `statFrom`/`statTo`):
 * submitted in the days, or completed in them (and first-time fixed, on a unit, repeated within 30
 * days, on time, late).
 */
export const ORDER_STAT_METRICS = ['submitted', 'completed', 'firstTimeFix', 'withEquipment', 'repeat30d', 'onTime', 'late'] as const;
export type OrderStatMetric = (typeof ORDER_STAT_METRICS)[number];

/** The equipment list's drill-down: units neither broken nor offline, or broken or offline. */
export const EQUIPMENT_AVAILABILITY = ['up', 'down'] as const;

