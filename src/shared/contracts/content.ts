import { z } from 'zod';
import { CONTENT_TYPES } from '../choices';
import { optionalFilter } from './query-filters';
import { instantSchema, optionalString, requiredString, instantText } from './common';

export { CONTENT_TYPES };

const when = z.union([z.null(), instantSchema()], { message: 'v.invalid' }).optional();

/** A notice shown in the back-office and on the wall while published and inside its window. */
export const contentSchema = z.strictObject({
  title: requiredString(200),
  /** The English title and body (empty: the Chinese shows in English too; src/shared/local-name.ts). */
  titleEn: optionalString(200),
  body: optionalString(20_000),
  bodyEn: optionalString(20_000),
  type: z.enum(CONTENT_TYPES, { message: 'v.invalid' }).default('notice'),
  published: z.boolean().default(false),
  fromAt: when,
  toAt: when,
});
export type ContentInput = z.input<typeof contentSchema>;

export const contentQuerySchema = z.object({
  title: z.string().max(200).optional(),
  type: optionalFilter(z.enum(CONTENT_TYPES)),
  published: optionalFilter(z.boolean()),
});

export const contentRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  titleEn: z.string(),
  body: z.string(),
  bodyEn: z.string(),
  type: z.enum(CONTENT_TYPES),
  published: z.boolean(),
  fromAt: instantText().nullable(),
  toAt: instantText().nullable(),
  createdAt: instantText(),
  updatedAt: instantText(),
});
export type Content = z.output<typeof contentRowSchema>;

/** GET /sys/content/current: the notices shown now. */
export const currentContentSchema = contentRowSchema.pick({ id: true, title: true, titleEn: true, body: true, bodyEn: true, type: true, fromAt: true, toAt: true, updatedAt: true });
