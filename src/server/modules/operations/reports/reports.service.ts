import { eq, or, sql } from 'drizzle-orm';
import type { ReportSave } from '@shared/contracts/report';
import type { Db } from '../../../db/client';
import { fallOrder, fallReport, fallWarning } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { attachFiles } from '../../files';
import { recomputeEquipmentState } from '../equipment';
import { settleWarnings } from '../warnings';
import { checkReportTimes, type TimeRules } from '../orders';
import { fileChecklist } from '../checklists';
import { orderChannels } from '../detect';
import { issueReportParts } from '../stock';

/** Flags (0014) that a new completion time, or none, makes obsolete. */
const COMPLETION_ISSUES: readonly string[] = ['v.completedBeforeSubmission', 'v.completedInFuture'];

/**
 * Files a report and moves its order, in the caller's transaction (docs/domain.md §3):
 *  - a report on a submitted or accepted order starts the repair (repairing);
 *  - "not fixed" leaves the order repairing, or sends a completed order back to repairing;
 *  - the first "fixed" report completes the order (completedAt = the report's completion time or
 *    now) and settles the warnings it was opened for; its equipment goes back to normal unless
 *    another open order or warning holds it;
 *  - an order raised from a channel (detect/confirmation.ts) is refused "fixed" while the channel
 *    reads abnormal, and goes to `confirming` instead: the device jobs complete it once the channel
 *    has read normal for orders.confirmMinutes (docs/maintenance.md "Confirmation by the readings");
 *  - a closed order takes no reports;
 *  - the order's checklist, filled, goes with it (checklists/checklist.service.ts fileChecklist);
 *  - the parts it names are issued from their stores to the order (stock/stock.service.ts), each
 *    store holding enough, or nothing is written;
 *  - the report's times obey the rules of work-times.ts, or nothing is written.
 */
export async function fileReport(
  tx: Db,
  body: ReportSave,
  userId: number | null,
  rules: TimeRules,
): Promise<{ id: number; orderStatus: string; correctiveOrder: { id: number; number: string } | null }> {
  const [order] = await tx.select().from(fallOrder).where(eq(fallOrder.id, body.orderId)).for('update');
  if (!order) throw badRequest('v.invalid', { orderId: 'v.invalid' });
  if (order.status === 'closed') throw badRequest('err.orderClosed', { orderId: 'err.orderClosed' });
  checkReportTimes(order, body, rules);
  const settles = body.result === 'fixed' && order.status !== 'completed' && order.status !== 'confirming';
  const channels = settles ? await orderChannels(tx, order) : [];
  if (channels.some((c) => c.abnormal)) throw badRequest('err.channelStillAbnormal', { result: 'err.channelStillAbnormal' });

  const [report] = await tx
    .insert(fallReport)
    .values({
      orderId: order.id,
      repairer: body.repairer,
      repairAt: body.repairAt,
      durationHours: body.durationHours ?? 0,
      completedAt: body.completedAt ?? null,
      result: body.result,
      notes: body.notes ?? '',
      files: body.files ?? [],
    })
    .returning({ id: fallReport.id });
  await attachFiles(tx, 'fall_report', report.id, body.files ?? [], { field: 'files', userId });

  if (body.parts?.length) {
    await issueReportParts(tx, body.parts, { orderId: order.id, projectId: order.projectId, reportId: report.id, at: body.repairAt, by: body.repairer });
  }

  const now = new Date();
  // The order's checklist: required to complete, and what it fails opens a corrective order.
  const checklist = await fileChecklist(tx, { order, reportId: report.id, result: body.result, answers: body.checklist?.answers, filledBy: body.repairer, userId, now });
  let status = order.status;
  let completedAt = order.completedAt;
  let confirmingSince = order.confirmingSince;
  if (body.result === 'fixed') {
    if (settles) {
      // A channel's order waits for its readings; its normal run starts now (the sweep restarts it if a board is silent).
      status = channels.length ? 'confirming' : 'completed';
      completedAt = channels.length ? null : (body.completedAt ?? now);
      confirmingSince = channels.length ? now : null;
      // The repairer's "fixed" settles the warnings this order was opened for, as a person's deal would.
      const linked = order.warningId ? or(eq(fallWarning.orderId, order.id), eq(fallWarning.id, order.warningId))! : eq(fallWarning.orderId, order.id);
      await settleWarnings(tx, linked, { result: 'fixed', note: order.number, dealtBy: body.repairer, now });
    }
  } else {
    status = 'repairing';
    completedAt = null;
    confirmingSince = null;
  }
  const completionChanged = (completedAt?.getTime() ?? null) !== (order.completedAt?.getTime() ?? null);
  await tx
    .update(fallOrder)
    .set({
      status,
      completedAt,
      confirmingSince,
      dataIssue: completionChanged && order.dataIssue && COMPLETION_ISSUES.includes(order.dataIssue) ? null : order.dataIssue,
      acceptedAt: order.acceptedAt ?? now,
      reportCount: sql`${fallOrder.reportCount} + 1`,
      updatedAt: now,
    })
    .where(eq(fallOrder.id, order.id));
  // The order left the open statuses (or came back to them): its unit follows (equipment-state.service.ts).
  await recomputeEquipmentState(tx, [order.equipmentId], now);
  return { id: report.id, orderStatus: status, correctiveOrder: checklist?.correctiveOrder ?? null };
}
