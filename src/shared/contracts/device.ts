import { z } from 'zod';
import { DEVICE_CATEGORY } from '../dictionaries';
import { idSchema, requiredString, instantText } from './common';
import { fileIdSchema } from './file';
import { dictValue } from './project';
import { conditioningFields, conditioningRowShape } from './detect';

const text = (max: number) => z.string({ error: 'v.invalid' }).trim().max(max, { message: 'v.tooLong' });

/** fall/device: a device model of the catalogue; `handbook` is an oss_file id (PDF or similar). */
export const deviceSaveSchema = z.strictObject({
  name: requiredString(128),
  /** The English name (empty: the name shows in English too; src/shared/local-name.ts). */
  nameEn: text(128).optional(),
  category: dictValue(DEVICE_CATEGORY),
  maker: text(128).optional(),
  model: text(128).optional(),
  handbook: fileIdSchema.optional(),
  remark: text(2000).optional(),
  remarkEn: text(2000).optional(),
  /** The model's alarm conditioning, the default of the channels wired to its units (docs/alarms.md). */
  ...conditioningFields,
});
export type DeviceSave = z.infer<typeof deviceSaveSchema>;
export const deviceUpdateSchema = deviceSaveSchema.partial().extend({ id: idSchema() }).strict();
export type DeviceUpdate = z.infer<typeof deviceUpdateSchema>;

export const deviceQuerySchema = z.object({
  keyword: z.string().max(64).optional(),
  category: z.string().max(32).optional(),
  maker: z.string().max(128).optional(),
});

export const deviceRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  category: z.string(),
  maker: z.string(),
  model: z.string(),
  handbook: z.number().nullable(),
  remark: z.string(),
  remarkEn: z.string(),
  createdAt: instantText(),
  ...conditioningRowShape,
  /** Installed units of this model. */
  equipmentCount: z.number(),
});
export type DeviceRow = z.output<typeof deviceRowSchema>;
