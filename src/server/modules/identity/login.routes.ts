import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loginBodySchema, loginResultSchema, type LoginResult } from '@shared/contracts/auth';
import { emptyAnswer, envelopeOf } from '@shared/contracts/common';
import type { MessageKey } from '@shared/messages';
import { sysLoginLog, sysSession, sysUser } from '../../db/schema';
import { CAPTCHA_PER_MINUTE, CODE } from '@shared/constants';
import { ApiError, badRequest } from '../../lib/errors';
import { ok } from '../../lib/crud';
import { fileAnswer } from '../../lib/answers';
import { newToken, verifyPassword } from '../../lib/password';
import { captchaEnabled, captchaSvg, consumeCaptcha, issueCaptcha } from './captcha';
import { sessionUserOf } from './session.service';
import { countAccountFailure, forgiveAttempts, takeAttempt } from './login-guard';

/** A captcha key is printable ASCII: a NUL or a control character is a 400, never a database error. */
const CAPTCHA_UUID = /^[\x21-\x7e]+$/;
const captchaQuerySchema = z.object({
  uuid: z
    .string({ error: 'v.required' })
    .min(1, { message: 'v.required' })
    .max(64, { message: 'v.tooLong' })
    .regex(CAPTCHA_UUID, { message: 'v.invalid' }),
});
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

export async function loginRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    '/sys/captcha',
    {
      schema: { querystring: captchaQuerySchema, response: { 200: fileAnswer('the captcha image', 'image/svg+xml') } },
      config: { permission: 'public', rateLimit: { max: CAPTCHA_PER_MINUTE, timeWindow: ONE_MINUTE_MS } },
    },
    async (request, reply) => {
      const { uuid } = request.query;
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

  /** A failed attempt: written to the login history, answered with 400 and the message of spec §8. */
  async function refuse(request: FastifyRequest, username: string, userId: number | null, key: MessageKey): Promise<never> {
    await logAttempt(request, username, userId, false, key);
    const field = FIELD_OF[key];
    throw badRequest(key, field ? { [field]: key } : undefined);
  }

  app.post(
    '/sys/login',
    {
      schema: { body: loginBodySchema, response: { 200: envelopeOf(loginResultSchema) } },
      config: {
        permission: 'public',
        // Login and logout write the login history themselves; the operation log would hold the body.
        log: false,
        rateLimit: { max: async () => app.settings.get('security.loginPerMinute'), timeWindow: ONE_MINUTE_MS },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const username = body.username;
      if ((await captchaEnabled(app)) && !(await consumeCaptcha(app, body.uuid, body.captcha))) {
        return refuse(request, username, null, 'login.captcha');
      }
      const [user] = await db
        .select({ id: sysUser.id, passwordHash: sysUser.passwordHash, status: sysUser.status, expireAt: sysUser.expireAt })
        .from(sysUser)
        .where(eq(sysUser.username, username));
      if (!user) return refuse(request, username, null, 'login.noAccount');
      // The check is taken (and counted) before the password is looked at, so guesses sent at once
      // cannot overtake the count; past the threshold this address waits, the account is never locked.
      const verdict = await takeAttempt(app, user.id, request.ip);
      if (!verdict.allowed) {
        await logAttempt(request, username, user.id, false, 'login.tooMany');
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw new ApiError(CODE.tooMany, 'login.tooMany');
      }
      if (!(await verifyPassword(body.password, user.passwordHash))) {
        await countAccountFailure(app, user.id);
        return refuse(request, username, user.id, 'login.password');
      }
      await forgiveAttempts(app, user.id, request.ip);
      // Disabled by an administrator (spec §8 "account locked, contact administrator"): said only to the right password.
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

  app.post('/sys/logout', { schema: { response: { 200: emptyAnswer } }, config: { permission: 'login', log: false } }, async (request) => {
    await db.delete(sysSession).where(sql`${sysSession.id} = ${request.auth!.sessionId}`);
    // The session row is gone, so this token is refused from now on whatever is cached; the user's
    // cached grants go too, read afresh by their next session.
    if (request.auth!.userId !== null) app.grantsCache.forget(request.auth!.userId);
    return ok(null);
  });
}
