import { z } from 'zod';
import { SENSOR_KINDS } from '../choices';
import { requiredString, instantText } from './common';
import { filterEnum, filterId, filterText, numberField, refId, textField } from './work-fields';

/** Sensors (fall/others): water level, pressure, flow, temperature, wind. */
export { SENSOR_KINDS };
/** The unit a new sensor of each kind gets unless another is typed. */
export const SENSOR_DEFAULT_UNITS: Record<(typeof SENSOR_KINDS)[number], string> = {
  water_level: 'm',
  pressure: 'MPa',
  flow: 'm³/h',
  temperature: '°C',
  wind: 'm/s',
};

const threshold = () => numberField(-1e9, 1e9).nullable().optional();

/** Min and max are checked against each other by the server (a refinement would block `.partial`). */
export const sensorSaveSchema = z.strictObject({
  name: requiredString(128),
  /** The English name (empty: the name shows in English too; src/shared/local-name.ts). */
  nameEn: textField(128).optional(),
  kind: z.enum(SENSOR_KINDS, { error: 'v.required' }),
  unit: textField(16).optional(),
  value: numberField(-1e9, 1e9).optional(),
  minValue: threshold(),
  maxValue: threshold(),
  projectId: refId(),
});
export const sensorQuerySchema = z.strictObject({ name: filterText(128), kind: filterEnum(SENSOR_KINDS), projectId: filterId() });

export const sensorRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  kind: z.enum(SENSOR_KINDS),
  unit: z.string(),
  value: z.number(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  projectId: z.number(),
  projectName: z.string().nullable(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string().nullable(),
  /** The value is outside its thresholds. */
  outOfRange: z.boolean(),
  updatedAt: instantText(),
});
export type SensorRow = z.output<typeof sensorRowSchema>;
