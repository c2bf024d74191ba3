import { z } from 'zod';
import { requiredString } from './common';
import { fileIdSchema } from './file';
import { filterId, filterText, intField, refId, textField } from './work-fields';

/** Drawings (fall/draw): a picture shown in the gallery and on the wall, and the PDF/CAD original. */
const drawingFields = {
  name: requiredString(200),
  description: textField(5000).optional(),
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

export interface DrawingRow {
  id: number;
  name: string;
  description: string;
  picture: number | null;
  file: number | null;
  projectId: number;
  projectName: string | null;
  /** The project's English name; empty when it has none. */
  projectNameEn: string | null;
  sort: number;
  createdAt: string;
}
