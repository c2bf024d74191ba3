import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CODE, type Locale } from '@shared/constants';
import { localeFromHeader, translate, translateWith, isMessageKey } from '@shared/messages';
import { ApiError, RequestValidationError } from '../lib/errors';

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

function send(reply: FastifyReply, code: number, msg: string, data: unknown = null) {
  return reply.status(code).send({ code, msg, data });
}

/** Every error becomes the envelope of DOMAIN.md §1; a 5xx never shows its stack or SQL. */
export const envelopePlugin = fp(async (app) => {
  app.decorateRequest('locale', 'cn');
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
  });

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
    if (pgCode === '22P02' || pgCode === '22003' || pgCode === '22001') return send(reply, CODE.badRequest, translate('err.badRequest', locale));
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return send(reply, CODE.tooLarge, translate('err.tooLarge', locale));
    }
    if (status === 429) return send(reply, CODE.tooMany, translate('err.tooMany', locale));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, CODE.badRequest, translate('err.badJson', locale));
    }
    if (status >= 400 && status < 500) {
      return send(reply, status === 404 ? CODE.notFound : CODE.badRequest, translate(status === 404 ? 'err.notFound' : 'err.badRequest', locale));
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, CODE.error, translate('err.server', locale));
  });

  app.setNotFoundHandler((request, reply) => send(reply, CODE.notFound, translate('err.routeMissing', request.locale ?? 'cn')));
});
