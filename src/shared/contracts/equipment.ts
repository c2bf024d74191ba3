import { z } from 'zod';
import { EQUIPMENT_WARRANTY_FILTERS } from '../choices';
import { idSchema, refIdSchema, requiredString, instantText } from './common';
import { fileIdSchema } from './file';
import { archivedColumnsShape, archivedQueryField } from './archive';
import { filterEnum, optionalCalendarDate } from './work-fields';
import { EQUIPMENT_AVAILABILITY, statFilterShape } from './stat-filters';

const text = (max: number) => z.string({ error: 'v.invalid' }).trim().max(max, { message: 'v.tooLong' });
/**
 * Position on the project's site plan as fractions of the plan image: posX 0 = left edge, 1 = right
 * edge; posY 0 = top edge, 1 = bottom edge. Independent of the image's pixel size, so a plan can be
 * replaced by a sharper one without moving anything. Null: not placed.
 */
const fraction = z.number({ error: 'v.invalid' }).min(0, { message: 'v.fraction' }).max(1, { message: 'v.fraction' }).nullable();

/**
 * fall/eqInfo: an installed unit. Its `state` is not written here: it follows from open orders,
 * warnings and board liveness (docs/invariants.md "Equipment state"), so a form cannot contradict them.
 */
export const equipmentSaveSchema = z.strictObject({
  name: requiredString(128),
  /** The English name (empty: the name shows in English too; src/shared/local-name.ts). */
  nameEn: text(128).optional(),
  serial: text(128).optional(),
  handbook: fileIdSchema.optional(),
  projectId: refIdSchema('v.required'),
  deviceId: refIdSchema().nullable().optional(),
  posX: fraction.optional(),
  posY: fraction.optional(),
  /** Warranty end date, 'YYYY-MM-DD'; null or '' = unknown. */
  warrantyEnd: optionalCalendarDate().optional(),
});
export type EquipmentSave = z.infer<typeof equipmentSaveSchema>;
export const equipmentUpdateSchema = equipmentSaveSchema.partial().extend({ id: idSchema() }).strict();
export type EquipmentUpdate = z.infer<typeof equipmentUpdateSchema>;

export { EQUIPMENT_WARRANTY_FILTERS };
/** "Expiring" means the warranty ends today or within this many days. */
export const WARRANTY_SOON_DAYS = 30;

/** A query-form id: empty (the cleared picker sends '' or null) means no filter. */
const optionalId = z.union([z.literal(''), z.null(), refIdSchema()]).optional();

export const equipmentQuerySchema = z.object({
  keyword: z.string().max(64).optional(),
  projectId: optionalId,
  deviceId: optionalId,
  state: z.string().max(16).optional(),
  category: z.string().max(32).optional(),
  archived: archivedQueryField,
  /** Warranty ending within WARRANTY_SOON_DAYS days from today (UTC), or already ended. */
  warranty: filterEnum(EQUIPMENT_WARRANTY_FILTERS),
  /** The statistics screen's drill-down (fall/stats): neither broken nor offline (up), or one of them (down); the project's area and country. */
  availability: filterEnum(EQUIPMENT_AVAILABILITY),
  area: statFilterShape.area,
  country: statFilterShape.country,
  /** Out of service now (`yes`) or in service (`no`). */
  outOfService: filterEnum(['yes', 'no'] as const),
});
export type EquipmentQuery = z.infer<typeof equipmentQuerySchema>;

export const equipmentRowSchema = z.object({
  ...archivedColumnsShape,
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  serial: z.string(),
  handbook: z.number().nullable(),
  state: z.string(),
  stateSince: instantText(),
  projectId: z.number(),
  projectName: z.string(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string(),
  deviceId: z.number().nullable(),
  deviceName: z.string().nullable(),
  deviceNameEn: z.string().nullable(),
  category: z.string().nullable(),
  posX: z.number().nullable(),
  posY: z.number().nullable(),
  createdAt: instantText(),
  warrantyEnd: z.iso.date().nullable(),
  /** Out of service since (docs/alarms.md "Out of service"): its channels raise no alarms; null = in service. */
  outOfServiceAt: instantText().nullable(),
  /** When it comes back by itself; null = when someone puts it back. */
  outOfServiceUntil: instantText().nullable(),
  outOfServiceReason: z.string().default(''),
  outOfServiceBy: z.string().default(''),
});
export type EquipmentRow = z.output<typeof equipmentRowSchema>;
