import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fallDetectChannel, fallWarning } from '../../../db/schema';
import { recomputeEquipmentState, type EquipmentStateChange } from '../equipment-state.service';

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
