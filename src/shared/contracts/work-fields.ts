import { z } from 'zod';

/**
 * Field builders shared by the operations contracts (orders, reports, trainings, drawings, cameras,
 * boards, warnings, sensors). None of them carries a default: update bodies are the save fields made
 * partial, and a default there would overwrite a stored value the caller did not send.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const blankToNull = (v: unknown) => (v === '' ? null : v);
const toDate = (v: unknown) => (v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : v);

/** Free text, trimmed, at most `max` characters. */
export const textField = (max: number) => z.string({ error: 'v.invalid' }).trim().max(max, { message: 'v.tooLong' });

/** A required reference to another record. */
export const refId = () => z.coerce.number({ error: 'v.required' }).int({ message: 'v.invalid' }).positive({ message: 'v.required' });

/** An optional reference: '' or null clears it. */
export const optionalRefId = () => z.preprocess(blankToNull, z.coerce.number({ error: 'v.invalid' }).int().positive().nullable());

/** A required instant (ISO text or epoch ms). */
export const requiredDate = () =>
  z.preprocess(
    (v) => toDate(blank(v)),
    z.date({ error: (issue) => (issue.input === undefined ? 'v.required' : 'v.invalid') }),
  );

/**
 * An instant the caller may leave out: '' or null mean "not given", so a save takes the column's
 * default (now) and an update keeps the stored value. What a cleared date picker sends.
 */
export const optionalInstant = () => z.preprocess((v) => toDate(blank(v)), z.date({ error: 'v.invalid' }).optional());

/** An optional instant: '' or null clears it. */
export const optionalDate = () => z.preprocess((v) => toDate(blankToNull(v)), z.date({ error: 'v.invalid' }).nullable());

/** A number within bounds. */
export const numberField = (min: number, max: number) =>
  z.coerce.number({ error: 'v.invalid' }).min(min, { message: 'v.invalid' }).max(max, { message: 'v.invalid' });

/** List filters: blank inputs of a query form mean "no filter". */
export const filterId = () => z.preprocess(blank, z.coerce.number({ error: 'v.invalid' }).int().positive().optional());
export const filterDate = () => z.preprocess((v) => toDate(blank(v)), z.date({ error: 'v.invalid' }).optional());
export const filterEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blank, z.enum(values, { error: 'v.invalid' }).optional());
export const filterText = (max = 64) => z.preprocess(blank, z.string().trim().max(max, { message: 'v.tooLong' }).optional());
