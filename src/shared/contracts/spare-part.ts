import { z } from 'zod';
import { idSchema, instantText, requiredString } from './common';
import { filterId, filterText, intField, refId, textField } from './work-fields';

/** fall/spare: a spare part kept for one installed unit (how many are on hand, under which part number). */
export const sparePartSaveSchema = z.strictObject({
  equipmentId: refId(),
  name: requiredString(128),
  partNo: textField(64).optional(),
  quantity: intField(0, 1_000_000).optional(),
  remark: textField(500).optional(),
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
  quantity: z.number(),
  remark: z.string(),
  createdAt: instantText(),
});
export type SparePartRow = z.output<typeof sparePartRowSchema>;
