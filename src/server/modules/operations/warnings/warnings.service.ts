import { OPEN_ORDER_STATUSES } from '@shared/contracts/order';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { parsePopupLevels } from '@shared/alarm';
import { serverText } from '@shared/server-text';
import type { Db } from '../../../db/client';
import { fallDetect, fallDetectChannel, fallOrder, fallWarning } from '../../../db/schema';
import { recomputeEquipmentState, type EquipmentStateChange } from '../equipment';
import { publishLive } from '../../../live';
import { auditWallEscalation } from '../escalation';

export interface SettleOptions {
  result: 'fixed' | 'not_fixed';
  note: string;
  dealtBy: string;
  now: Date;
}

/**
 * Closes the open warnings matching `where` as a person's decision, in the caller's transaction, and
 * recomputes the units they (and their channels) hold. "fixed" also clears the channel's fault, so a
 * fault still present at the next reading opens a new warning; "not fixed" leaves the channel
 * faulty (no new warning until it recovers), which keeps its unit broken.
 */
export async function settleWarnings(tx: Db, where: SQL, o: SettleOptions): Promise<{ ids: number[]; changed: EquipmentStateChange[] }> {
  const closed = await tx
    .update(fallWarning)
    .set({ result: o.result, note: o.note, dealAt: o.now, dealtBy: o.dealtBy })
    .where(and(where, isNull(fallWarning.result)))
    .returning({ id: fallWarning.id, kind: fallWarning.kind, detectId: fallWarning.detectId, channel: fallWarning.channel, equipmentId: fallWarning.equipmentId });
  const units: (number | null)[] = closed.map((w) => w.equipmentId);
  if (o.result === 'fixed') {
    for (const w of closed) {
      if (w.kind !== 'channel' || !w.detectId || !w.channel) continue;
      const cleared = await tx
        .update(fallDetectChannel)
        .set({ result: 'normal', normalStreak: 0, updatedAt: o.now })
        .where(and(eq(fallDetectChannel.detectId, w.detectId), eq(fallDetectChannel.ch, w.channel)))
        .returning({ equipmentId: fallDetectChannel.equipmentId });
      units.push(...cleared.map((c) => c.equipmentId));
    }
  }
  return { ids: closed.map((w) => w.id), changed: await recomputeEquipmentState(tx, units, o.now) };
}

/** Who closed what nobody closed by hand (readings.ts writes the same name). */
const SYSTEM_ACTOR = 'system';

/**
 * Closes, never deletes, what a project or board taken out of service leaves open (docs/invariants.md
 * "Archive and delete"), in the archive's transaction: its open warnings get the result `closed` with
 * the reason as their note, and the automatic orders they raised are closed; a person's orders stay
 * as they are. The walls stop counting an archived project's or board's warnings, so an open one
 * left behind made the wall and the back-office disagree. Its channels' faults are cleared too:
 * nobody reads an archived board, and a fault kept in the row would hold its units broken (and the
 * demo's simulated board faulty) after a restore; a fault still there then opens a new warning at
 * the first reading.
 */
export async function closeArchivedWork(tx: Db, of: { projectIds: number[] } | { boardIds: number[] }, now: Date): Promise<{ warnings: number; orders: number }> {
  const byProject = 'projectIds' in of;
  const ids = byProject ? of.projectIds : of.boardIds;
  if (!ids.length) return { warnings: 0, orders: 0 };
  const reason = serverText(byProject ? 'text.projectArchived' : 'text.boardArchived');
  const closed = await tx
    .update(fallWarning)
    .set({ result: 'closed', note: reason, dealAt: now, dealtBy: SYSTEM_ACTOR })
    .where(and(byProject ? inArray(fallWarning.projectId, ids) : inArray(fallWarning.detectId, ids), isNull(fallWarning.result)))
    .returning({ id: fallWarning.id, equipmentId: fallWarning.equipmentId });
  const closedIds = closed.map((w) => w.id);
  const raised = closedIds.length ? inArray(fallOrder.warningId, closedIds) : undefined;
  const orders = await tx
    .update(fallOrder)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(
      and(
        eq(fallOrder.source, 'warning'),
        inArray(fallOrder.status, [...OPEN_ORDER_STATUSES]),
        // A project's automatic orders all go; a board's, those its warnings raised and no open warning still holds.
        byProject
          ? inArray(fallOrder.projectId, ids)
          : and(raised ?? sql`false`, notExists(tx.select({ id: fallWarning.id }).from(fallWarning).where(and(eq(fallWarning.orderId, fallOrder.id), isNull(fallWarning.result))))),
      ),
    )
    .returning({ equipmentId: fallOrder.equipmentId });
  const boards = byProject ? (await tx.select({ id: fallDetect.id }).from(fallDetect).where(inArray(fallDetect.projectId, ids))).map((b) => b.id) : ids;
  const cleared = boards.length
    ? await tx
        .update(fallDetectChannel)
        .set({ result: 'normal', normalStreak: 0, updatedAt: now })
        .where(and(inArray(fallDetectChannel.detectId, boards), ne(fallDetectChannel.result, 'normal')))
        .returning({ equipmentId: fallDetectChannel.equipmentId })
    : [];
  await recomputeEquipmentState(tx, [...closed, ...orders, ...cleared].map((r) => r.equipmentId), now);
  return { warnings: closed.length, orders: orders.length };
}

/**
 * Alarms left unacknowledged past alarm.escalateMinutes escalate, once each: escalated_at
 * is stamped and every wall of their projects hears of it, pops them up again and marks them
 * overdue; each is written to the audit log. For the device jobs' timer (which then tells people:
 * escalation/notify.service.ts); returns the escalated warnings.
 */
export async function escalateAlarms(app: FastifyInstance): Promise<{ id: number; projectId: number }[]> {
  const minutes = await app.settings.get('alarm.escalateMinutes');
  if (!(minutes > 0)) return [];
  const levels = parsePopupLevels(await app.settings.get('alarm.popupLevels'));
  const rows = await app.database.db
    .update(fallWarning)
    .set({ escalatedAt: sql`now()` })
    .where(
      and(
        isNull(fallWarning.result),
        isNull(fallWarning.ackAt),
        isNull(fallWarning.escalatedAt),
        // A shelved or otherwise suppressed alarm does not escalate (docs/alarms.md).
        isNull(fallWarning.suppressedBy),
        inArray(fallWarning.level, levels),
        // From when it sounds (0060): released from a suppression, its wait starts again.
        sql`${fallWarning.soundingSince} <= now() - make_interval(secs => ${Math.round(minutes * 60)})`,
      ),
    )
    .returning({ id: fallWarning.id, projectId: fallWarning.projectId });
  await auditWallEscalation(app, rows.map((r) => r.id));
  for (const projectId of new Set(rows.map((r) => r.projectId))) await publishLive(app, { topic: 'warning', projectId });
  return rows;
}
