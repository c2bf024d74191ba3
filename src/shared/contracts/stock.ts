import { z } from 'zod';
import { idSchema, instantText, requiredString } from './common';
import { filterDate, filterEnum, filterId, filterText, intField, optionalInstant, refId, textField } from './work-fields';
import { rangeOrder } from './query-filters';
import type { DictItem } from '../dictionaries';

/**
 * Parts stock (issue 39, docs/maintenance.md "Parts and stock"): stores per project, a part's count
 * per store as the sum of its moves, the reorder list. A move is a receipt (+), an issue to an order
 * (−, written by a report) or an adjustment (±, with a reason); it is never edited.
 */
export const STOCK_MOVE_KINDS = ['receipt', 'issue', 'adjustment'] as const;
export type StockMoveKind = (typeof STOCK_MOVE_KINDS)[number];
/** The kinds as the lists and exports name them. */
export const STOCK_MOVE_KIND: DictItem[] = [
  { value: 'receipt', cn: '入库', en: 'Receipt' },
  { value: 'issue', cn: '领用', en: 'Issue to an order' },
  { value: 'adjustment', cn: '调整', en: 'Adjustment' },
];
/** The kinds a person writes by hand: issues come from reports. */
export const MANUAL_MOVE_KINDS = ['receipt', 'adjustment'] as const;
/** The most one move carries. */
export const STOCK_MOVE_MAX = 100_000;
/** The most parts one report takes. */
export const REPORT_PARTS_MAX = 30;

/** fall/store: a store room of one project. */
export const storeSaveSchema = z.strictObject({
  projectId: refId(),
  name: requiredString(100),
  nameEn: textField(100).optional(),
  remark: textField(500).optional(),
});
export type StoreSave = z.infer<typeof storeSaveSchema>;
export const storeUpdateSchema = storeSaveSchema.partial().extend({ id: idSchema() }).strict();
export const storeQuerySchema = z.object({ keyword: filterText(), projectId: filterId() });
export const storeRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectNameEn: z.string(),
  name: z.string(),
  nameEn: z.string(),
  remark: z.string(),
  /** Parts counted in it, and their count. */
  parts: z.number(),
  quantity: z.number(),
  createdAt: instantText(),
});
export type StoreRow = z.output<typeof storeRowSchema>;

/**
 * POST /ball/fallstock/save: a receipt or an adjustment. A receipt's quantity is positive; an
 * adjustment's is signed, never zero, and carries its reason.
 */
export const stockMoveSaveSchema = z
  .strictObject({
    partId: refId(),
    storeId: refId(),
    kind: z.enum(MANUAL_MOVE_KINDS, { error: 'v.required' }),
    quantity: intField(-STOCK_MOVE_MAX, STOCK_MOVE_MAX),
    reason: textField(500).optional(),
    /** When it happened (default now; never in the future). */
    at: optionalInstant(),
  })
  .superRefine((m, ctx) => {
    if (m.quantity === 0 || (m.kind === 'receipt' && m.quantity < 0)) ctx.addIssue({ code: 'custom', path: ['quantity'], message: m.kind === 'receipt' ? 'v.stockReceiptPositive' : 'v.stockMoveZero' });
    if (m.kind === 'adjustment' && !m.reason?.trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'v.stockReasonRequired' });
  });
export type StockMoveSave = z.infer<typeof stockMoveSaveSchema>;

export const stockMoveQuerySchema = z
  .object({
    partId: filterId(),
    storeId: filterId(),
    projectId: filterId(),
    orderId: filterId(),
    equipmentId: filterId(),
    kind: filterEnum(STOCK_MOVE_KINDS),
    keyword: filterText(),
    atFrom: filterDate(),
    atTo: filterDate(),
  })
  .superRefine(rangeOrder('atFrom', 'atTo'));

export const stockMoveRowSchema = z.object({
  id: z.number(),
  partId: z.number(),
  partName: z.string(),
  partNo: z.string(),
  storeId: z.number(),
  storeName: z.string(),
  storeNameEn: z.string(),
  projectId: z.number(),
  kind: z.enum(STOCK_MOVE_KINDS),
  /** Signed. */
  quantity: z.number(),
  unitCost: z.number(),
  reason: z.string(),
  orderId: z.number().nullable(),
  orderNumber: z.string().nullable(),
  /** The unit the order was on (what the parts cost is counted against). */
  orderEquipmentId: z.number().nullable(),
  reportId: z.number().nullable(),
  at: instantText(),
  by: z.string(),
});
export type StockMoveRow = z.output<typeof stockMoveRowSchema>;

/** A part of a report: how many, from which store. */
export const reportPartSchema = z.strictObject({ partId: refId(), storeId: refId(), quantity: intField(1, STOCK_MOVE_MAX) });
export const reportPartsSchema = z.array(reportPartSchema, { error: 'v.invalid' }).max(REPORT_PARTS_MAX, { message: 'v.tooLong' });
export type ReportPart = z.infer<typeof reportPartSchema>;

/** GET /ball/fallstock/available?orderId=: what the order's project has in its stores, for the report form. */
export const stockAvailableQuerySchema = z.strictObject({ orderId: refId() });
export const stockLevelSchema = z.object({
  partId: z.number(),
  partName: z.string(),
  partNo: z.string(),
  equipmentId: z.number(),
  equipmentName: z.string(),
  equipmentNameEn: z.string(),
  storeId: z.number(),
  storeName: z.string(),
  storeNameEn: z.string(),
  projectId: z.number(),
  quantity: z.number(),
  unitCost: z.number(),
  reorderPoint: z.number().nullable(),
});
export type StockLevel = z.output<typeof stockLevelSchema>;
export const stockAvailableSchema = z.array(stockLevelSchema);

/** POST /ball/fallreorder/list: the parts at or under their reorder point, per store. */
export const reorderQuerySchema = z.object({ projectId: filterId(), storeId: filterId(), keyword: filterText() });
export const reorderRowSchema = stockLevelSchema.extend({
  /** `${partId}-${storeId}`: a row is a part in a store. */
  id: z.string(),
  projectName: z.string(),
  projectNameEn: z.string(),
  /** How many to order to be back above the point (point + 1 − count). */
  shortBy: z.number(),
});
export type ReorderRow = z.output<typeof reorderRowSchema>;
