import type { AppInstance } from '../../../app-instance';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { kickoutSchema, onlineQuerySchema, onlineSessionSchema } from '@shared/contracts/logs';
import { envelopeOf, pagingSchema, listAnswerOf } from '@shared/contracts/common';
import { pageOf } from '@shared/envelope';
import { SUPER_USER_ID } from '@shared/constants';
import { sysSession, sysUser } from '../../../db/schema';
import { filters, ok } from '../../../lib/crud';
import { forbidden, notFound } from '../../../lib/errors';

/** sys/online-user: live back-office sessions, and forcing one to log out. */
export async function onlineRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/sys/online-user/list',
    { schema: { response: { 200: listAnswerOf(onlineSessionSchema) }, body: onlineQuerySchema.extend(pagingSchema.shape).strict() }, config: { permission: 'sys-online-user#list' } },
    async (request) => {
      const q = request.body;
      const where = and(
        eq(sysSession.kind, 'user'),
        or(isNull(sysSession.expiresAt), gt(sysSession.expiresAt, new Date())),
        filters.search(sysUser.username, sysUser.realName, sysUser.realNameEn)(q.username),
        filters.like(sysSession.ip)(q.ip),
      );
      const [list, [{ n }]] = await Promise.all([
        app.database.db
          .select({
            sessionId: sysSession.id,
            userId: sysSession.userId,
            username: sysUser.username,
            realName: sysUser.realName,
            realNameEn: sysUser.realNameEn,
            ip: sysSession.ip,
            userAgent: sysSession.userAgent,
            loginAt: sysSession.loginAt,
            lastActiveAt: sysSession.lastActiveAt,
            expiresAt: sysSession.expiresAt,
          })
          .from(sysSession)
          .innerJoin(sysUser, eq(sysUser.id, sysSession.userId))
          .where(where)
          .orderBy(desc(sysSession.lastActiveAt), desc(sysSession.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        app.database.db.select({ n: sql<number>`count(*)::int` }).from(sysSession).innerJoin(sysUser, eq(sysUser.id, sysSession.userId)).where(where),
      ]);
      const mine = request.auth?.sessionId;
      return ok(pageOf(list.map((s) => ({ ...s, current: s.sessionId === mine })), n, q.page, q.limit));
    },
  );

  app.post(
    '/sys/online-user/kickout',
    { schema: { body: kickoutSchema, response: { 200: envelopeOf(onlineSessionSchema.pick({ sessionId: true })) } }, config: { permission: 'sys-online-user#kickout', log: { module: 'sys/online-user', action: 'kickout' } } },
    async (request) => {
      const { sessionId } = request.body;
      const [s] = await app.database.db
        .select({ id: sysSession.id, userId: sysSession.userId })
        .from(sysSession)
        .where(and(eq(sysSession.id, sessionId), eq(sysSession.kind, 'user')));
      if (!s) throw notFound();
      if (s.userId === SUPER_USER_ID && !request.auth?.isSuper) throw forbidden('err.superUser');
      await app.database.db.delete(sysSession).where(eq(sysSession.id, sessionId));
      return ok({ sessionId });
    },
  );
}
