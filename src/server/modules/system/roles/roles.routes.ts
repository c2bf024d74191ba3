import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { roleQuerySchema, roleSaveSchema, roleUpdateSchema, roleRowSchema, roleOptionSchema } from '@shared/contracts/roles';
import { deletedAnswer, envelopeOf, idAnswer, idListSchema } from '@shared/contracts/common';
import type { Db } from '../../../db/client';
import { sysMenu, sysRole, sysRoleMenu } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { filters, ok, registerCrud } from '../../../lib/crud';
import { RESOURCES } from '@shared/resources';

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

/**
 * sys/role (menuCode sys-role). Grants are read by the auth plugin on every request, so a change
 * here applies to the role's users on their next call, without signing in again.
 */
export async function roleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  registerCrud(app, {
    resource: RESOURCES.role,
    table: sysRole,
    row: roleRowSchema,
    id: sysRole.id,
    create: roleSaveSchema,
    query: roleQuerySchema,
    where: { code: filters.like(sysRole.code), name: filters.search(sysRole.name, sysRole.nameEn) },
    sortable: { code: sysRole.code, name: sysRole.name, createdAt: sysRole.createdAt },
    defaultSort: [asc(sysRole.id)],
    extra: {
      menuIdList: sql<number[]>`(SELECT coalesce(json_agg(rm.menu_id ORDER BY rm.menu_id), '[]'::json) FROM sys_role_menu rm WHERE rm.role_id = "sys_role"."id")`,
      userCount: sql<number>`(SELECT count(*)::int FROM sys_user_role ur WHERE ur.role_id = "sys_role"."id")`,
    },
    without: ['save', 'update', 'delete'],
    exportName: 'roles',
  });

  // The user screen picks roles (form and filter) without needing the role screen's list permission.
  app.get('/sys/role/select', { schema: { response: { 200: envelopeOf(z.array(roleOptionSchema)) } }, config: { permission: ROLE_PICKERS } }, async () => {
    const rows = await db.select({ id: sysRole.id, code: sysRole.code, name: sysRole.name, nameEn: sysRole.nameEn }).from(sysRole).orderBy(asc(sysRole.id));
    return ok(rows);
  });

  app.post('/sys/role/save', { schema: { body: roleSaveSchema, response: { 200: idAnswer } }, config: { permission: 'sys-role#save' } }, async (request) => {
    const { menuIdList, ...fields } = request.body as z.output<typeof roleSaveSchema>;
    const id = await db.transaction(async (tx) => {
      await assertCodeFree(tx, fields.code);
      const [row] = await tx.insert(sysRole).values(fields).returning({ id: sysRole.id });
      await replaceGrants(tx, row.id, menuIdList);
      return row.id;
    });
    return ok({ id });
  });

  app.post('/sys/role/update', { schema: { body: roleUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'sys-role#update' } }, async (request) => {
    const { id, menuIdList, ...rest } = request.body as z.output<typeof roleUpdateSchema>;
    const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.id, id)).for('update');
      if (!current) throw notFound();
      if (typeof fields.code === 'string') await assertCodeFree(tx, fields.code, id);
      if (Object.keys(fields).length) await tx.update(sysRole).set(fields).where(eq(sysRole.id, id));
      if (menuIdList) await replaceGrants(tx, id, menuIdList);
    });
    return ok({ id });
  });

  // A role its users hold is refused (409, naming how many), not taken from them unseen; the
  // database refuses it too (0015: sys_user_role.role_id ON DELETE RESTRICT).
  app.post('/sys/role/delete', { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'sys-role#delete' } }, async (request) => {
    const ids = request.body as number[];
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
