import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { idListSchema, removedAnswer, restoredAnswer } from '@shared/contracts/common';
import type { MessageKey, MessageParam } from '@shared/messages';
import type { Db } from '../db/client';
import { fallDetect, fallEqInfo, fallProject } from '../db/schema';
import { ok, type FilterFn } from './crud';
import { badRequest, conflict, forbidden } from './errors';
import { allows } from '../plugins/auth';
import { assertRowsInScope, type ProjectOfRows } from './data-scope';
import type { Resource } from '@shared/resources';
import type { AppInstance } from '../app-instance';
import { resourceNames } from './crud';

/**
 * Archive, not delete (docs/invariants.md "Archive and delete"). A project, equipment or
 * detection board with history (orders, warnings, trainings) is archived by its delete call: it
 * leaves lists, pickers and walls, keeps its history, and statistics keep counting its orders. A
 * row without history is deleted. Every query of live rows uses `notArchived` (or `notArchivedSql`
 * in hand-written SQL), so "archived" means the same thing in lists, pickers, walls and counts.
 * What archiving one kind of row does is its module's (projects/project-archive.ts,
 * equipment/equipment-archive.ts, detect/board-archive.ts); the condition, the routes and the
 * checks every module shares are here.
 */
export const notArchived = (table: { archivedAt: PgColumn }): SQL => isNull(table.archivedAt);

/** The same condition for hand-written SQL: `<alias>.archived_at IS NULL`. */
export const notArchivedSql = (alias?: string): string => `${alias ? `${alias}.` : ''}archived_at IS NULL`;

/**
 * The units every count and list of equipment reads (overview KPIs, brokenDevice, project walls), as
 * a condition on the fall_eq_info alias: one place, so a unit taken out of service leaves every
 * figure at once: archived units count nowhere (0015 keeps them out of stats_eq_count's triggers too,
 * which the groupDevice KPIs read).
 */
export function countedEquipment(alias: string): string {
  return notArchivedSql(alias);
}

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

/** What an archived row keeps: `n` of a kind of history, named in one or in many. */
export type Dep = { key: MessageKey; n: number };
export const dependents = (one: MessageKey, many: MessageKey, n: number): Dep[] => (n > 0 ? [{ key: n === 1 ? one : many, n }] : []);

/** Deleting an archived row with history again is refused, naming what it keeps. */
export const keptArchived = (name: string, deps: Dep[]) => conflict('err.keptArchived', undefined, { name, deps } satisfies Record<string, MessageParam>);

/** A count subquery; its outer column is written out, since drizzle renders a one-table select's columns unqualified. */
export const countOf = (q: SQL) => sql<number>`(${q})`.mapWith(Number);

/** A unit or board comes back only into a live project. */
export async function assertProjectsLive(tx: Db, projectIds: number[]): Promise<void> {
  if (!projectIds.length) return;
  const [archived] = await tx
    .select({ name: fallProject.name })
    .from(fallProject)
    .where(and(inArray(fallProject.id, projectIds), isNotNull(fallProject.archivedAt)))
    .limit(1);
  if (archived) throw conflict('err.archived', undefined, { name: archived.name });
}

/** A new or moved unit, board, order … may only point at a live project or unit (400 otherwise). */
export async function assertLive(tx: Db, table: typeof fallProject | typeof fallEqInfo | typeof fallDetect, id: number, field: string): Promise<void> {
  // Share-locked: an archive running at the same time waits for this write, or this one sees it.
  const [row] = await tx.select({ archivedAt: table.archivedAt }).from(table).where(eq(table.id, id)).for('share');
  if (row?.archivedAt) throw badRequest('err.archivedTarget', { [field]: 'err.archivedTarget' });
}

/** A project a row is saved under must exist and be live: 400 `v.projectMissing` on projectId otherwise (nothing to check without one). */
export async function assertProjectLive(tx: Db, projectId: number | undefined): Promise<void> {
  if (projectId === undefined) return;
  const [p] = await tx.select({ id: fallProject.id }).from(fallProject).where(and(eq(fallProject.id, projectId), notArchived(fallProject)));
  if (!p) throw badRequest('v.projectMissing', { projectId: 'v.projectMissing' });
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
