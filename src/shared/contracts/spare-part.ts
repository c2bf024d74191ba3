import { z } from 'zod';
import { idSchema, instantText, requiredString } from './common';
import { filterId, filterText, intField, numberField, refId, textField } from './work-fields';

/** numeric(12,2): the dearest part the column holds. */
export const UNIT_COST_MAX = 9_999_999_999.99;

/**
 * fall/spare: a spare part kept for one installed unit, under its part number, at its unit cost. How
 * many are on hand is not written here: it is the sum of the part's stock moves (contracts/stock.ts).
 */
export const sparePartSaveSchema = z.strictObject({
  equipmentId: refId(),
  name: requiredString(128),
  partNo: textField(64).optional(),
  remark: textField(500).optional(),
  /** What one costs, at most two decimals. */
  unitCost: numberField(0, UNIT_COST_MAX).refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'v.cents' }).optional(),
  /** At or under this count in a store the part is on its reorder list; null = never reordered. */
  reorderPoint: z.preprocess((v) => (v === '' ? null : v), intField(0, 1_000_000).nullable()).optional(),
});
export type SparePartSave = z.infer<typeof sparePartSaveSchema>;
export const sparePartUpdateSchema = sparePartSaveSchema.partial().extend({ id: idSchema() }).strict();

export const sparePartQuerySchema = z.object({
  keyword: filterText(),
  equipmentId: filterId(),
});

export const sparePartRowSchema = z.object({
  id: z.number(),
  equipmentId: z.number(),
  equipmentName: z.string(),
  equipmentNameEn: z.string(),
  name: z.string(),
  partNo: z.string(),
  /** On hand in all stores (the sum of its moves). */
  quantity: z.number(),
  remark: z.string(),
  unitCost: z.number(),
  reorderPoint: z.number().nullable(),
  createdAt: instantText(),
});
export type SparePartRow = z.output<typeof sparePartRowSchema>;
