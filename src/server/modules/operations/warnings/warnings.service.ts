import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { parsePopupLevels } from '@shared/alarm';
import type { Db } from '../../../db/client';
import { fallDetectChannel, fallWarning } from '../../../db/schema';
import { recomputeEquipmentState, type EquipmentStateChange } from '../equipment-state.service';
import { publishLive } from '../../../live';

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

/**
 * Alarms left unacknowledged past alarm.escalateMinutes escalate, once each: escalated_at
 * is stamped and every wall of their projects hears of it, pops them up again and marks them
 * overdue. For the device jobs' timer; returns the escalated warnings.
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
        inArray(fallWarning.level, levels),
        sql`${fallWarning.at} <= now() - make_interval(secs => ${Math.round(minutes * 60)})`,
      ),
    )
    .returning({ id: fallWarning.id, projectId: fallWarning.projectId });
  for (const projectId of new Set(rows.map((r) => r.projectId))) await publishLive(app, { topic: 'warning', projectId });
  return rows;
}
