import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { serverText } from '@shared/server-text';
import type { Db } from '../../../db/client';
import { fallOrder, fallReport } from '../../../db/schema';
import { notifyReopened, publishNotified } from '../assignment';
import { publishLive } from '../../../live';
import { recomputeEquipmentState } from '../equipment';
import { isFault, SYSTEM_ACTOR } from './readings';

/**
 * A repair confirmed by the readings (docs/maintenance.md "Confirmation by the readings"): an order
 * raised from a channel (a channel warning linked to it) is completed only once that channel has read
 * normal for `orders.confirmMinutes`; meanwhile it is `confirming`, still open.
 */

/** One channel an order was raised from, as it reads now (its live board's row). */
export interface OrderChannel {
  detectId: number;
  ch: number;
  online: boolean;
  /** The channel reads abnormal now: its last values break the fault rule, or a fault condition is pending (its on-delay or N-in-M running). A new alarm on it is the sweep's to see. */
  abnormal: boolean;
}

/**
 * The channels of an order: those of the channel warnings linked to it (the order's own warning, or
 * warnings that name it), on boards still in service. None: the order has no channel and is completed
 * by its "fixed" report as before.
 */
export async function orderChannels(tx: Db, order: { id: number; warningId: number | null }): Promise<OrderChannel[]> {
  const rows = (
    await tx.execute(sql`
      SELECT DISTINCT c.detect_id AS "detectId", c.ch, d.online, c.switch_value AS "switchValue", c.analog_value AS "analogValue",
             c.analog_min AS "analogMin", c.analog_max AS "analogMax", c.pending_since AS "pendingSince"
        FROM fall_warning w
        JOIN fall_detect_channel c ON c.detect_id = w.detect_id AND c.ch = w.channel
        JOIN fall_detect d ON d.id = c.detect_id AND d.archived_at IS NULL
       WHERE w.kind = 'channel' AND (w.order_id = ${order.id} OR w.id = ${order.warningId ?? 0})
       ORDER BY 1, 2`)
  ).rows as { detectId: number; ch: number; online: boolean; switchValue: number; analogValue: number; analogMin: number; analogMax: number; pendingSince: unknown }[];
  return rows.map((r) => ({
    detectId: Number(r.detectId),
    ch: Number(r.ch),
    online: !!r.online,
    abnormal:
      isFault({ switch: Number(r.switchValue) as 0 | 1, analog: Number(r.analogValue) }, { analogMin: Number(r.analogMin), analogMax: Number(r.analogMax) }) ||
      r.pendingSince !== null,
  }));
}

export interface ConfirmationOutcome {
  /** Orders completed: their channels read normal for the whole window. */
  completed: number[];
  /** Orders sent back to repairing: the fault returned during confirmation. */
  reopened: number[];
}

/**
 * The device jobs' sweep over the confirming orders, judged at `now` (tests pass their own time):
 *  - a channel reading abnormal, or a channel warning opened on it since the "fixed" report, sends the
 *    order back to repairing with a system report row "fault returned during confirmation";
 *  - a board offline interrupts the normal run (confirming_since is cleared; it starts again when the
 *    board is heard and reads normal);
 *  - a run of `orders.confirmMinutes` completes the order, completedAt = the end of that run.
 */
export async function sweepConfirmations(app: FastifyInstance, now: Date = new Date()): Promise<ConfirmationOutcome> {
  const minutes = Math.max(0, await app.settings.get('orders.confirmMinutes'));
  const out: ConfirmationOutcome = { completed: [], reopened: [] };
  const ids = (await app.database.db.select({ id: fallOrder.id }).from(fallOrder).where(eq(fallOrder.status, 'confirming')).orderBy(fallOrder.id)).map((r) => r.id);
  const projects = new Set<number>();
  const told: number[] = [];
  for (const id of ids) {
    await app.database.db.transaction(async (tx) => {
      const [order] = await tx.select().from(fallOrder).where(eq(fallOrder.id, id)).for('update');
      if (order?.status !== 'confirming') return;
      const channels = await orderChannels(tx, order);
      const since = order.confirmingSince;
      const [{ fixedAt }] = (
        await tx.execute(sql`SELECT max(created_at) AS "fixedAt" FROM fall_report WHERE order_id = ${order.id} AND result = 'fixed'`)
      ).rows as { fixedAt: unknown }[];
      const from = fixedAt ? new Date(fixedAt as string) : (since ?? now);
      const warned = channels.length
        ? (
            await tx.execute(sql`
              SELECT 1 FROM fall_warning w
               WHERE w.kind = 'channel' AND (w.detect_id, w.channel) IN (${sql.join(channels.map((c) => sql`(${c.detectId}::int, ${c.ch}::smallint)`), sql`, `)})
                 AND (w.result IS NULL OR w.at >= ${from.toISOString()}::timestamptz)
               LIMIT 1`)
          ).rows.length > 0
        : false;
      if (warned || channels.some((c) => c.abnormal)) {
        await tx.insert(fallReport).values({ orderId: order.id, repairer: SYSTEM_ACTOR, repairAt: now, result: 'not_fixed', notes: serverText('text.faultReturned') });
        await tx
          .update(fallOrder)
          .set({ status: 'repairing', confirmingSince: null, completedAt: null, reportCount: sql`${fallOrder.reportCount} + 1`, updatedAt: now })
          .where(eq(fallOrder.id, order.id));
        out.reopened.push(order.id);
        // Its assignee is told (docs/maintenance.md "Assignment and notifications").
        told.push(...(await notifyReopened(tx, [order.id], now)));
      } else if (channels.some((c) => !c.online)) {
        // Silent boards tell nothing: the run starts again when they are heard.
        if (since) await tx.update(fallOrder).set({ confirmingSince: null, updatedAt: now }).where(eq(fallOrder.id, order.id));
        return;
      } else if (!since) {
        await tx.update(fallOrder).set({ confirmingSince: now, updatedAt: now }).where(eq(fallOrder.id, order.id));
        return;
      } else if (now.getTime() - since.getTime() >= minutes * 60_000) {
        // (A channel whose board was archived since is no longer waited for.) The repairer's "fixed"
        // report stands as the order's last report: completing adds no row, so the statistics see one visit.
        const completedAt = new Date(Math.min(now.getTime(), since.getTime() + minutes * 60_000));
        await tx
          .update(fallOrder)
          .set({ status: 'completed', confirmingSince: null, completedAt, updatedAt: now })
          .where(eq(fallOrder.id, order.id));
        out.completed.push(order.id);
      } else return;
      projects.add(order.projectId);
      await recomputeEquipmentState(tx, [order.equipmentId], now);
    });
  }
  for (const projectId of projects) {
    await publishLive(app, { topic: 'order', projectId });
    await publishLive(app, { topic: 'equipment', projectId });
  }
  await publishNotified(app, told);
  return out;
}
