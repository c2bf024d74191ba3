import { z } from 'zod';
import { requiredString, instantText } from './common';
import { fileIdListSchema } from './file';
import { filterDate, filterId, filterText, optionalDate, optionalRefId, refId, textField } from './work-fields';
import { rangeOrder } from './query-filters';

/** Training material (fall/train). */
const trainingFields = {
  name: requiredString(200),
  /** The English name (empty: the name shows in English too; src/shared/local-name.ts). */
  nameEn: textField(200).optional(),
  content: textField(50_000).optional(),
  contentEn: textField(50_000).optional(),
  trainAt: optionalDate().optional(),
  deviceId: optionalRefId().optional(),
  projectId: optionalRefId().optional(),
  files: fileIdListSchema.optional(),
};
export const trainingSaveSchema = z.strictObject(trainingFields);
export const trainingUpdateSchema = z.strictObject({ ...trainingFields, name: trainingFields.name.optional(), id: refId() });
export const trainingQuerySchema = z.strictObject({
  name: filterText(200),
  projectId: filterId(),
  deviceId: filterId(),
  trainFrom: filterDate(),
  trainTo: filterDate(),
}).superRefine(rangeOrder('trainFrom', 'trainTo'));

export const trainingRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  content: z.string(),
  contentEn: z.string(),
  trainAt: instantText().nullable(),
  deviceId: z.number().nullable(),
  deviceName: z.string().nullable(),
  deviceNameEn: z.string().nullable(),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string().nullable(),
  files: z.array(z.number()),
  createdAt: instantText(),
});
export type TrainingRow = z.output<typeof trainingRowSchema>;
