import { z, type ZodObject, type ZodRawShape } from 'zod';
import { DATE_MAX_YEAR, DATE_MIN_YEAR, DEFAULT_PAGE, DEFAULT_PAGE_SIZE, ID_MAX, PAGE_SIZES } from '../constants';

/*
 * Bad input (docs/decisions.md "Bad input"). zod's coerce turned [[101]], ["101"], [" 101 "] and
 * [true] into 101 (Number() of each), so a malformed delete removed a real record. Ids are read
 * strictly here, once, and every contract builds on these.
 */

/** An id in a JSON body: a positive whole number, never a string, boolean or array. */
export const idSchema = () =>
  z.number({ error: 'v.id' }).int({ message: 'v.id' }).positive({ message: 'v.id' }).max(ID_MAX, { message: 'v.id' });

/** Decimal digits as a path, query or form select sends an id: no sign, space, exponent or leading zero. */
export const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/**
 * An id in a path parameter or query string (always text there): canonical digits only, so
 * `1e2`, ` 1`, `01`, `0x1`, `1.0` are refused rather than read as some other record.
 */
export const idTextSchema = () =>
  z
    .string({ error: 'v.id' })
    .regex(ID_TEXT, { message: 'v.id' })
    .transform((v) => Number(v))
    .pipe(z.number().max(ID_MAX, { message: 'v.id' }));

/**
 * A reference picked in a form (a select's value is text): a JSON number, or the canonical digits
 * of one. Booleans, arrays, padded or exponent text are refused.
 */
export const refIdSchema = (error: string | ((issue: { input: unknown }) => string) = 'v.id') => z.union([idSchema(), idTextSchema()], { error });

/** True when a string holds a NUL, which PostgreSQL text cannot store (error 22021). */
export const hasNul = (s: string) => s.includes('\u0000');

/** An instant PostgreSQL and JavaScript both hold: years DATE_MIN_YEAR..DATE_MAX_YEAR. */
export const inDateRange = (d: Date) => {
  const y = d.getUTCFullYear();
  return !Number.isNaN(d.getTime()) && y >= DATE_MIN_YEAR && y <= DATE_MAX_YEAR;
};

/**
 * An instant from JSON: ISO text or epoch milliseconds. A calendar date that does not exist
 * (2026-13-45, 2026-02-30) is refused, not rolled over; so is a year outside the range.
 */
export const instantSchema = () =>
  z.preprocess(
    (v) => {
      if (v instanceof Date) return v;
      if (typeof v === 'number') return Number.isFinite(v) ? new Date(v) : v;
      if (typeof v !== 'string') return v;
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
      if (!m) return new Date(v);
      const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
      // Date.UTC rolls 2026-02-30 into March: a date that changed is one that does not exist.
      if (d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) return v;
      return new Date(v);
    },
    z.date({ error: 'v.invalid' }).refine(inDateRange, { message: 'v.dateRange' }),
  );

/** Paging sent by every list page with its query model (spec §7 "List pages send the query model plus page and limit"). */
export const pagingSchema = z.object({
  page: z.number({ error: 'v.invalid' }).int().min(1).max(1_000_000).default(DEFAULT_PAGE),
  limit: z.number({ error: 'v.invalid' }).int().min(1).max(Math.max(...PAGE_SIZES) * 10).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type Paging = z.infer<typeof pagingSchema>;

/** Body of every `delete` call: the ids to delete. */
export const idListSchema = z.array(idSchema()).min(1, { message: 'v.checkFirst' }).max(1000);

/**
 * POST <base>/sort: the ids of one group of siblings (a menu's children, a dictionary type's entries)
 * in their new order; each gets its place as its sort number.
 */
export const sortOrderSchema = z.strictObject({
  ids: z.array(idSchema()).min(1, { message: 'v.checkFirst' }).max(500, { message: 'v.tooLong' }).refine((ids) => new Set(ids).size === ids.length, { message: 'v.invalid' }),
});
export type SortOrder = z.output<typeof sortOrderSchema>;
export const idParamSchema = z.object({ id: idTextSchema() });

/** Export of what a list shows: its current filters and visible columns, as xlsx or csv. */
export const exportColumnSchema = z.object({ prop: z.string().min(1).max(64), label: z.string().max(128) });
export const exportOptionsSchema = z.object({
  columns: z.array(exportColumnSchema).min(1).max(100),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type ExportOptions = z.output<typeof exportOptionsSchema>;

/** Helpers so contracts carry the shared message keys of spec §5. */
export const requiredString = (max = 255) =>
  z.string({ error: 'v.required' }).trim().min(1, { message: 'v.required' }).max(max, { message: 'v.tooLong' }).refine((s) => !hasNul(s), { message: 'v.nul' });
export const optionalString = (max = 255) =>
  z.string().trim().max(max, { message: 'v.tooLong' }).refine((s) => !hasNul(s), { message: 'v.nul' }).default('');

/**
 * An update body: every field optional and without its default. zod 4's `.partial()` keeps
 * defaults, so a field the caller left out would be reset to its default by the update.
 */
export function partialWithoutDefaults<T extends ZodRawShape>(schema: ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([k, v]) => [k, (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional()]),
  );
  // Object.fromEntries forgets the keys: the type says what the loop above builds, so an update's
  // handler reads its fields typed (the route's body type comes from this schema).
  return z.object(shape) as unknown as ZodObject<{ [K in keyof T]: z.ZodOptional<WithoutDefault<T[K]>> }>;
}

/** A field's schema without its `.default()` (what partialWithoutDefaults makes optional). */
type WithoutDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;

/*
 * Answers. Each row schema says what the JSON of an
 * answer holds — dates as the ISO text JSON carries, never Date objects — and the server serialises
 * every JSON answer through its route's schema (app.ts): a field the schema does not name is
 * dropped (so a secret a query selected never leaves), a field it names but the answer lacks or
 * types differently is a 500 the answers test finds first.
 */

/** An instant as JSON carries it: ISO 8601 text in UTC (a Date's toJSON). */
export const instantText = () => z.iso.datetime({ offset: true });

/** The envelope of docs/domain.md §1 around an answer's data. */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

/** One page of a list: rows, total and the paging sent back (shared/envelope.ts pageOf). */
export const pageSchemaOf = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number().int().min(0), page: z.number().int(), limit: z.number().int(), pages: z.number().int().min(0) });

/** The answer of a list call: the envelope of a page of rows. */
export const listAnswerOf = <T extends z.ZodType>(row: T) => envelopeOf(pageSchemaOf(row));

/**
 * The answer of a listAll: the rows, at most LIST_ALL_MAX_ROWS of them, beside the envelope's
 * `total` (how many matched) and `truncated` (true when only the first rows came), so a cut list
 * is never mistaken for all of them (docs/api.md).
 */
export const listAllAnswerOf = <T extends z.ZodType>(row: T) => envelopeOf(z.array(row)).extend({ total: z.number().int().min(0), truncated: z.boolean() });

/** The answer of a save (and of most updates): the record's id. */
export const idAnswer = envelopeOf(z.object({ id: z.number().int() }));
/** The answer of a delete: how many rows went. */
export const deletedAnswer = envelopeOf(z.object({ deleted: z.number().int().min(0) }));
/** The answer of a call that changes several rows' state (pause, resume): how many changed. */
export const updatedAnswer = envelopeOf(z.object({ updated: z.number().int().min(0) }));
/** The answer of a restore from the archive: how many came back. */
export const restoredAnswer = envelopeOf(z.object({ restored: z.number().int().min(0) }));
/** The answer of a delete that archives what has history (invariants.md "Archive and delete"). */
export const removedAnswer = envelopeOf(z.object({ deleted: z.number().int().min(0), archived: z.number().int().min(0) }));
/** An answer without data (`data: null`). */
export const emptyAnswer = envelopeOf(z.null());
/** POST <base>/sort: how many rows took their new place. */
export const sortedAnswer = envelopeOf(z.object({ sorted: z.number().int().min(0) }));
/** A yes/no answer. */
export const booleanAnswer = envelopeOf(z.boolean());
