import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReportSave } from '@shared/contracts/report';
import type { Db } from '../../../db/client';
import { fallEqInfo, fallOrder, fallReport } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { attachFiles } from '../../files/files.service';

/**
 * Files a report and moves its order, in the caller's transaction (DOMAIN.md §3):
 *  - a report on a submitted or accepted order starts the repair (repairing);
 *  - "not fixed" leaves the order repairing, or sends a completed order back to repairing;
 *  - the first "fixed" report completes the order (completedAt = the report's completion time or
 *    now) and puts its equipment back to normal;
 *  - a closed order takes no reports.
 */
export async function fileReport(tx: Db, body: ReportSave, userId: number | null): Promise<{ id: number; orderStatus: string }> {
  const [order] = await tx.select().from(fallOrder).where(eq(fallOrder.id, body.orderId)).for('update');
  if (!order) throw badRequest('v.invalid', { orderId: 'v.invalid' });
  if (order.status === 'closed') throw badRequest('err.orderClosed', { orderId: 'err.orderClosed' });

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

  const now = new Date();
  let status = order.status;
  let completedAt = order.completedAt;
  if (body.result === 'fixed') {
    if (status !== 'completed') {
      status = 'completed';
      completedAt = body.completedAt ?? now;
      if (order.equipmentId) {
        await tx
          .update(fallEqInfo)
          .set({ state: 'normal', stateSince: now })
          .where(and(eq(fallEqInfo.id, order.equipmentId), inArray(fallEqInfo.state, ['broken', 'maintenance'])));
      }
    }
  } else {
    status = 'repairing';
    completedAt = null;
  }
  await tx
    .update(fallOrder)
    .set({
      status,
      completedAt,
      acceptedAt: order.acceptedAt ?? now,
      reportCount: sql`${fallOrder.reportCount} + 1`,
      updatedAt: now,
    })
    .where(eq(fallOrder.id, order.id));
  return { id: report.id, orderStatus: status };
}
