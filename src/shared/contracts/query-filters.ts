import { z, type ZodType } from 'zod';

/**
 * A query-model filter that a cleared query form sends as '' (or null): treated as "no filter"
 * rather than refused, since list pages send every field of their query form.
 */
export const optionalFilter = <T extends ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const instant = (v: unknown): number | null => {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'string' || typeof v === 'number') {
    const t = new Date(v).getTime();
    return Number.isNaN(t) ? null : t;
  }
  return null;
};

/**
 * A range of a query (from/to, start/end): when both ends are given, the end is not before the
 * start (docs/invariants.md). Use as `.superRefine(rangeOrder('from', 'to'))`; `.extend` keeps it.
 */
export const rangeOrder =
  (from: string, to: string) =>
  (q: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const a = instant(q[from]);
    const b = instant(q[to]);
    if (a !== null && b !== null && a > b) ctx.addIssue({ code: 'custom', path: [to], message: 'v.dateOrder' });
  };
