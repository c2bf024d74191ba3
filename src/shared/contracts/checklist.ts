import { z } from 'zod';
import { CHECK_ITEM_TYPES, CHECK_ITEMS_MAX, CHECK_OPTIONS_MAX, type CheckAnswers, type CheckItem } from '../checklist';
import { instantText } from './common';
import { filterText, textField } from './work-fields';

/**
 * Checklist templates (fall/checklist, issue 39, docs/maintenance.md "Checklists"): typed items a
 * technician fills in a report. An order names its template; the filled checklist is kept with the
 * report as it was filled, the template's items copied, so a later edit of the template never
 * rewrites what was recorded.
 */
export { CHECK_ITEM_TYPES };

const KEY = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const limit = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : blankToNull(v)),
  z.number({ error: 'v.invalid' }).min(-1e8, { message: 'v.invalid' }).max(1e8, { message: 'v.invalid' }).nullable(),
);

export const checkItemSchema = z.strictObject({
  key: z.string({ error: 'v.required' }).trim().regex(KEY, { message: 'v.checklistKey' }),
  type: z.enum(CHECK_ITEM_TYPES, { error: 'v.invalid' }),
  label: textField(200).min(1, { message: 'v.required' }),
  labelEn: textField(200).default(''),
  required: z.boolean({ error: 'v.invalid' }).default(true),
  unit: textField(16).optional(),
  limited: z.boolean({ error: 'v.invalid' }).optional(),
  min: limit.optional(),
  max: limit.optional(),
  options: z.array(textField(64).min(1, { message: 'v.required' }), { error: 'v.invalid' }).max(CHECK_OPTIONS_MAX, { message: 'v.checklistOptions' }).optional(),
});

/**
 * A template's items as a whole: keys unique, a number's limits in order and present where the item
 * demands them (`limited`, the default), a choice of at least two distinct options. Each issue names
 * its item's field (`items.2.min`).
 */
function checkItems(items: readonly z.output<typeof checkItemSchema>[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['items', i, field], message });
    if (seen.has(item.key)) at('key', 'v.checklistKeyTwice');
    seen.add(item.key);
    if (item.type === 'number') {
      const min = item.min ?? null;
      const max = item.max ?? null;
      if (item.limited !== false && min === null && max === null) at('min', 'v.checklistLimits');
      if (min !== null && max !== null && min > max) at('max', 'v.checklistLimitOrder');
    }
    if (item.type === 'choice') {
      const options = item.options ?? [];
      if (options.length < 2 || new Set(options).size !== options.length) at('options', 'v.checklistOptions');
    }
  });
}

const itemsField = z.array(checkItemSchema, { error: 'v.invalid' }).min(1, { message: 'v.checklistEmpty' }).max(CHECK_ITEMS_MAX, { message: 'v.checklistLong' });

/** Only what an item of its type reads is kept. */
export function normalItem(item: z.output<typeof checkItemSchema>): CheckItem {
  const base: CheckItem = { key: item.key, type: item.type, label: item.label, labelEn: item.labelEn ?? '', required: item.required ?? true };
  if (item.type === 'number') return { ...base, unit: item.unit ?? '', limited: item.limited !== false, min: item.min ?? null, max: item.max ?? null };
  if (item.type === 'choice') return { ...base, options: item.options ?? [] };
  return base;
}

export const checklistSaveSchema = z
  .strictObject({
    name: textField(100).min(1, { message: 'v.required' }),
    nameEn: textField(100).optional(),
    remark: textField(500).optional(),
    items: itemsField,
  })
  .superRefine((v, ctx) => checkItems(v.items, ctx));
export type ChecklistSave = z.output<typeof checklistSaveSchema>;

export const checklistUpdateSchema = z
  .strictObject({
    id: z.number({ error: 'v.id' }).int().positive(),
    name: textField(100).min(1, { message: 'v.required' }).optional(),
    nameEn: textField(100).optional(),
    remark: textField(500).optional(),
    items: itemsField.optional(),
  })
  .superRefine((v, ctx) => v.items && checkItems(v.items, ctx));
export type ChecklistUpdate = z.output<typeof checklistUpdateSchema>;

export const checklistQuerySchema = z.object({ keyword: filterText() });

const itemOut = z.object({
  key: z.string(),
  type: z.enum(CHECK_ITEM_TYPES),
  label: z.string(),
  labelEn: z.string(),
  required: z.boolean(),
  unit: z.string().optional(),
  limited: z.boolean().optional(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  options: z.array(z.string()).optional(),
});

export const checklistRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  remark: z.string(),
  items: z.array(itemOut),
  /** Open orders naming it. */
  orders: z.number(),
  createdAt: instantText(),
  updatedAt: instantText(),
});
export type ChecklistRow = z.output<typeof checklistRowSchema>;

const signatureSchema = z.strictObject({ name: z.string(), file: z.number() });
const answerSchema = z.union([z.number(), z.string(), z.array(z.number()), signatureSchema], { error: 'v.invalid' });

/** A report's filled checklist, as filed (POST /ball/fallreport/save `checklist`): answers by item key. */
export const checklistAnswersSchema = z.strictObject({
  answers: z.record(z.string().max(32), answerSchema, { error: 'v.invalid' }),
});

/** A filled checklist as kept (GET /ball/fallreport/checklist/{reportId}): the items as they were, and their verdicts. */
export const filledChecklistSchema = z.object({
  id: z.number(),
  reportId: z.number(),
  orderId: z.number(),
  checklistId: z.number().nullable(),
  name: z.string(),
  nameEn: z.string(),
  items: z.array(itemOut),
  answers: z.record(z.string(), answerSchema),
  verdicts: z.array(z.object({ key: z.string(), state: z.enum(['ok', 'flag', 'fail', 'open']) })),
  failed: z.number(),
  flagged: z.number(),
  /** The corrective order its failures opened, if any. */
  correctiveOrderId: z.number().nullable(),
  correctiveOrderNumber: z.string().nullable(),
  filledBy: z.string(),
  filledAt: instantText(),
});
export type FilledChecklist = z.output<typeof filledChecklistSchema>;
export type { CheckAnswers };

/** A unit's numbers from checklists (GET /ball/falleqinfo/checklistValues?equipmentId=…): its history beside the board's readings. */
export const checklistValuesQuerySchema = z.strictObject({
  equipmentId: z.string().regex(/^[1-9][0-9]{0,9}$/, { message: 'v.id' }),
  key: z.string().regex(KEY, { message: 'v.invalid' }).optional(),
  from: z.iso.datetime({ offset: true, error: 'v.invalid' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'v.invalid' }).optional(),
});
export const checklistValueSchema = z.object({
  at: instantText(),
  key: z.string(),
  label: z.string(),
  labelEn: z.string(),
  unit: z.string(),
  value: z.number(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  ok: z.boolean(),
  orderId: z.number(),
  reportId: z.number(),
});
export type ChecklistValue = z.output<typeof checklistValueSchema>;
