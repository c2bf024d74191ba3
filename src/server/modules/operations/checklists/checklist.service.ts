import { eq } from 'drizzle-orm';
import { failuresText, judge, type CheckAnswers, type CheckItem } from '@shared/checklist';
import type { ReportResult } from '@shared/contracts/report';
import { serverText } from '@shared/server-text';
import type { Db } from '../../../db/client';
import { fallChecklist, fallChecklistFilled, fallChecklistValue, fallOrder } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { attachFiles } from '../../files';
import { insertOrder } from '../orders';

type Order = typeof fallOrder.$inferSelect;

/** The first of a set of field messages as the 400's message, every one as its fields. */
function refuse(fields: Record<string, string>): never {
  const [first] = Object.values(fields);
  throw badRequest(first, fields);
}

export interface FiledChecklist {
  filledId: number;
  correctiveOrder: { id: number; number: string } | null;
}

/**
 * Files a report's checklist in the report's transaction (docs/maintenance.md "Checklists"):
 *  - an order that names a template needs its checklist with a "fixed" report (`400 checklist`);
 *    a "not fixed" report may carry it or not;
 *  - answers of the wrong kind or for an item the template lacks are `400 checklist.<key>`;
 *  - a "fixed" report lacking a required answer — a photo, a signature — is refused, naming the item;
 *  - the filled checklist keeps the template's items as they were, its numbers go to the unit's history;
 *  - a number out of its limits or a "fail" opens one corrective order (source 'checklist', high
 *    priority) on the same unit, naming what failed.
 */
export async function fileChecklist(
  tx: Db,
  input: { order: Order; reportId: number; result: ReportResult; answers: CheckAnswers | undefined; filledBy: string; userId: number | null; now: Date },
): Promise<FiledChecklist | null> {
  const { order, answers } = input;
  if (order.checklistId === null) {
    // A form sends its empty draft along: no answers are no checklist.
    if (answers !== undefined && Object.keys(answers).length) throw badRequest('v.checklistNone', { checklist: 'v.checklistNone' });
    return null;
  }
  if (answers === undefined) {
    if (input.result === 'fixed') throw badRequest('v.checklistMissing', { checklist: 'v.checklistMissing' });
    return null;
  }
  // An archived template still holds for the orders that named it before.
  const [template] = await tx.select().from(fallChecklist).where(eq(fallChecklist.id, order.checklistId));
  if (!template) throw badRequest('v.checklistNone', { checklist: 'v.checklistNone' });
  const items: CheckItem[] = template.items;
  const verdict = judge(items, answers);
  if (Object.keys(verdict.invalid).length) refuse(verdict.invalid);
  if (input.result === 'fixed' && Object.keys(verdict.missing).length) refuse(verdict.missing);

  // Photos and signatures are images uploaded for this report, each named by its item.
  for (const item of items) {
    const value = answers[item.key];
    if (item.type === 'photo' && Array.isArray(value)) await attachFiles(tx, 'fall_report', input.reportId, value, { field: `checklist.${item.key}`, userId: input.userId, imageOnly: true });
    if (item.type === 'signature' && value && typeof value === 'object' && !Array.isArray(value)) {
      await attachFiles(tx, 'fall_report', input.reportId, [value.file], { field: `checklist.${item.key}`, userId: input.userId, imageOnly: true });
    }
  }
  const kept = Object.fromEntries(Object.entries(answers).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')));

  const [filled] = await tx
    .insert(fallChecklistFilled)
    .values({
      reportId: input.reportId,
      orderId: order.id,
      checklistId: template.id,
      name: template.name,
      nameEn: template.nameEn,
      items,
      answers: kept,
      failed: verdict.failed.length,
      flagged: verdict.flagged.length,
      filledBy: input.filledBy,
      filledAt: input.now,
    })
    .returning({ id: fallChecklistFilled.id });

  const numbers = items.filter((i) => i.type === 'number' && typeof kept[i.key] === 'number');
  if (numbers.length) {
    const failedKeys = new Set(verdict.failed.map((i) => i.key));
    await tx.insert(fallChecklistValue).values(
      numbers.map((i) => ({
        filledId: filled.id,
        projectId: order.projectId,
        equipmentId: order.equipmentId,
        itemKey: i.key,
        label: i.label,
        labelEn: i.labelEn,
        unit: i.unit ?? '',
        value: kept[i.key] as number,
        min: i.min ?? null,
        max: i.max ?? null,
        ok: !failedKeys.has(i.key),
        at: input.now,
      })),
    );
  }

  let correctiveOrder: FiledChecklist['correctiveOrder'] = null;
  if (verdict.failed.length) {
    correctiveOrder = await insertOrder(tx, {
      name: serverText('text.checklistFailed', {
        checklist: template.name,
        checklistEn: template.nameEn,
        order: order.number,
        items: failuresText(verdict.failed, kept, false),
        itemsEn: failuresText(verdict.failed, kept, true),
      }),
      projectId: order.projectId,
      equipmentId: order.equipmentId,
      priority: 'high',
      source: 'checklist',
      parentOrderId: order.id,
      submitter: input.filledBy,
      createdBy: input.userId,
    });
    // Its unit's state follows with the report's (fileReport recomputes it after the checklist).
    await tx.update(fallChecklistFilled).set({ correctiveOrderId: correctiveOrder.id }).where(eq(fallChecklistFilled.id, filled.id));
  }
  return { filledId: filled.id, correctiveOrder };
}
