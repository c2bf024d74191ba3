import { z } from 'zod';
import { intField } from './work-fields';
import { optionalFilter } from './query-filters';
import { idSchema, optionalString, partialWithoutDefaults, requiredString } from './common';

/** Dictionary and type codes: lower-case words joined by `_` (bill_type, water_type …). */
const TYPE_PATTERN = /^[a-z][a-z0-9_]*$/;
export const dictTypeCode = () => requiredString(64).regex(TYPE_PATTERN, { message: 'v.invalid' });

/** Tag colours an item may carry (spec §4 tag themes). */
export const DICT_COLORS = ['', 'primary', 'success', 'warning', 'danger', 'info', 'default'] as const;

/** POST /sys/sysdictionary/save; update takes the same fields, all optional, plus id. */
export const dictionaryItemSchema = z.strictObject({
  type: dictTypeCode(),
  label: requiredString(128),
  labelEn: optionalString(128),
  value: requiredString(64),
  color: z.enum(DICT_COLORS, { message: 'v.invalid' }).default(''),
  sort: intField(0, 1_000_000).default(0),
  /** 1 enabled, 0 disabled (disabled items are left out of the dictionary call). */
  status: z.union([z.literal(0), z.literal(1)], { message: 'v.invalid' }).default(1),
});
export type DictionaryItemInput = z.input<typeof dictionaryItemSchema>;

export const dictionaryQuerySchema = z.object({
  type: z.string().max(64).optional(),
  label: z.string().max(128).optional(),
  status: optionalFilter(intField(0, 1)),
});

/** POST /sys/sysdictionary/dictionary: the enabled items of one type. */
export const dictionaryLoadSchema = z.strictObject({ type: dictTypeCode() });

/** One entry of the dictionary call's answer. */
export const dictionaryEntrySchema = z.object({
  label: z.string(),
  labelEn: z.string(),
  value: z.string(),
  color: z.string(),
  sort: z.number(),
});
export type DictionaryEntry = z.output<typeof dictionaryEntrySchema>;

export const dictionaryItemRowSchema = dictionaryEntrySchema.extend({
  id: z.number(),
  type: z.string(),
  status: z.number(),
});
export type DictionaryItem = z.output<typeof dictionaryItemRowSchema>;

export const dictTypeSchema = z.strictObject({
  type: dictTypeCode(),
  name: requiredString(64),
  nameEn: optionalString(64),
  remark: optionalString(500),
});
export const dictTypeUpdateSchema = partialWithoutDefaults(dictTypeSchema).extend({ id: idSchema() }).strict();
export const dictTypeQuerySchema = z.strictObject({ keyword: z.string().max(64).optional() });

export const dictTypeRowSchema = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  nameEn: z.string(),
  remark: z.string(),
  /** Items of this type. */
  items: z.number(),
});
export type DictType = z.output<typeof dictTypeRowSchema>;
