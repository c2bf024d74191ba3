import fp from 'fastify-plugin';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { sysLog } from '../db/schema';
import { readActions, resourceOfPermission } from '@shared/resources';
import { rawField } from '../lib/raw-field';

const SECRET_KEY = /pass(word)?|secret|token|ticket|captcha|boardkey|^key$|^address$/i;

/**
 * Deep copy with every secret-looking field replaced, so logs never hold passwords or keys. Dates
 * (the body after its contract parsed the instants) are kept as ISO text: copied field by field, a
 * Date has none and was stored as `{}`.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '******' : redact(v, depth + 1);
  return out;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The menu a route belongs to: the first of its permission codes that names a resource of the
 * registry (`sys-role#save` → `sys-role`).
 */
function menuCodeOf(permission: unknown): string {
  const first = [permission].flat().find((p): p is string => typeof p === 'string' && !!resourceOfPermission(p));
  return first ? first.split('#')[0].slice(0, 64) : '';
}
/** Actions that only read (list, info, export… and each resource's own `reads` in the registry): not logged. */
const READ_ACTIONS = new RegExp(`/(${readActions().join('|')})(/|$)`);

/** Whether a registered route only reads, tested once per route (a path that matched none, each time). */
const readRoutes = new Map<string, boolean>();
function onlyReads(route: string | undefined, url: string): boolean {
  if (route === undefined) return READ_ACTIONS.test(url);
  let reads = readRoutes.get(route);
  if (reads === undefined) readRoutes.set(route, (reads = READ_ACTIONS.test(route)));
  return reads;
}

/** Writes the operation log (sys/log) for every change a signed-in user makes. */
export const oplogPlugin = fp(async (app) => {
  async function write(request: FastifyRequest, reply: FastifyReply, cfg: FastifyContextConfig, url: string): Promise<void> {
    const parts = url.replace(/^\/api\//, '').split('/').filter((p) => p && !p.startsWith(':'));
    const module = cfg.log ? cfg.log.module : parts.slice(0, -1).join('/');
    const action = cfg.log ? cfg.log.action : (parts.at(-1) ?? '');
    const params = redact({ params: request.params, body: request.body });
    try {
      await app.database.db.insert(sysLog).values({
        userId: request.auth!.userId,
        username: request.auth!.username,
        module,
        menuCode: menuCodeOf(cfg.permission),
        action,
        target: String(rawField(request.params, 'id') ?? ''),
        method: request.method,
        path: request.url.split('?')[0],
        ip: request.ip,
        durationMs: Math.round(reply.elapsedTime),
        statusCode: reply.statusCode,
        success: reply.statusCode < 400,
        params: params as object,
      });
    } catch (err) {
      request.log.warn({ err }, 'operation log write failed');
    }
  }

  // A plain function: the reads (most calls) leave it at once, without a promise of their own.
  app.addHook('onResponse', (request, reply, done) => {
    const cfg = request.routeOptions.config;
    if (!cfg || cfg.log === false || !request.auth || request.auth.kind !== 'user' || !MUTATING.has(request.method)) return done();
    const url = request.routeOptions.url ?? request.url;
    if (!cfg.log && onlyReads(request.routeOptions.url, url)) return done();
    void write(request, reply, cfg, url).finally(done);
  });
});
