import { z } from 'zod';
import { requiredString, instantText } from './common';
import { fileIdSchema } from './file';
import { filterId, filterText, intField, refId, textField } from './work-fields';

/** Drawings (fall/draw): a picture shown in the gallery and on the wall, and the PDF/CAD original. */
const drawingFields = {
  name: requiredString(200),
  /** The English name (empty: the name shows in English too; src/shared/local-name.ts). */
  nameEn: textField(200).optional(),
  description: textField(5000).optional(),
  descriptionEn: textField(5000).optional(),
  picture: fileIdSchema.optional(),
  file: fileIdSchema.optional(),
  projectId: refId(),
  sort: intField(-100_000, 100_000).optional(),
};
export const drawingSaveSchema = z.strictObject(drawingFields);
export const drawingUpdateSchema = z.strictObject({
  ...drawingFields,
  name: drawingFields.name.optional(),
  projectId: drawingFields.projectId.optional(),
  id: refId(),
});
export const drawingQuerySchema = z.strictObject({ name: filterText(200), projectId: filterId() });

export const drawingRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  picture: z.number().nullable(),
  file: z.number().nullable(),
  projectId: z.number(),
  projectName: z.string().nullable(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string().nullable(),
  sort: z.number(),
  createdAt: instantText(),
});
export type DrawingRow = z.output<typeof drawingRowSchema>;

/** GET /ball/falldraw/byProject/{projectId}: a project's drawings in viewer order. */
export const drawingViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  picture: z.number().nullable(),
  file: z.number().nullable(),
  sort: z.number(),
});
