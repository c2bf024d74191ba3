import type { AppInstance } from '../../../app-instance';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { roleQuerySchema, roleSaveSchema, roleUpdateSchema, roleRowSchema, roleOptionSchema } from '@shared/contracts/roles';
import { deletedAnswer, envelopeOf, idAnswer, idListSchema } from '@shared/contracts/common';
import type { Db } from '../../../db/client';
import { fallProject, sysMenu, sysRole, sysRoleMenu, sysRoleProject } from '../../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { RESOURCES } from '@shared/resources';
import { assertInScope, scopeOf } from '../../../lib/data-scope';
import type { FastifyRequest } from 'fastify';

/** A caller cannot give a role more than its own scope holds: not every project, nor one outside it. */
function assertGrantable(request: FastifyRequest, scope: 'all' | 'projects' | undefined, projectIds: number[] | undefined): void {
  if (scope === 'all' && !scopeOf(request).all) throw forbidden('err.outOfScope');
  if (projectIds) assertInScope(request, ...projectIds);
}

const ROLE_PICKERS = ['sys-role#list', 'sys-user#list', 'sys-user#save', 'sys-user#update'];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function assertCodeFree(tx: Tx, code: string, exceptId?: number): Promise<void> {
  const rows = await tx
    .select({ id: sysRole.id })
    .from(sysRole)
    .where(exceptId ? and(eq(sysRole.code, code), ne(sysRole.id, exceptId)) : eq(sysRole.code, code));
  if (rows.length) throw conflict('err.conflict', { code: 'err.conflict' });
}

async function replaceGrants(tx: Tx, roleId: number, menuIds: number[]): Promise<void> {
  const unique = [...new Set(menuIds)];
  if (unique.length) {
    const found = await tx.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.id, unique));
    if (found.length !== unique.length) throw badRequest('v.invalid', { menuIdList: 'v.invalid' });
  }
  await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  if (unique.length) await tx.insert(sysRoleMenu).values(unique.map((menuId) => ({ roleId, menuId })));
}

/** The projects of a role scoped to 'projects'; none for 'all' (a list kept beside 'all' would mislead). */
async function replaceProjects(tx: Tx, roleId: number, scope: 'all' | 'projects', projectIds: number[]): Promise<void> {
  const unique = scope === 'projects' ? [...new Set(projectIds)] : [];
  if (unique.length) {
    const found = await tx.select({ id: fallProject.id }).from(fallProject).where(inArray(fallProject.id, unique));
    if (found.length !== unique.length) throw badRequest('v.projectMissing', { projectIdList: 'v.projectMissing' });
  }
  await tx.delete(sysRoleProject).where(eq(sysRoleProject.roleId, roleId));
  if (unique.length) await tx.insert(sysRoleProject).values(unique.map((projectId) => ({ roleId, projectId })));
}

/**
 * sys/role (menuCode sys-role). Grants are read by the auth plugin on every request, so a change
 * here applies to the role's users on their next call, without signing in again.
 */
export async function roleRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  resourceRoutes(app, RESOURCES.role, {
    rows: {
      table: sysRole,
      row: roleRowSchema,
      id: sysRole.id,
      query: roleQuerySchema,
      where: { code: filters.like(sysRole.code), name: filters.search(sysRole.name, sysRole.nameEn) },
      sortable: { code: sysRole.code, name: sysRole.name, createdAt: sysRole.createdAt },
      defaultSort: [asc(sysRole.id)],
      extra: {
        menuIdList: sql<number[]>`(SELECT coalesce(json_agg(rm.menu_id ORDER BY rm.menu_id), '[]'::json) FROM sys_role_menu rm WHERE rm.role_id = "sys_role"."id")`,
        projectIdList: sql<number[]>`(SELECT coalesce(json_agg(rp.project_id ORDER BY rp.project_id), '[]'::json) FROM sys_role_project rp WHERE rp.role_id = "sys_role"."id")`,
        userCount: sql<number>`(SELECT count(*)::int FROM sys_user_role ur WHERE ur.role_id = "sys_role"."id")`,
      },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'roles' },
  });

  // The user screen picks roles (form and filter) without needing the role screen's list permission.
  app.get('/sys/role/select', { schema: { response: { 200: envelopeOf(z.array(roleOptionSchema)) } }, config: { permission: ROLE_PICKERS } }, async () => {
    const rows = await db.select({ id: sysRole.id, code: sysRole.code, name: sysRole.name, nameEn: sysRole.nameEn }).from(sysRole).orderBy(asc(sysRole.id));
    return ok(rows);
  });

  app.post('/sys/role/save', { schema: { body: roleSaveSchema, response: { 200: idAnswer } }, config: { permission: 'sys-role#save' } }, async (request) => {
    const { menuIdList, projectIdList, ...fields } = request.body;
    assertGrantable(request, fields.dataScope, projectIdList);
    const id = await db.transaction(async (tx) => {
      await assertCodeFree(tx, fields.code);
      const [row] = await tx.insert(sysRole).values(fields).returning({ id: sysRole.id });
      await replaceGrants(tx, row.id, menuIdList);
      await replaceProjects(tx, row.id, fields.dataScope, projectIdList);
      return row.id;
    });
    return ok({ id });
  });

  app.post('/sys/role/update', { schema: { body: roleUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'sys-role#update' } }, async (request) => {
    const { id, menuIdList, projectIdList, ...rest } = request.body;
    assertGrantable(request, rest.dataScope, projectIdList);
    const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ id: sysRole.id, dataScope: sysRole.dataScope }).from(sysRole).where(eq(sysRole.id, id)).for('update');
      if (!current) throw notFound();
      if (typeof fields.code === 'string') await assertCodeFree(tx, fields.code, id);
      if (Object.keys(fields).length) await tx.update(sysRole).set(fields).where(eq(sysRole.id, id));
      if (menuIdList) await replaceGrants(tx, id, menuIdList);
      const scope = (rest.dataScope ?? current.dataScope) as 'all' | 'projects';
      if (projectIdList || rest.dataScope) {
        // A scope of 'projects' keeps its list when only the scope is sent again; it never stands empty.
        const kept = projectIdList ?? (await tx.select({ id: sysRoleProject.projectId }).from(sysRoleProject).where(eq(sysRoleProject.roleId, id))).map((r) => r.id);
        if (scope === 'projects' && !kept.length) throw badRequest('v.scopeProjects', { projectIdList: 'v.scopeProjects' });
        await replaceProjects(tx, id, scope, kept);
      }
    });
    return ok({ id });
  });

  // A role its users hold is refused (409, naming how many), not taken from them unseen; the
  // database refuses it too (0015: sys_user_role.role_id ON DELETE RESTRICT).
  app.post('/sys/role/delete', { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'sys-role#delete' } }, async (request) => {
    const ids = request.body;
    const deleted = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: sysRole.id, name: sysRole.name, users: sql<number>`(SELECT count(*) FROM sys_user_role ur WHERE ur.role_id = sys_role.id)`.mapWith(Number) })
        .from(sysRole)
        .where(inArray(sysRole.id, ids))
        .for('update');
      const held = rows.find((r) => r.users > 0);
      if (held) throw conflict('err.roleInUse', undefined, { name: held.name, deps: [{ key: held.users === 1 ? 'dep.user' : 'dep.users', n: held.users }] });
      const gone = await tx.delete(sysRole).where(inArray(sysRole.id, ids)).returning({ id: sysRole.id });
      return gone.length;
    });
    return ok({ deleted });
  });
}
