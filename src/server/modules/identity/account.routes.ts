import type { AppInstance } from '../../app-instance';
import { eq } from 'drizzle-orm';
import { emptyAnswer, envelopeOf } from '@shared/contracts/common';
import { changePasswordSchema, profileSchema, sessionUserSchema, navResultSchema } from '@shared/contracts/auth';
import { sysUser } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { ok } from '../../lib/crud';
import { hashPassword, verifyPassword } from '../../lib/password';
import { endSessions, navFor, sessionUserOf } from './session.service';

/** The signed-in user's own things: who am I, my menus, my password and contact details. */
export async function accountRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  app.get('/sys/user/info', { schema: { response: { 200: envelopeOf(sessionUserSchema) } }, config: { permission: 'login' } }, async (request) => ok(await sessionUserOf(app, request.auth!.userId!)));

  app.get('/sys/menu/nav', { schema: { response: { 200: envelopeOf(navResultSchema) } }, config: { permission: 'login' } }, async (request) => {
    const { menuList, permissions } = await navFor(app, request.auth!.userId!);
    return ok({ menuList, permissions });
  });

  app.post(
    '/sys/user/password',
    { schema: { body: changePasswordSchema, response: { 200: emptyAnswer } }, config: { permission: 'login', log: { module: 'sys/user', action: 'password' } } },
    async (request) => {
      const body = request.body;
      const auth = request.auth!;
      const [user] = await db.select({ passwordHash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, auth.userId!));
      if (!user || !(await verifyPassword(body.password, user.passwordHash))) {
        throw badRequest('err.oldPassword', { password: 'err.oldPassword' });
      }
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(sysUser).set({ passwordHash, updatedAt: new Date() }).where(eq(sysUser.id, auth.userId!));
        // Whoever knew the old password is signed out everywhere else.
        await endSessions(tx, auth.userId!, auth.sessionId);
      });
      return ok(null);
    },
  );

  app.post(
    '/sys/user/profile',
    { schema: { body: profileSchema, response: { 200: envelopeOf(sessionUserSchema) } }, config: { permission: 'login', log: { module: 'sys/user', action: 'profile' } } },
    async (request) => {
      const body = request.body;
      await db.update(sysUser).set({ ...body, updatedAt: new Date() }).where(eq(sysUser.id, request.auth!.userId!));
      return ok(await sessionUserOf(app, request.auth!.userId!));
    },
  );
}
