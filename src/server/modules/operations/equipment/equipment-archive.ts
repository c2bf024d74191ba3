import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fallDetectChannel, fallEqInfo } from '../../../db/schema';
import { assertProjectsLive, countOf, dependents, keptArchived, type RemoveOutcome } from '../../../lib/archive';
import { releaseFiles } from '../../files';
import { recomputeEquipmentState } from './equipment-state.service';

/** Equipment: history is its orders and warnings. An archived unit is no longer driven by a board channel. */
export async function removeEquipment(tx: Db, ids: number[], userId: number | null): Promise<RemoveOutcome> {
  const rows = await tx
    .select({
      id: fallEqInfo.id,
      name: fallEqInfo.name,
      archivedAt: fallEqInfo.archivedAt,
      orders: countOf(sql`SELECT count(*) FROM fall_order o WHERE o.equipment_id = fall_eq_info.id`),
      warnings: countOf(sql`SELECT count(*) FROM fall_warning w WHERE w.equipment_id = fall_eq_info.id`),
    })
    .from(fallEqInfo)
    .where(inArray(fallEqInfo.id, ids))
    .for('update');
  const toArchive: number[] = [];
  const toDelete: number[] = [];
  for (const r of rows) {
    if (r.orders + r.warnings === 0) toDelete.push(r.id);
    else if (r.archivedAt) throw keptArchived(r.name, [...dependents('dep.order', 'dep.orders', r.orders), ...dependents('dep.warning', 'dep.warnings', r.warnings)]);
    else toArchive.push(r.id);
  }
  if (toArchive.length) {
    await tx.update(fallEqInfo).set({ archivedAt: new Date(), archivedBy: userId }).where(inArray(fallEqInfo.id, toArchive));
    await tx.update(fallDetectChannel).set({ equipmentId: null, updatedAt: new Date() }).where(inArray(fallDetectChannel.equipmentId, toArchive));
    // Unwired, a faulty channel or a silent board no longer holds it: restored, it shows what its own warnings and orders say.
    await recomputeEquipmentState(tx, toArchive);
  }
  if (toDelete.length) {
    await tx.delete(fallEqInfo).where(inArray(fallEqInfo.id, toDelete));
    await releaseFiles(tx, 'fall_eq_info', toDelete);
  }
  return { deleted: toDelete.length, archived: toArchive.length };
}

/** A unit comes back only into a live project. */
export async function restoreEquipment(tx: Db, ids: number[]): Promise<number> {
  const rows = await tx
    .select({ id: fallEqInfo.id, projectId: fallEqInfo.projectId })
    .from(fallEqInfo)
    .where(and(inArray(fallEqInfo.id, ids), isNotNull(fallEqInfo.archivedAt)))
    .for('update');
  await assertProjectsLive(tx, [...new Set(rows.map((r) => r.projectId))]);
  if (rows.length) await tx.update(fallEqInfo).set({ archivedAt: null, archivedBy: null }).where(inArray(fallEqInfo.id, rows.map((r) => r.id)));
  return rows.length;
}
