import { z } from 'zod';
import { requiredString, instantText } from './common';
import { fileIdListSchema } from './file';
import { filterDate, filterEnum, filterId, filterText, optionalDate, refId, requiredDate, textField } from './work-fields';
import { rangeOrder } from './query-filters';
import { checklistAnswersSchema } from './checklist';
import { reportPartsSchema } from './stock';

/** Maintenance reports (fall/report): filing one moves its order (docs/domain.md §3). */
export const REPORT_RESULTS = ['fixed', 'not_fixed'] as const;
export type ReportResult = (typeof REPORT_RESULTS)[number];

const editable = {
  repairer: requiredString(64),
  repairAt: requiredDate(),
  durationHours: z.coerce.number({ error: 'v.invalid' }).min(0, { message: 'v.durationNegative' }).max(10_000, { message: 'v.invalid' }).optional(),
  completedAt: optionalDate().optional(),
  notes: textField(5000).optional(),
  files: fileIdListSchema.optional(),
};

/** POST /ball/fallreport/save. */
export const reportSaveSchema = z.strictObject({
  orderId: refId(),
  result: z.enum(REPORT_RESULTS, { error: 'v.required' }),
  ...editable,
  /** The order's checklist as filled (docs/maintenance.md "Checklists"); needed with "fixed" when the order names one. Kept as filed: an update does not change it. */
  checklist: checklistAnswersSchema.optional(),
  /** Parts taken from the project's stores (docs/maintenance.md "Parts and stock"): issued in the report's transaction. */
  parts: reportPartsSchema.optional(),
});
export type ReportSave = z.infer<typeof reportSaveSchema>;

/**
 * POST /ball/fallreport/update. The order and the result are what moved the order, so they cannot
 * change (a different outcome is a new report); the edit form may still send them unchanged.
 */
export const reportUpdateSchema = z.strictObject({
  id: refId(),
  orderId: refId().optional(),
  result: z.enum(REPORT_RESULTS, { error: 'v.invalid' }).optional(),
  repairer: editable.repairer.optional(),
  repairAt: editable.repairAt.optional(),
  durationHours: editable.durationHours,
  completedAt: editable.completedAt,
  notes: editable.notes,
  files: editable.files,
  /** The edit form sends its empty draft; answers are refused (v.checklistFrozen): a filled checklist is a record. */
  checklist: checklistAnswersSchema.optional(),
  /** The edit form sends its empty list; parts are refused (v.partsFrozen): they were issued from stock. */
  parts: reportPartsSchema.optional(),
});

export const reportQuerySchema = z.strictObject({
  orderId: filterId(),
  projectId: filterId(),
  result: filterEnum(REPORT_RESULTS),
  /** Prefix of the repairer's name. */
  repairer: filterText(64),
  repairFrom: filterDate(),
  repairTo: filterDate(),
}).superRefine(rangeOrder('repairFrom', 'repairTo'));

/** POST /ball/fallreport/save's answer: the new report and the status its order moved to. */
export const reportFiledSchema = z.object({
  id: z.number().int(),
  orderStatus: z.string(),
  /** The corrective order a failed checklist opened. */
  correctiveOrder: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});
export type ReportFiled = z.output<typeof reportFiledSchema>;

export const reportRowSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNumber: z.string(),
  orderName: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string(),
  repairer: z.string(),
  repairAt: instantText(),
  durationHours: z.number(),
  completedAt: instantText().nullable(),
  result: z.enum(REPORT_RESULTS),
  notes: z.string(),
  files: z.array(z.number()),
  createdAt: instantText(),
  /** Its filled checklist's failed and flagged items; null without one. */
  checklistFailed: z.number().nullable(),
  checklistFlagged: z.number().nullable(),
  /** The time rule this stored row breaks (a message key, docs/invariants.md); null when it keeps them all. */
  dataIssue: z.string().nullable(),
});
export type ReportRow = z.output<typeof reportRowSchema>;
