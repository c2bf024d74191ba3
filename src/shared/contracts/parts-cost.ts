import { z } from 'zod';
import { refIdSchema } from './common';
import { reliabilityQuerySchema } from './reliability';
import { statDay } from './stat-filters';
import { spanDays } from './stats';
import { stockMoveRowSchema } from './stock';

/**
 * Parts cost in the statistics (issue 39, docs/maintenance.md "Parts and stock"): what the parts
 * issued to orders cost — each issue move's quantity × the unit cost it was issued at — in a range of
 * UTC days, per order, per unit (the order's) and per month (UTC), with the move rows behind each.
 * Money is counted in whole cents and answered in the currency unit (two decimals).
 */
export const partsCostQuerySchema = reliabilityQuerySchema;
export type PartsCostQuery = z.output<typeof partsCostQuerySchema>;

const optId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), refIdSchema().optional());
export const partsCostMovesQuerySchema = z
  .strictObject({
    from: statDay(),
    to: statDay(),
    projectId: optId(),
    orderId: optId(),
    equipmentId: optId(),
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'v.invalid' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.dateOrder' });
    else if (spanDays(q.from, q.to) > 366) ctx.addIssue({ code: 'custom', path: ['from'], message: 'v.spanTooLong' });
  });
export type PartsCostMovesQuery = z.output<typeof partsCostMovesQuerySchema>;

const sums = { cost: z.number(), quantity: z.number(), moves: z.number() };
export const partsCostOrderSchema = z.object({
  orderId: z.number(),
  number: z.string(),
  name: z.string(),
  equipmentId: z.number().nullable(),
  equipmentName: z.string(),
  equipmentNameEn: z.string(),
  projectId: z.number(),
  ...sums,
});
export const partsCostUnitSchema = z.object({
  /** null: orders on no unit. */
  equipmentId: z.number().nullable(),
  name: z.string(),
  nameEn: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  projectNameEn: z.string(),
  orders: z.number(),
  ...sums,
});
export const partsCostMonthSchema = z.object({ month: z.string(), ...sums });
export const partsCostSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ ...sums, orders: z.number() }),
  orders: z.array(partsCostOrderSchema),
  units: z.array(partsCostUnitSchema),
  /** Every month the range touches, in order, those without a move at 0. */
  months: z.array(partsCostMonthSchema),
});
export type PartsCost = z.output<typeof partsCostSchema>;
export type PartsCostOrder = z.output<typeof partsCostOrderSchema>;
export type PartsCostUnit = z.output<typeof partsCostUnitSchema>;

/** One move behind a figure, with its cost (positive: what was issued). */
export const partsCostMoveSchema = stockMoveRowSchema.extend({ cost: z.number(), month: z.string() });
export const partsCostMovesSchema = z.array(partsCostMoveSchema);
export type PartsCostMove = z.output<typeof partsCostMoveSchema>;

/** Cents as the currency unit. */
export const fromCents = (cents: number): number => Math.round(cents) / 100;
