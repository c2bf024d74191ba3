import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { idListSchema, removedAnswer, restoredAnswer } from '@shared/contracts/common';
import type { MessageKey, MessageParam } from '@shared/messages';
import type { Db } from '../../../db/client';
import type { Resource } from '@shared/resources';
import type { AppInstance } from '../../../app-instance';
import { fallDetect, fallDetectChannel, fallEqInfo, fallProject } from '../../../db/schema';
import { ok, resourceNames, type FilterFn } from '../../../lib/crud';
import { badRequest, conflict, forbidden } from '../../../lib/errors';
import { allows } from '../../../plugins/auth';
import { assertRowsInScope, type ProjectOfRows } from '../../../lib/data-scope';
import { releaseFiles } from '../../files';
import { equipmentOfBoards, recomputeEquipmentState } from '../equipment-state.service';
import { closeArchivedWork } from '../warnings/warnings.service';

/**
 * Archive, not delete (docs/invariants.md "Archive and delete"). A project, equipment or
 * detection board with history (orders, warnings, trainings) is archived by its delete call: it
 * leaves lists, pickers and walls, keeps its history, and statistics keep counting its orders. A
 * row without history is deleted. Every query of live rows uses `notArchived` (or `notArchivedSql`
 * in hand-written SQL), so "archived" means the same thing in lists, pickers, walls and counts.
 */
export const notArchived = (table: { archivedAt: PgColumn }): SQL => isNull(table.archivedAt);

/** The same condition for hand-written SQL: `<alias>.archived_at IS NULL`. */
export const notArchivedSql = (alias?: string): string => `${alias ? `${alias}.` : ''}archived_at IS NULL`;

/**
 * The `archived` query field of a list: archived rows are hidden unless `archived: true`, which
 * shows them beside the live ones and is for those who may restore them.
 */
export function archivedFilter(table: { archivedAt: PgColumn }, restorePermission: string): FilterFn {
  return (value, request) => {
    if (value !== true) return notArchived(table);
    if (!allows(request?.auth ?? null, restorePermission)) throw forbidden();
    return undefined;
  };
}

export interface RemoveOutcome {
  deleted: number;
  archived: number;
}

type Dep = { key: MessageKey; n: number };
const count = (one: MessageKey, many: MessageKey, n: number): Dep[] => (n > 0 ? [{ key: n === 1 ? one : many, n }] : []);

/** Deleting an archived row with history again is refused, naming what it keeps. */
const keptArchived = (name: string, deps: Dep[]) => conflict('err.keptArchived', undefined, { name, deps } satisfies Record<string, MessageParam>);

/** A count subquery; its outer column is written out, since drizzle renders a one-table select's columns unqualified. */
const n = (q: SQL) => sql<number>`(${q})`.mapWith(Number);

/** Projects: history is their orders, warnings and trainings; archiving takes live equipment and boards along. */
export async function removeProjects(tx: Db, ids: number[], userId: number | null): Promise<RemoveOutcome> {
  const rows = await tx
    .select({
      id: fallProject.id,
      name: fallProject.name,
      archivedAt: fallProject.archivedAt,
      orders: n(sql`SELECT count(*) FROM fall_order o WHERE o.project_id = fall_project.id`),
      warnings: n(sql`SELECT count(*) FROM fall_warning w WHERE w.project_id = fall_project.id`),
      trainings: n(sql`SELECT count(*) FROM fall_train t WHERE t.project_id = fall_project.id`),
      equipment: n(sql`SELECT count(*) FROM fall_eq_info e WHERE e.project_id = fall_project.id`),
      boards: n(sql`SELECT count(*) FROM fall_detect d WHERE d.project_id = fall_project.id`),
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
        ...count('dep.order', 'dep.orders', r.orders),
        ...count('dep.warning', 'dep.warnings', r.warnings),
        ...count('dep.training', 'dep.trainings', r.trainings),
        ...count('dep.equipment', 'dep.equipments', r.equipment),
        ...count('dep.board', 'dep.boards', r.boards),
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

/** Equipment: history is its orders and warnings. An archived unit is no longer driven by a board channel. */
export async function removeEquipment(tx: Db, ids: number[], userId: number | null): Promise<RemoveOutcome> {
  const rows = await tx
    .select({
      id: fallEqInfo.id,
      name: fallEqInfo.name,
      archivedAt: fallEqInfo.archivedAt,
      orders: n(sql`SELECT count(*) FROM fall_order o WHERE o.equipment_id = fall_eq_info.id`),
      warnings: n(sql`SELECT count(*) FROM fall_warning w WHERE w.equipment_id = fall_eq_info.id`),
    })
    .from(fallEqInfo)
    .where(inArray(fallEqInfo.id, ids))
    .for('update');
  const toArchive: number[] = [];
  const toDelete: number[] = [];
  for (const r of rows) {
    if (r.orders + r.warnings === 0) toDelete.push(r.id);
    else if (r.archivedAt) throw keptArchived(r.name, [...count('dep.order', 'dep.orders', r.orders), ...count('dep.warning', 'dep.warnings', r.warnings)]);
    else toArchive.push(r.id);
  }
  if (toArchive.length) {
    await tx.update(fallEqInfo).set({ archivedAt: new Date(), archivedBy: userId }).where(inArray(fallEqInfo.id, toArchive));
    await tx.update(fallDetectChannel).set({ equipmentId: null, updatedAt: new Date() }).where(inArray(fallDetectChannel.equipmentId, toArchive));
  }
  if (toDelete.length) {
    await tx.delete(fallEqInfo).where(inArray(fallEqInfo.id, toDelete));
    await releaseFiles(tx, 'fall_eq_info', toDelete);
  }
  return { deleted: toDelete.length, archived: toArchive.length };
}

/** Detection boards: history is their warnings (and the orders those opened). An archived board is not polled and its reports are refused. */
export async function removeBoards(tx: Db, ids: number[], userId: number | null): Promise<RemoveOutcome> {
  const rows = await tx
    .select({
      id: fallDetect.id,
      name: fallDetect.boardName,
      archivedAt: fallDetect.archivedAt,
      warnings: n(sql`SELECT count(*) FROM fall_warning w WHERE w.detect_id = fall_detect.id`),
    })
    .from(fallDetect)
    .where(inArray(fallDetect.id, ids))
    .for('update');
  const toArchive: number[] = [];
  const toDelete: number[] = [];
  for (const r of rows) {
    if (r.warnings === 0) toDelete.push(r.id);
    else if (r.archivedAt) throw keptArchived(r.name, count('dep.warning', 'dep.warnings', r.warnings));
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
  if (toDelete.length) await tx.delete(fallDetect).where(inArray(fallDetect.id, toDelete));
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
  return rows.length;
}

/** A unit or board comes back only into a live project. */
async function assertProjectsLive(tx: Db, projectIds: number[]): Promise<void> {
  if (!projectIds.length) return;
  const [archived] = await tx
    .select({ name: fallProject.name })
    .from(fallProject)
    .where(and(inArray(fallProject.id, projectIds), isNotNull(fallProject.archivedAt)))
    .limit(1);
  if (archived) throw conflict('err.archived', undefined, { name: archived.name });
}

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

/** A new or moved unit, board, order … may only point at a live project or unit (400 otherwise). */
export async function assertLive(tx: Db, table: typeof fallProject | typeof fallEqInfo | typeof fallDetect, id: number, field: string): Promise<void> {
  // Share-locked: an archive running at the same time waits for this write, or this one sees it.
  const [row] = await tx.select({ archivedAt: table.archivedAt }).from(table).where(eq(table.id, id)).for('share');
  if (row?.archivedAt) throw badRequest('err.archivedTarget', { [field]: 'err.archivedTarget' });
}

const userOf = (request: FastifyRequest) => request.auth?.userId ?? null;

/**
 * The resource's `<api>/delete` (archive or delete, one transaction) and `<api>/restore`
 * (permission `<code>#restore`), path and permission from its registry record.
 */
export function registerArchiveRoutes(
  app: AppInstance,
  resource: Resource,
  o: {
    remove: (tx: Db, ids: number[], userId: number | null) => Promise<RemoveOutcome>;
    restore: (tx: Db, ids: number[]) => Promise<number>;
    /** Where the rows' project is: archiving or restoring rows outside the caller's data scope is refused. */
    project: ProjectOfRows;
  },
): void {
  const { base, permission } = resourceNames({ resource });
  app.post(`${base}/delete`, { schema: { body: idListSchema, response: { 200: removedAnswer } }, config: { permission: `${permission}#delete` } }, async (request) => {
    const ids = request.body;
    await assertRowsInScope(app.database, request, o.project, ids);
    return ok(await app.database.db.transaction((tx) => o.remove(tx, ids, userOf(request))));
  });
  app.post(`${base}/restore`, { schema: { body: idListSchema, response: { 200: restoredAnswer } }, config: { permission: `${permission}#restore` } }, async (request) => {
    const ids = request.body;
    await assertRowsInScope(app.database, request, o.project, ids);
    return ok({ restored: await app.database.db.transaction((tx) => o.restore(tx, ids)) });
  });
}
