import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CODE, type Locale } from '@shared/constants';
import { localeFromHeader, translate, translateWith, isMessageKey } from '@shared/messages';
import { renderDeep } from '@shared/server-text';
import { ApiError, RequestValidationError } from '../lib/errors';
import { isDatabaseUnavailable, isDiskFull } from '../db/availability';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

const zhCN = z.locales.zhCN();

/** One field message per path, in the caller's language. */
function fieldMessages(err: RequestValidationError, locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys)) {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = translate('v.unknownField', locale);
      continue;
    }
    const name = issue.path.length ? issue.path.map(String).join('.') : err.part;
    if (fields[name]) continue;
    if (isMessageKey(issue.message)) fields[name] = translate(issue.message, locale);
    else if (locale === 'cn') fields[name] = zhCN.localeError(issue as never) as string ?? issue.message;
    else fields[name] = issue.message;
  }
  return fields;
}

/**
 * The path of the first string (or key) holding a NUL in a parsed request part, or null. PostgreSQL
 * text cannot store U+0000 (error 22021), and no field of this API has a use for it: refused up
 * front, so no handler, export stream or log line ever meets one. Iterative, so a deeply nested body
 * cannot overflow the stack.
 */
export function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  let seen = 0;
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (++seen > 200_000) return null; // the body limit bounds this; a guard all the same
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], at ? `${at}.${i}` : String(i)]);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const path = at ? `${at}.${k}` : k;
        if (k.includes('\u0000')) return path;
        stack.push([child, path]);
      }
    }
  }
  return null;
}

/** Data exceptions (SQLSTATE class 22: NUL, out-of-range date or number, bad text for a type) are the caller's input. */
const isDataException = (code: string | undefined) => typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);

/** What busboy (multipart parsing) throws on a form without a boundary, cut short or malformed: plain Errors. */
const MULTIPART_ERROR = /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header|Boundary required|Unsupported Content-Type|Missing Content-Type|.* terminated early due to unexpected end of multipart data)/;

function send(reply: FastifyReply, code: number, msg: string, data: unknown = null) {
  return reply.status(code).send({ code, msg, data });
}

/** Every error becomes the envelope of docs/domain.md §1; a 5xx never shows its stack or SQL. */
export const envelopePlugin = fp(async (app) => {
  app.decorateRequest('locale', 'cn');
  // The hooks that wait for nothing are plain functions: an async one costs every request a promise and a turn.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    done();
  });
  // Before each route's own validation: a NUL anywhere in the body, query or path parameters is a
  // 400 naming the field (docs/decisions.md "Bad input").
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
      const at = nulPath(value);
      if (at !== null) return done(new RequestValidationError(part, [{ code: 'custom', path: at ? at.split('.') : [], message: 'v.nul' }]));
    }
    done();
  });
  // Text the server wrote as [[key]]{params} (warnings, automatic orders, settings, jobs) leaves in
  // the caller's language, whichever route or query selected it.
  app.addHook('preSerialization', (request, _reply, payload, done) => done(null, renderDeep(payload, request.locale ?? 'cn')));

  app.setErrorHandler((error: FastifyError & { validation?: unknown }, request: FastifyRequest, reply) => {
    const locale = request.locale ?? 'cn';
    if (error instanceof ApiError) {
      const fields = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translate(v, locale)]))
        : undefined;
      return send(reply, error.code, translateWith(error.messageKey, locale, error.params), fields ? { fields } : null);
    }
    if (error instanceof RequestValidationError) {
      const fields = fieldMessages(error, locale);
      const first = Object.values(fields)[0];
      return send(reply, CODE.badRequest, first ?? translate('err.badRequest', locale), { fields });
    }
    // Drizzle wraps driver errors (DrizzleQueryError): the SQLSTATE is on the cause.
    const cause = (error as { cause?: { code?: unknown } }).cause;
    const pgCode = typeof cause?.code === 'string' && /^[0-9A-Z]{5}$/.test(cause.code) ? cause.code : (error as { code?: string }).code;
    if (pgCode === '23505') return send(reply, CODE.conflict, translate('err.conflict', locale));
    // A RESTRICT key (0015) refused to erase what depends on the row: in use, not bad input.
    if (pgCode === '23001') return send(reply, CODE.conflict, translate('err.inUse', locale));
    if (pgCode === '23503') return send(reply, CODE.badRequest, translate('err.badRequest', locale));
    // A CHECK or a time-rule trigger (0014) refused a row the routes' own checks let through: still
    // bad input. The triggers raise a message key; a plain CHECK says only that the value is invalid.
    if (pgCode === '23514') {
      const raised = String((cause as { message?: unknown } | undefined)?.message ?? error.message ?? '');
      return send(reply, CODE.badRequest, translate(isMessageKey(raised) ? raised : 'v.invalid', locale));
    }
    if (isDataException(pgCode)) return send(reply, CODE.badRequest, translate('err.badRequest', locale));
    if (!error.statusCode && MULTIPART_ERROR.test(error.message ?? '')) return send(reply, CODE.badRequest, translate('err.badMultipart', locale));
    // An upload whose form ends before its closing boundary: the file stream closes early.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' && String(request.headers['content-type'] ?? '').startsWith('multipart/')) {
      return send(reply, CODE.badRequest, translate('err.badMultipart', locale));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return send(reply, CODE.tooLarge, translate('err.tooLarge', locale));
    }
    if (status === 429) return send(reply, CODE.tooMany, translate('err.tooMany', locale));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, CODE.badRequest, translate('err.badJson', locale));
    }
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || error.code === 'FST_PROTO_VIOLATION' || error.code === 'FST_INVALID_JSON_FIELD_ERROR') {
      return send(reply, CODE.badRequest, translate('err.badMultipart', locale));
    }
    if (status >= 400 && status < 500) {
      return send(reply, status === 404 ? CODE.notFound : CODE.badRequest, translate(status === 404 ? 'err.notFound' : 'err.badRequest', locale));
    }
    // The database gone (restarting, failed over, the connection cut) or the disk full: nothing was
    // done or saved, and the caller is told so in words, not "server error" (docs/reliability.md).
    // The availability watch hears of it, tells the walls and asks until the database is back.
    request.server.availability?.failed(error);
    if (isDiskFull(error)) {
      request.log.error({ err: { message: error.message, code: pgCode } }, 'request failed: the disk is full');
      return send(reply, CODE.diskFull, translate('err.diskFull', locale));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: pgCode } }, 'request failed: the database is unavailable');
      return send(reply, CODE.unavailable, translate('err.dbUnavailable', locale));
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, CODE.error, translate('err.server', locale));
  });

  app.setNotFoundHandler((request, reply) => send(reply, CODE.notFound, translate('err.routeMissing', request.locale ?? 'cn')));
});
