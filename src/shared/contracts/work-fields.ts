import { z } from 'zod';
import { hasNul, inDateRange, refIdSchema } from './common';

/**
 * Field builders shared by the operations contracts (orders, reports, trainings, drawings, cameras,
 * boards, warnings, sensors). None of them carries a default: update bodies are the save fields made
 * partial, and a default there would overwrite a stored value the caller did not send.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const blankToNull = (v: unknown) => (v === '' ? null : v);
const toDate = (v: unknown) => {
  if (typeof v === 'string') {
    // new Date('2026-02-30') rolls into March: a day that does not exist stays text, which z.date refuses.
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
    if (m) {
      const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
      if (d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) return v;
    }
  }
  return v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : v;
};
/** Text a number input sent ("12.5") read as a number; anything else (booleans, arrays) left for z.number to refuse. */
const numberText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
/** A date within DATE_MIN_YEAR..DATE_MAX_YEAR (PostgreSQL and JavaScript both hold it). */
const date = (error: string | ((issue: { input: unknown }) => string)) => z.date({ error }).refine(inDateRange, { message: 'v.dateRange' });

/** Free text, trimmed, at most `max` characters. */
export const textField = (max: number) =>
  z.string({ error: 'v.invalid' }).trim().max(max, { message: 'v.tooLong' }).refine((v) => !hasNul(v), { message: 'v.nul' });

/** A required reference to another record: anything but a real id reads as "required" (the picker is empty). */
export const refId = () => refIdSchema('v.required');

/** An optional reference: '' or null clears it. */
export const optionalRefId = () => z.preprocess(blankToNull, refIdSchema().nullable());

/** A required instant (ISO text or epoch ms). */
export const requiredDate = () =>
  z.preprocess(
    (v) => toDate(blank(v)),
    date((issue) => (issue.input === undefined ? 'v.required' : 'v.invalid')),
  );

/**
 * An instant the caller may leave out: '' or null mean "not given", so a save takes the column's
 * default (now) and an update keeps the stored value. What a cleared date picker sends.
 */
export const optionalInstant = () => z.preprocess((v) => toDate(blank(v)), date('v.invalid').optional());

/** An optional instant: '' or null clears it. */
export const optionalDate = () => z.preprocess((v) => toDate(blankToNull(v)), date('v.invalid').nullable());

/**
 * An optional calendar date (a day, no time of day or zone) as 'YYYY-MM-DD' text, what a date
 * input gives and a PostgreSQL `date` column holds; '' or null clears it. A day that does not exist
 * (2026-02-30) is refused, so is a year outside DATE_MIN_YEAR..DATE_MAX_YEAR.
 */
export const optionalCalendarDate = () =>
  z.preprocess(
    blankToNull,
    z.iso
      .date({ error: 'v.invalid' })
      .refine((v) => inDateRange(new Date(`${v}T00:00:00Z`)), { message: 'v.dateRange' })
      .nullable(),
  );

/** A number within bounds. */
export const numberField = (min: number, max: number) =>
  z.preprocess(numberText, z.number({ error: 'v.invalid' }).min(min, { message: 'v.invalid' }).max(max, { message: 'v.invalid' }));

/** A whole number within bounds. */
export const intField = (min: number, max: number) =>
  z.preprocess(numberText, z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).min(min, { message: 'v.invalid' }).max(max, { message: 'v.invalid' }));

/** List filters: blank inputs of a query form mean "no filter". */
export const filterId = () => z.preprocess(blank, refIdSchema().optional());
export const filterDate = () => z.preprocess((v) => toDate(blank(v)), date('v.invalid').optional());
export const filterEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blank, z.enum(values, { error: 'v.invalid' }).optional());
export const filterText = (max = 64) =>
  z.preprocess(blank, z.string().trim().max(max, { message: 'v.tooLong' }).refine((v) => !hasNul(v), { message: 'v.nul' }).optional());
