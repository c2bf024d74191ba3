import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loginBodySchema, type LoginBody, type LoginResult } from '@shared/contracts/auth';
import type { MessageKey } from '@shared/messages';
import { sysLoginLog, sysSession, sysUser } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { ok } from '../../lib/crud';
import { newToken, verifyPassword } from '../../lib/password';
import { captchaEnabled, captchaSvg, consumeCaptcha, issueCaptcha } from './captcha';
import { sessionUserOf } from './session.service';

const captchaQuerySchema = z.object({ uuid: z.string({ error: 'v.required' }).min(1, { message: 'v.required' }).max(64, { message: 'v.tooLong' }) });
const CAPTCHA_PER_MINUTE = 60;
const ONE_MINUTE_MS = 60_000;
const USER_AGENT_MAX = 512;

/** Which field a login message belongs to, so the form can show it beside the right input. */
const FIELD_OF: Partial<Record<MessageKey, string>> = {
  'login.captcha': 'captcha',
  'login.noAccount': 'username',
  'login.password': 'password',
};

function userAgentOf(request: FastifyRequest): string {
  return String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
}

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    '/sys/captcha',
    {
      schema: { querystring: captchaQuerySchema },
      config: { permission: 'public', rateLimit: { max: CAPTCHA_PER_MINUTE, timeWindow: ONE_MINUTE_MS } },
    },
    async (request, reply) => {
      const { uuid } = request.query as z.infer<typeof captchaQuerySchema>;
      const code = await issueCaptcha(app, uuid);
      reply.header('cache-control', 'no-store').type('image/svg+xml; charset=utf-8');
      return captchaSvg(code);
    },
  );

  async function logAttempt(request: FastifyRequest, username: string, userId: number | null, success: boolean, message: string) {
    await db.insert(sysLoginLog).values({
      username: username.slice(0, 64),
      userId,
      ip: request.ip.slice(0, 64),
      userAgent: userAgentOf(request),
      success,
      message,
    });
  }

  /** A failed attempt: written to the login history, answered with 400 and the message of seed §8. */
  async function refuse(request: FastifyRequest, username: string, userId: number | null, key: MessageKey): Promise<never> {
    await logAttempt(request, username, userId, false, key);
    const field = FIELD_OF[key];
    throw badRequest(key, field ? { [field]: key } : undefined);
  }

  /** Counts a wrong password inside the window; reaching the threshold locks the account for the window. */
  async function countFailure(userId: number): Promise<boolean> {
    const [threshold, windowMinutes] = await Promise.all([
      app.settings.get('security.lockThreshold'),
      app.settings.get('security.lockWindowMinutes'),
    ]);
    const rows = await app.database.query<{ failed_count: number }>(
      `UPDATE sys_user SET
          failed_count = CASE WHEN last_failed_at IS NULL OR last_failed_at < now() - make_interval(mins => $2::int)
                              THEN 1 ELSE failed_count + 1 END,
          last_failed_at = now()
        WHERE id = $1 RETURNING failed_count`,
      [userId, windowMinutes],
    );
    if ((rows[0]?.failed_count ?? 0) < threshold) return false;
    await app.database.query(
      `UPDATE sys_user SET locked_until = now() + make_interval(mins => $2::int), failed_count = 0, last_failed_at = NULL WHERE id = $1`,
      [userId, windowMinutes],
    );
    return true;
  }

  app.post(
    '/sys/login',
    {
      schema: { body: loginBodySchema },
      config: {
        permission: 'public',
        // Login and logout write the login history themselves; the operation log would hold the body.
        log: false,
        rateLimit: { max: async () => app.settings.get('security.loginPerMinute'), timeWindow: ONE_MINUTE_MS },
      },
    },
    async (request) => {
      const body = request.body as LoginBody;
      const username = body.username;
      if ((await captchaEnabled(app)) && !(await consumeCaptcha(app, body.uuid, body.captcha))) {
        return refuse(request, username, null, 'login.captcha');
      }
      const [user] = await db
        .select({ id: sysUser.id, passwordHash: sysUser.passwordHash, status: sysUser.status, expireAt: sysUser.expireAt, lockedUntil: sysUser.lockedUntil })
        .from(sysUser)
        .where(eq(sysUser.username, username));
      if (!user) return refuse(request, username, null, 'login.noAccount');
      // A locked account answers "locked" before the password is even checked, so guessing stops.
      if (user.lockedUntil && new Date(user.lockedUntil).getTime() > Date.now()) return refuse(request, username, user.id, 'login.locked');
      if (!(await verifyPassword(body.password, user.passwordHash))) {
        const locked = await countFailure(user.id);
        return refuse(request, username, user.id, locked ? 'login.locked' : 'login.password');
      }
      await db.update(sysUser).set({ failedCount: 0, lastFailedAt: null, lockedUntil: null }).where(eq(sysUser.id, user.id));
      if (user.status !== 1) return refuse(request, username, user.id, 'login.locked');
      if (user.expireAt && new Date(user.expireAt).getTime() <= Date.now()) return refuse(request, username, user.id, 'login.expired');

      const hours = await app.settings.get('security.sessionHours');
      const { token, hash } = newToken();
      await db.insert(sysSession).values({
        tokenHash: hash,
        kind: 'user',
        userId: user.id,
        ip: request.ip.slice(0, 64),
        userAgent: userAgentOf(request),
        expiresAt: new Date(Date.now() + hours * 3600_000),
      });
      await logAttempt(request, username, user.id, true, 'ok.success');
      const result: LoginResult = { token, expire: Math.round(hours * 3600), user: await sessionUserOf(app, user.id) };
      return ok(result);
    },
  );

  app.post('/sys/logout', { config: { permission: 'login', log: false } }, async (request) => {
    await db.delete(sysSession).where(sql`${sysSession.id} = ${request.auth!.sessionId}`);
    // The session row is gone, so this token is refused from now on whatever is cached; the user's
    // cached grants go too, read afresh by their next session.
    if (request.auth!.userId !== null) app.grantsCache.forget(request.auth!.userId);
    return ok(null);
  });
}
