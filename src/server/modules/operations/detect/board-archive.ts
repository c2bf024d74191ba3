import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fallDetect } from '../../../db/schema';
import { assertProjectsLive, countOf, dependents, keptArchived, type RemoveOutcome } from '../../../lib/archive';
import { closeArchivedWork } from '../warnings';
import { equipmentOfBoards, recomputeEquipmentState } from '../equipment';

/** Detection boards: history is their warnings (and the orders those opened). An archived board is not polled and its reports are refused. */
export async function removeBoards(tx: Db, ids: number[], userId: number | null): Promise<RemoveOutcome> {
  const rows = await tx
    .select({
      id: fallDetect.id,
      name: fallDetect.boardName,
      archivedAt: fallDetect.archivedAt,
      warnings: countOf(sql`SELECT count(*) FROM fall_warning w WHERE w.detect_id = fall_detect.id`),
    })
    .from(fallDetect)
    .where(inArray(fallDetect.id, ids))
    .for('update');
  const toArchive: number[] = [];
  const toDelete: number[] = [];
  for (const r of rows) {
    if (r.warnings === 0) toDelete.push(r.id);
    else if (r.archivedAt) throw keptArchived(r.name, dependents('dep.warning', 'dep.warnings', r.warnings));
    else toArchive.push(r.id);
  }
  if (toArchive.length) {
    const at = new Date();
    await tx.update(fallDetect).set({ archivedAt: at, archivedBy: userId, online: false }).where(inArray(fallDetect.id, toArchive));
    // The walls stop counting its warnings: they are closed with the reason, so every count agrees.
    await closeArchivedWork(tx, { boardIds: toArchive }, at);
    // Its units no longer hear from it: neither its silence nor its last faults hold them (fall_eq_state).
    await recomputeEquipmentState(tx, await equipmentOfBoards(tx, toArchive));
  }
  if (toDelete.length) {
    // Its channels go with it (cascade): the units they led to no longer hear from it (a board never heard from held them offline).
    const units = await equipmentOfBoards(tx, toDelete);
    await tx.delete(fallDetect).where(inArray(fallDetect.id, toDelete));
    await recomputeEquipmentState(tx, units);
  }
  return { deleted: toDelete.length, archived: toArchive.length };
}

/** A board comes back only into a live project; its units hear from it again. */
export async function restoreBoards(tx: Db, ids: number[]): Promise<number> {
  const rows = await tx
    .select({ id: fallDetect.id, projectId: fallDetect.projectId })
    .from(fallDetect)
    .where(and(inArray(fallDetect.id, ids), isNotNull(fallDetect.archivedAt)))
    .for('update');
  await assertProjectsLive(tx, [...new Set(rows.map((r) => r.projectId))]);
  if (rows.length) await tx.update(fallDetect).set({ archivedAt: null, archivedBy: null }).where(inArray(fallDetect.id, rows.map((r) => r.id)));
  await recomputeEquipmentState(tx, await equipmentOfBoards(tx, rows.map((r) => r.id)));
  return rows.length;
}
