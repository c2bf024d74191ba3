import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app-instance';
import { SEX, USER_STATUS } from '@shared/dictionaries';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { SUPER_USER_ID } from '@shared/constants';
import {
  resetPasswordSchema,
  userQuerySchema,
  userSaveSchema,
  userStatusBodySchema,
  userUpdateSchema,
  userRowSchema,
} from '@shared/contracts/users';
import { deletedAnswer, emptyAnswer, idAnswer, idListSchema } from '@shared/contracts/common';
import type { Db } from '../../../db/client';
import { sysLoginGuard, sysRole, sysUser, sysUserRole } from '../../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { scopeIds, scopeOf } from '../../../lib/data-scope';
import { filters, ok, resourceRoutes } from '../../../lib/crud';
import { hashPassword } from '../../../lib/password';
import { endSessions } from '../../identity';
import { RESOURCES } from '@shared/resources';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const expiredSql = sql<boolean>`(${sysUser.expireAt} IS NOT NULL AND ${sysUser.expireAt} <= now())`;

async function assertUsernameFree(tx: Tx, username: string, exceptId?: number): Promise<void> {
  const rows = await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(exceptId ? and(eq(sysUser.username, username), ne(sysUser.id, exceptId)) : eq(sysUser.username, username));
  if (rows.length) throw conflict('err.conflict', { username: 'err.conflict' });
}

/**
 * A role given to a user (not one they already hold) must lie within the editor's own data scope
 * (docs/access.md): an editor limited to some projects cannot give a role of every project, nor one
 * naming a project outside their own — that would hand out more than they can see.
 */
async function assertRolesWithinScope(tx: Tx, request: FastifyRequest, userId: number | null, roleIds: number[]): Promise<void> {
  const mine = scopeIds(scopeOf(request));
  if (!mine || !roleIds.length) return;
  const held = userId === null ? [] : (await tx.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.id);
  const given = roleIds.filter((id) => !held.includes(id));
  if (!given.length) return;
  const intArray = (ids: number[]) => `{${ids.join(',')}}`;
  const wider = await tx.execute(sql`
    SELECT r.id FROM sys_role r
     WHERE r.id = ANY(${intArray(given)}::int[])
       AND (r.data_scope <> 'projects'
            OR EXISTS (SELECT 1 FROM sys_role_project rp WHERE rp.role_id = r.id AND NOT rp.project_id = ANY(${intArray(mine)}::int[])))
     LIMIT 1`);
  const rows = wider.rows;
  if (rows.length) throw forbidden('err.roleOutOfScope');
}

async function replaceRoles(tx: Tx, userId: number, roleIds: number[], request: FastifyRequest, isNew = false): Promise<void> {
  const unique = [...new Set(roleIds)];
  if (unique.length) {
    const found = await tx.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, unique));
    if (found.length !== unique.length) throw badRequest('v.invalid', { roleIdList: 'v.invalid' });
  }
  await assertRolesWithinScope(tx, request, isNew ? null : userId, unique);
  await tx.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
  if (unique.length) await tx.insert(sysUserRole).values(unique.map((roleId) => ({ userId, roleId })));
}

const isPast = (d: Date | string | null | undefined) => !!d && new Date(d).getTime() <= Date.now();

/**
 * sys/user (menuCode sys-user): list, info, export through the route factory; save, update and
 * delete by hand because they touch roles and sessions in one transaction.
 */
export async function userRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  resourceRoutes(app, RESOURCES.user, {
    rows: {
      table: sysUser,
      row: userRowSchema,
      id: sysUser.id,
      query: userQuerySchema,
      where: {
        username: filters.like(sysUser.username),
        realName: filters.search(sysUser.realName, sysUser.realNameEn),
        phone: filters.like(sysUser.phone),
        status: filters.eq(sysUser.status),
        roleId: (v) => (typeof v === 'number' ? sql`${sysUser.id} IN (SELECT user_id FROM sys_user_role WHERE role_id = ${v})` : undefined),
      },
      sortable: { username: sysUser.username, realName: sysUser.realName, status: sysUser.status, createdAt: sysUser.createdAt, expireAt: sysUser.expireAt },
      defaultSort: [asc(sysUser.id)],
      hidden: ['passwordHash', 'failedCount', 'lastFailedAt', 'lockedUntil'],
      extra: {
        expired: expiredSql,
        roleIdList: sql<number[]>`(SELECT coalesce(json_agg(ur.role_id ORDER BY ur.role_id), '[]'::json) FROM sys_user_role ur WHERE ur.user_id = "sys_user"."id")`,
        roleNames: sql<string>`(SELECT coalesce(string_agg(r.name, ',' ORDER BY r.id), '') FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = "sys_user"."id")`,
        roleNamesEn: sql<string>`(SELECT coalesce(string_agg(coalesce(nullif(r.name_en, ''), r.name), ',' ORDER BY r.id), '') FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = "sys_user"."id")`,
      },
    },
    list: true,
    listAll: true,
    read: true,
    export: { name: 'users', labels: { status: USER_STATUS, sex: SEX } },
  });

  app.post('/sys/user/save', { schema: { body: userSaveSchema, response: { 200: idAnswer } }, config: { permission: 'sys-user#save' } }, async (request) => {
    const { password, roleIdList, expireAt, ...fields } = request.body;
    const passwordHash = await hashPassword(password);
    const id = await db.transaction(async (tx) => {
      await assertUsernameFree(tx, fields.username);
      const [row] = await tx
        .insert(sysUser)
        .values({ ...fields, expireAt: expireAt ? new Date(expireAt) : null, passwordHash })
        .returning({ id: sysUser.id });
      await replaceRoles(tx, row.id, roleIdList, request, true);
      return row.id;
    });
    return ok({ id });
  });

  app.post('/sys/user/update', { schema: { body: userUpdateSchema, response: { 200: idAnswer } }, config: { permission: 'sys-user#update' } }, async (request) => {
    const { id, roleIdList, expireAt, ...fields } = request.body;
    if (id === SUPER_USER_ID && (fields.status === 0 || expireAt)) throw badRequest('err.superUser');
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, id)).for('update');
      if (!current) throw notFound();
      if (fields.username !== undefined) await assertUsernameFree(tx, fields.username, id);
      const changes: Partial<typeof sysUser.$inferInsert> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      if (expireAt !== undefined) changes.expireAt = expireAt ? new Date(expireAt) : null;
      await tx.update(sysUser).set({ ...changes, updatedAt: new Date() }).where(eq(sysUser.id, id));
      if (roleIdList) await replaceRoles(tx, id, roleIdList, request);
      // Disabling or expiring a user ends their sessions at once (docs/domain.md §2).
      if (fields.status === 0 || isPast(expireAt)) await endSessions(tx, id);
    });
    return ok({ id });
  });

  app.post('/sys/user/delete', { schema: { body: idListSchema, response: { 200: deletedAnswer } }, config: { permission: 'sys-user#delete' } }, async (request) => {
    const ids = [...new Set(request.body)];
    if (ids.includes(SUPER_USER_ID)) throw badRequest('err.superUser');
    // Sessions, role links and screen preferences go with the user (ON DELETE CASCADE).
    const rows = await db.delete(sysUser).where(inArray(sysUser.id, ids)).returning({ id: sysUser.id });
    return ok({ deleted: rows.length });
  });

  app.post(
    '/sys/user/resetPassword',
    { schema: { body: resetPasswordSchema, response: { 200: emptyAnswer } }, config: { permission: 'sys-user#resetPassword' } },
    async (request) => {
      const { id, password } = request.body;
      // Only the super user may set the super user's password: otherwise this would be a way to become them.
      if (id === SUPER_USER_ID && request.auth!.userId !== SUPER_USER_ID) throw badRequest('err.superUser');
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const rows = await tx
          .update(sysUser)
          .set({ passwordHash, failedCount: 0, lastFailedAt: null, lockedUntil: null, updatedAt: new Date() })
          .where(eq(sysUser.id, id))
          .returning({ id: sysUser.id });
        if (!rows.length) throw notFound();
        // A new password starts without the waits wrong guesses at the old one earned.
        await tx.delete(sysLoginGuard).where(eq(sysLoginGuard.userId, id));
        await endSessions(tx, id, id === request.auth!.userId ? request.auth!.sessionId : undefined);
      });
      return ok(null);
    },
  );

  app.post('/sys/user/status', { schema: { body: userStatusBodySchema, response: { 200: emptyAnswer } }, config: { permission: 'sys-user#status' } }, async (request) => {
    const { id, status } = request.body;
    if (id === SUPER_USER_ID && status === 0) throw badRequest('err.superUser');
    await db.transaction(async (tx) => {
      const rows = await tx.update(sysUser).set({ status, updatedAt: new Date() }).where(eq(sysUser.id, id)).returning({ id: sysUser.id });
      if (!rows.length) throw notFound();
      if (status === 0) await endSessions(tx, id);
    });
    return ok(null);
  });
}
