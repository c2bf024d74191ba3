import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read the wall repeats on its timer: its answer carries an ETag, and a call that names the
     * same one in If-None-Match is answered 304 with no body (plugins/etag.ts).
     */
    etag?: boolean;
  }
}

/** The validator of an answer: a hash of the bytes sent (so it differs per language and per caller's rights). */
export function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;
}

/** True when an If-None-Match header names this ETag (a list, weak forms and `*` included). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  return [header]
    .flat()
    .flatMap((h) => h.split(','))
    .map((h) => h.trim().replace(/^W\//, ''))
    .some((h) => h === '*' || h === etag);
}

/**
 * Conditional answers for the reads the wall asks again on its timer (route config `etag`): the
 * answer says its ETag and stays out of shared caches; the same call with that ETag in
 * If-None-Match gets 304 and no body, so an unchanged wall costs the browser no download, no
 * parse and no redraw. The query still runs: the answer is what is compared, so any change —
 * pushed or not (a scheduled job, another instance, midnight) — is seen.
 */
export const etagPlugin = fp(async (app) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.routeOptions.config?.etag || reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const etag = etagOf(payload);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (!matchesEtag(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    done(null, '');
  });
});
