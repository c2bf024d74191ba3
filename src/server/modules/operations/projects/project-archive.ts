import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fallDetect, fallEqInfo, fallProject } from '../../../db/schema';
import { countOf, dependents, keptArchived, type RemoveOutcome } from '../../../lib/archive';
import { releaseFiles } from '../../files';
import { closeArchivedWork } from '../warnings';
import { equipmentOfBoards, recomputeEquipmentState } from '../equipment';

/** Projects: history is their orders, warnings and trainings; archiving takes live equipment and boards along. */
export async function removeProjects(tx: Db, ids: number[], userId: number | null): Promise<RemoveOutcome> {
  const rows = await tx
    .select({
      id: fallProject.id,
      name: fallProject.name,
      archivedAt: fallProject.archivedAt,
      orders: countOf(sql`SELECT count(*) FROM fall_order o WHERE o.project_id = fall_project.id`),
      warnings: countOf(sql`SELECT count(*) FROM fall_warning w WHERE w.project_id = fall_project.id`),
      trainings: countOf(sql`SELECT count(*) FROM fall_train t WHERE t.project_id = fall_project.id`),
      equipment: countOf(sql`SELECT count(*) FROM fall_eq_info e WHERE e.project_id = fall_project.id`),
      boards: countOf(sql`SELECT count(*) FROM fall_detect d WHERE d.project_id = fall_project.id`),
    })
    .from(fallProject)
    .where(inArray(fallProject.id, ids))
    .for('update');
  const toArchive: number[] = [];
  const toDelete: number[] = [];
  for (const r of rows) {
    if (r.orders + r.warnings + r.trainings === 0) toDelete.push(r.id);
    else if (r.archivedAt) {
      throw keptArchived(r.name, [
        ...dependents('dep.order', 'dep.orders', r.orders),
        ...dependents('dep.warning', 'dep.warnings', r.warnings),
        ...dependents('dep.training', 'dep.trainings', r.trainings),
        ...dependents('dep.equipment', 'dep.equipments', r.equipment),
        ...dependents('dep.board', 'dep.boards', r.boards),
      ]);
    } else toArchive.push(r.id);
  }
  if (toArchive.length) {
    const at = new Date();
    const mark = { archivedAt: at, archivedBy: userId };
    await tx.update(fallProject).set(mark).where(inArray(fallProject.id, toArchive));
    // Archived at the same instant as their project, so restoring the project brings back exactly these.
    await tx.update(fallEqInfo).set(mark).where(and(inArray(fallEqInfo.projectId, toArchive), isNull(fallEqInfo.archivedAt)));
    await tx.update(fallDetect).set(mark).where(and(inArray(fallDetect.projectId, toArchive), isNull(fallDetect.archivedAt)));
    // The walls stop counting it: what it left open is closed with the reason, so every count agrees.
    await closeArchivedWork(tx, { projectIds: toArchive }, at);
    // Its boards are out of service: their silence no longer holds the units wired to them (fall_eq_state).
    await recomputeEquipmentState(tx, await unitsOfProjects(tx, toArchive));
  }
  if (toDelete.length) {
    const equipment = await tx.select({ id: fallEqInfo.id }).from(fallEqInfo).where(inArray(fallEqInfo.projectId, toDelete));
    await tx.delete(fallProject).where(inArray(fallProject.id, toDelete));
    // The site plan and the handbooks become unowned (cleaned up after a day); files of other
    // cascaded records are found by the cleanup because their owner row is gone.
    await releaseFiles(tx, 'fall_project', toDelete);
    await releaseFiles(tx, 'fall_eq_info', equipment.map((e) => e.id));
  }
  return { deleted: toDelete.length, archived: toArchive.length };
}

/** Restoring a project brings back the equipment and boards archived with it (same instant), not those archived on their own before. */
export async function restoreProjects(tx: Db, ids: number[]): Promise<number> {
  const rows = await tx
    .select({ id: fallProject.id, archivedAt: fallProject.archivedAt })
    .from(fallProject)
    .where(and(inArray(fallProject.id, ids), isNotNull(fallProject.archivedAt)))
    .for('update');
  const live = { archivedAt: null, archivedBy: null };
  for (const r of rows) {
    await tx.update(fallProject).set(live).where(eq(fallProject.id, r.id));
    await tx.update(fallEqInfo).set(live).where(and(eq(fallEqInfo.projectId, r.id), eq(fallEqInfo.archivedAt, r.archivedAt!)));
    await tx.update(fallDetect).set(live).where(and(eq(fallDetect.projectId, r.id), eq(fallDetect.archivedAt, r.archivedAt!)));
  }
  // Its boards are back in service: a silent one holds its units offline again.
  await recomputeEquipmentState(tx, await unitsOfProjects(tx, rows.map((r) => r.id)));
  return rows.length;
}

/** The projects' units and those wired to the projects' boards (what archiving or restoring the project can move). */
async function unitsOfProjects(tx: Db, projectIds: number[]): Promise<number[]> {
  if (!projectIds.length) return [];
  const units = await tx.select({ id: fallEqInfo.id }).from(fallEqInfo).where(inArray(fallEqInfo.projectId, projectIds));
  const boards = await tx.select({ id: fallDetect.id }).from(fallDetect).where(inArray(fallDetect.projectId, projectIds));
  return [...units.map((u) => u.id), ...(await equipmentOfBoards(tx, boards.map((b) => b.id)))];
}
