import { z, type ZodObject, type ZodRawShape } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants';

/** Paging sent by every list page with its query model (seed §7 "List pages send the query model plus page and limit"). */
export const pagingSchema = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(Math.max(...PAGE_SIZES) * 10).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type Paging = z.infer<typeof pagingSchema>;

/** Body of every `delete` call: the ids to delete. */
export const idListSchema = z.array(z.coerce.number().int().positive()).min(1, { message: 'v.checkFirst' }).max(1000);
export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** Export of what a list shows: its current filters and visible columns, as xlsx or csv. */
export const exportColumnSchema = z.object({ prop: z.string().min(1).max(64), label: z.string().max(128) });
export const exportOptionsSchema = z.object({
  columns: z.array(exportColumnSchema).min(1).max(100),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

/** Helpers so contracts carry the shared message keys of seed §5. */
export const requiredString = (max = 255) => z.string({ error: 'v.required' }).trim().min(1, { message: 'v.required' }).max(max, { message: 'v.tooLong' });
export const optionalString = (max = 255) => z.string().trim().max(max, { message: 'v.tooLong' }).default('');

/**
 * An update body: every field optional and without its default. zod 4's `.partial()` keeps
 * defaults, so a field the caller left out would be reset to its default by the update.
 */
export function partialWithoutDefaults<T extends ZodRawShape>(schema: ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([k, v]) => [k, (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional()]),
  );
  return z.object(shape);
}
