import { z } from 'zod';
import { optionalFilter } from './query-filters';
import { instantSchema, optionalString, requiredString } from './common';

export const CONTENT_TYPES = ['notice', 'announcement', 'maintenance', 'wall'] as const;

const when = z.union([z.null(), instantSchema()], { message: 'v.invalid' }).optional();

/** A notice shown in the back-office and on the wall while published and inside its window. */
export const contentSchema = z.strictObject({
  title: requiredString(200),
  body: optionalString(20_000),
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

export interface Content {
  id: number;
  title: string;
  body: string;
  type: (typeof CONTENT_TYPES)[number];
  published: boolean;
  fromAt: string | null;
  toAt: string | null;
  createdAt: string;
  updatedAt: string;
}
