import { z } from 'zod';
import { requiredString } from './common';
import { fileIdListSchema } from './file';
import { filterDate, filterId, filterText, optionalDate, optionalRefId, refId, textField } from './work-fields';
import { rangeOrder } from './query-filters';

/** Training material (fall/train). */
const trainingFields = {
  name: requiredString(200),
  content: textField(50_000).optional(),
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

export interface TrainingRow {
  id: number;
  name: string;
  content: string;
  trainAt: string | null;
  deviceId: number | null;
  deviceName: string | null;
  projectId: number | null;
  projectName: string | null;
  /** The project's English name; empty when it has none. */
  projectNameEn: string | null;
  files: number[];
  createdAt: string;
}
