import { z } from 'zod';
import { requiredString, instantText, pageSchemaOf } from './common';
import { fileIdListSchema } from './file';
import { filterDate, filterEnum, filterId, filterText, optionalInstant, optionalRefId, refId, textField } from './work-fields';
import { rangeOrder } from './query-filters';
import { REPORT_RESULTS } from './report';
import { ORDER_STAT_METRICS, statDay, statFilterShape } from './stat-filters';

/** Maintenance orders (fall/order, docs/domain.md §3). */
/** `confirming`: a channel's order reported fixed, waiting for its channel to read normal (docs/maintenance.md "Confirmation by the readings"). */
export const ORDER_STATUSES = ['submitted', 'accepted', 'repairing', 'confirming', 'completed', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses of an order someone still has to work on: it holds its unit in maintenance and counts as open on every screen. */
export const OPEN_ORDER_STATUSES = ['submitted', 'accepted', 'repairing', 'confirming'] as const satisfies readonly OrderStatus[];
export const ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];
/** manual (a person), warning (an alarm's automatic order), preventive (the detector saw a channel heading for a fault, docs/predictive.md). */
export const ORDER_SOURCES = ['manual', 'warning', 'preventive', 'checklist'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const ORDER_SORTS = ['submittedAt', 'number', 'status', 'priority'] as const;

/** `WO-YYYYMMDD-NNNN`: the day the order was created, then its sequence that day. */
export const ORDER_NUMBER_PATTERN = /^WO-\d{8}-\d{4,}$/;

/** Where an order may go from each status; anything else is refused. Reports move it too (see reports). */
export const ORDER_TRANSITIONS: Record<'accept' | 'close' | 'confirm' | 'reopen', readonly OrderStatus[]> = {
  accept: ['submitted'],
  // The readings' moves (detect/confirmation.ts): a confirming order is completed once its channel
  // has read normal long enough, or goes back to repairing when the fault returns.
  confirm: ['confirming'],
  reopen: ['confirming'],
  // Work under way is finished by a report first; a submitted or accepted order may be cancelled.
  close: ['submitted', 'accepted', 'confirming', 'completed'],
};

const orderFields = {
  name: requiredString(200),
  description: textField(5000).optional(),
  submitter: textField(64).optional(),
  contact: textField(64).optional(),
  /** Left empty, the order is stamped with the time it is saved. */
  submittedAt: optionalInstant(),
  files: fileIdListSchema.optional(),
  projectId: refId(),
  equipmentId: optionalRefId().optional(),
  priority: z.enum(ORDER_PRIORITIES, { error: 'v.invalid' }).optional(),
  /** The checklist its reports fill (fall/checklist); '' or null: none. */
  checklistId: optionalRefId().optional(),
  /** Who works it: a user whose data scope covers the project ('' or null: nobody); needs `fall-order#assign` to change. */
  assigneeId: optionalRefId().optional(),
};

/** POST /ball/fallorder/save. The number, status and source are the server's. */
export const orderSaveSchema = z.strictObject(orderFields);
export type OrderSave = z.infer<typeof orderSaveSchema>;

/** POST /ball/fallorder/update: any of the save fields, plus the id. */
export const orderUpdateSchema = z.strictObject({ ...orderFields, name: orderFields.name.optional(), projectId: refId().optional(), id: refId() });
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;

/** POST /ball/fallorder/accept and /close. */
export const orderActionSchema = z.strictObject({ id: refId() });

/** The query model of the order list (and of listAll, where `title: 1` asks for the picker shape). */
export const orderQuerySchema = z.strictObject({
  projectId: filterId(),
  equipmentId: filterId(),
  status: filterEnum(ORDER_STATUSES),
  priority: filterEnum(ORDER_PRIORITIES),
  source: filterEnum(ORDER_SOURCES),
  /** Prefix of the order number when it starts with "WO-", else of the name (case-insensitive). */
  keyword: filterText(64),
  submittedFrom: filterDate(),
  submittedTo: filterDate(),
  /**
   * The statistics screen's drill-down (fall/stats): the orders a figure counts over the UTC days
   * statFrom..statTo (submitted in them, or completed in them and first-time fixed, on time …), and
   * the projects' area and country and the unit's category the screen filters by.
   */
  statFrom: z.preprocess((v) => (v === '' || v === null ? undefined : v), statDay().optional()),
  statTo: z.preprocess((v) => (v === '' || v === null ? undefined : v), statDay().optional()),
  statMetric: filterEnum(ORDER_STAT_METRICS),
  area: statFilterShape.area,
  country: statFilterShape.country,
  category: statFilterShape.category,
}).superRefine(rangeOrder('submittedFrom', 'submittedTo')).superRefine(rangeOrder('statFrom', 'statTo'));
export type OrderQuery = z.infer<typeof orderQuerySchema>;

export const orderListAllSchema = orderQuerySchema.extend({
  title: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()),
});

export const orderRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  description: z.string(),
  submitter: z.string(),
  contact: z.string(),
  submittedAt: instantText(),
  files: z.array(z.number()),
  projectId: z.number(),
  projectName: z.string().nullable(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string().nullable(),
  equipmentId: z.number().nullable(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  priority: z.enum(ORDER_PRIORITIES),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(ORDER_STATUSES),
  acceptedAt: instantText().nullable(),
  completedAt: instantText().nullable(),
  closedAt: instantText().nullable(),
  reportCount: z.number(),
  warningId: z.number().nullable(),
  /** The checklist template its reports fill, and its name. */
  checklistId: z.number().nullable(),
  checklistName: z.string().nullable(),
  checklistNameEn: z.string().nullable(),
  /** A corrective order's origin: the order whose checklist failed. */
  parentOrderId: z.number().nullable(),
  /** Who works it, and when it is due (its SLA; docs/maintenance.md "Assignment and notifications"). */
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  assigneeNameEn: z.string().nullable(),
  dueAt: instantText().nullable(),
  updatedAt: instantText(),
  /** The time rule this stored row breaks (a message key, docs/invariants.md); null when it keeps them all. */
  dataIssue: z.string().nullable(),
});
export type OrderRow = z.output<typeof orderRowSchema>;

/** A paged order list; `totalExact: false` when the total is the planner's estimate (see orders.repository). */
export const orderPageSchema = pageSchemaOf(orderRowSchema).extend({ totalExact: z.boolean() });
export type OrderPage = z.output<typeof orderPageSchema>;

/** GET /ball/fallorder/info: the order with its reports (the report rows as stored). */
export const orderDetailSchema = orderRowSchema.extend({
  reports: z.array(
    z.object({
      id: z.number(),
      orderId: z.number(),
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
    }),
  ),
  /** Its assignees, oldest change first. */
  assignments: z.array(
    z.object({
      id: z.number(),
      /** The names as they were; the English ones the users' own now (the Chinese one when they have none). */
      fromName: z.string(),
      toName: z.string(),
      byName: z.string(),
      fromNameEn: z.string(),
      toNameEn: z.string(),
      byNameEn: z.string(),
      at: instantText(),
    }),
  ),
});
export type OrderDetail = z.output<typeof orderDetailSchema>;
/** listAll with title=1: pickers get id, name and number. */
/** The answer of an order's save: its id and the number it was given. */
export const orderSavedSchema = orderRowSchema.pick({ id: true, number: true });
/** The answer of accept and close: the order and the status it moved to. */
export const orderMovedSchema = orderRowSchema.pick({ id: true, status: true });

export const orderOptionSchema = z.object({ id: z.number(), name: z.string(), number: z.string() });
