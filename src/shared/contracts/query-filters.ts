import { z, type ZodType } from 'zod';

/**
 * A query-model filter that a cleared query form sends as '' (or null): treated as "no filter"
 * rather than refused, since list pages send every field of their query form.
 */
export const optionalFilter = <T extends ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
