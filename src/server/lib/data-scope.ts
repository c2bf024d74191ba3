import type { FastifyRequest } from 'fastify';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { forbidden } from './errors';
import type { Database } from '../db/client';

/**
 * The projects a session may see and change (docs/access.md "Data scope"): every one, or a set.
 * A user's is the union of their roles' scopes (any role of scope 'all' gives all); a display token's
 * the display role's; a project visitor's its one project. Rows without a project are outside any
 * scope's reach: every session sees them as its permissions allow.
 */
export type DataScope = { all: true } | { all: false; projectIds: ReadonlySet<number> };

export const ALL_PROJECTS: DataScope = { all: true };

export const projectsScope = (ids: Iterable<number>): DataScope => ({ all: false, projectIds: new Set(ids) });

/**
 * Permissions only a session that sees every project can use: a new project lies outside any set of
 * projects, so its save is refused to a scoped user (projects.routes.ts). Their session does not
 * list them either (identity's loadGrants), so the screens show no button that would be refused.
 */
export const ALL_PROJECTS_PERMISSIONS: readonly string[] = ['fall-project#save'];

/** The session's scope; a call without a session (public routes) is limited by its route, not here. */
export function scopeOf(request: FastifyRequest): DataScope {
  return request.auth?.scope ?? ALL_PROJECTS;
}

/** The scope's projects as a sorted array (a query parameter, a cache key), or null for all. */
export function scopeIds(scope: DataScope): number[] | null {
  return scope.all ? null : [...scope.projectIds].sort((a, b) => a - b);
}

export function inScope(scope: DataScope, projectId: number | null | undefined): boolean {
  return scope.all || projectId === null || projectId === undefined || scope.projectIds.has(projectId);
}

/**
 * The condition that keeps the rows of `project` (a column or an expression) inside the scope;
 * undefined for all. A row without a project stays (it belongs to no project to limit).
 */
export function scopeCondition(scope: DataScope, project: PgColumn | SQL): SQL | undefined {
  const ids = scopeIds(scope);
  if (!ids) return undefined;
  return ids.length ? sql`(${project} IS NULL OR ${inArray(project as SQL, ids)})` : sql`${project} IS NULL`;
}

/**
 * The same for hand-written SQL with numbered parameters: pushes the ids onto `params` and returns
 * `AND (<col> IS NULL OR <col> = ANY($n))`, or '' for all.
 */
export function scopeClause(scope: DataScope, col: string, params: unknown[]): string {
  const ids = scopeIds(scope);
  if (!ids) return '';
  return `AND (${col} IS NULL OR ${col} = ANY($${params.push(ids)}::int[]))`;
}

/** A write touching these projects is refused with 403 (in the caller's language) when one is outside the scope. */
export function assertInScope(request: FastifyRequest, ...projectIds: (number | null | undefined)[]): void {
  const scope = scopeOf(request);
  if (projectIds.some((id) => !inScope(scope, id))) throw forbidden('err.outOfScope');
}

/** Where a resource's rows find their project, in hand-written SQL: `from` with alias x, `project` an expression over it. */
export interface ProjectOfRows {
  from: string;
  project: string;
}

/**
 * Refuses (403) a write to existing rows (ids of `rows.from`'s x.id) when any of them lies in a
 * project outside the caller's scope; rows without a project pass, unknown ids are the route's own
 * business (usually a 404 or nothing changed).
 */
export async function assertRowsInScope(database: Pick<Database, 'query'>, request: FastifyRequest, rows: ProjectOfRows, ids: number[]): Promise<void> {
  const ids_ = scopeIds(scopeOf(request));
  if (!ids_ || !ids.length) return;
  const outside = await database.query<{ one: number }>(
    `SELECT 1 AS one FROM ${rows.from} WHERE x.id = ANY($1::int[]) AND ${rows.project} IS NOT NULL AND NOT (${rows.project} = ANY($2::int[])) LIMIT 1`,
    [ids, ids_],
  );
  if (outside.length) throw forbidden('err.outOfScope');
}
