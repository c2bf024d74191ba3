import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeOf } from '@shared/contracts/common';

/** How one part of the server stands: ok; down (it cannot serve); warn (it serves, someone should look). */
export const partSchema = z.object({
  status: z.enum(['ok', 'warn', 'down']),
  /** What is wrong, in words for an operator (English: a probe reads codes, a person reads the log and this). */
  detail: z.string().optional(),
  /** The probe's time, for the database. */
  ms: z.number().optional(),
  /** When it went down, as far as this instance knows. */
  since: z.string().optional(),
  /** The data folder's free space, in bytes. */
  freeBytes: z.number().optional(),
});
export type Part = z.infer<typeof partSchema>;

const healthData = z.object({
  /** ok: this instance can serve; unavailable: it cannot (a part is down). */
  status: z.enum(['ok', 'unavailable']),
  db: z.string(),
  version: z.string(),
  warming: z.array(z.string()),
  parts: z.record(z.string(), partSchema),
});
/** GET /health and /health/ready: whether the instance can serve, each part's state, the engine, the version and the start-up work still running. */
export const healthAnswer = envelopeOf(healthData);
export const liveAnswer = envelopeOf(z.object({ status: z.literal('ok') }));

/** Less free space than this in the data folder counts as a full disk: PostgreSQL and the file store need room to write at all. */
const MIN_FREE_BYTES = 64 * 1024 * 1024;
/** A write refused for want of space keeps readiness red this long after (the database's own disk may be elsewhere, out of statfs's sight). */
const DISK_FULL_HOLD_MS = 30_000;
/** A lease may be this far past its end before the cluster counts as running none of its work. */
const LEASE_GRACE_MS = 60_000;

/** Checks besides the built-in ones (main.ts adds the broker when MQTT_URL is set). */
export type PartCheck = () => Part | Promise<Part>;

declare module 'fastify' {
  interface FastifyInstance {
    healthParts: Map<string, PartCheck>;
  }
}

async function diskPart(app: FastifyInstance): Promise<Part> {
  let freeBytes: number | undefined;
  // The folder the server writes to (uploads on PostgreSQL, everything on the embedded database), or
  // the nearest one above it that exists yet (no upload so far).
  for (let at = app.config.databaseUrl ? app.config.filesDir : app.config.dataDir; freeBytes === undefined; at = path.dirname(at)) {
    try {
      const s = await statfs(at);
      freeBytes = s.bavail * s.bsize;
    } catch {
      if (path.dirname(at) === at) break;
    }
  }
  const refused = app.availability.diskFullAt;
  if (refused !== null && Date.now() - refused < DISK_FULL_HOLD_MS) return { status: 'down', detail: 'a write failed: no space left on the disk', ...(freeBytes !== undefined ? { freeBytes } : {}) };
  if (freeBytes !== undefined && freeBytes < MIN_FREE_BYTES) return { status: 'down', detail: 'the data folder has less than 64 MB free', freeBytes };
  return { status: 'ok', ...(freeBytes !== undefined ? { freeBytes } : {}) };
}

async function databasePart(app: FastifyInstance): Promise<Part> {
  const probe = await app.availability.probe();
  if (probe.ok) return { status: 'ok', ms: probe.ms };
  const since = app.availability.downSince?.toISOString();
  const detail = probe.problem === 'timeout' ? 'no answer to SELECT 1 within 2 s' : probe.problem === 'unreachable' ? 'the database cannot be reached' : 'the database refused SELECT 1';
  return { status: 'down', ms: probe.ms, detail, ...(since ? { since } : {}) };
}

/** The leases (jobs/runner.ts, the device jobs): each held by some instance of the cluster, or by none for a while. */
async function jobsPart(app: FastifyInstance): Promise<Part> {
  const rows = await app.database.query<{ name: string; late_ms: number }>(
    `SELECT name, (extract(epoch FROM now() - until) * 1000)::float8 AS late_ms FROM job_lease ORDER BY name`,
  );
  // No row yet: the first tick comes a few seconds after a start.
  const lapsed = rows.filter((r) => r.late_ms >= LEASE_GRACE_MS);
  if (!lapsed.length) return { status: 'ok' };
  return { status: 'warn', detail: `no instance has held ${lapsed.map((r) => `${r.name} for ${Math.round(r.late_ms / 1000)} s`).join(', ')}` };
}

/**
 * Health for people and probes (docs/monitoring.md): `/health/live` says the process answers (a
 * restart helps only when this fails); `/health/ready` and `/health` say whether it can serve — the
 * database answers a bounded query, the data folder's disk has room — with 200 or 503 and each
 * part's state; the broker and the job lease are reported too, as `warn`, without taking the instance
 * out (readings wait in the broker; another instance may hold the lease).
 */
export function healthRoutes(app: FastifyInstance, prefix: string): void {
  app.decorate('healthParts', new Map<string, PartCheck>());
  const ready = async () => {
    const database = await databasePart(app);
    const parts: Record<string, Part> = { database, disk: await diskPart(app) };
    if (database.status === 'ok') parts.jobs = await jobsPart(app).catch(() => ({ status: 'warn' as const, detail: 'the job lease could not be read' }));
    for (const [name, check] of app.healthParts) parts[name] = await Promise.resolve(check()).catch(() => ({ status: 'warn' as const, detail: 'its check failed' }));
    const serving = parts.database.status === 'ok' && parts.disk.status === 'ok';
    return { serving, data: { status: serving ? ('ok' as const) : ('unavailable' as const), db: app.database.kind, version: app.config.version, warming: [...app.warming], parts } };
  };
  const answer = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    const { serving, data } = await ready();
    reply.status(serving ? 200 : 503).header('cache-control', 'no-store');
    return { code: serving ? 0 : 503, msg: serving ? 'success' : 'unavailable', data };
  };
  const schema = { response: { 200: healthAnswer, 503: healthAnswer } };
  app.get(`${prefix}/health`, { schema, config: { permission: 'public' } }, answer);
  app.get(`${prefix}/health/ready`, { schema, config: { permission: 'public' } }, answer);
  app.get(`${prefix}/health/live`, { schema: { response: { 200: liveAnswer } }, config: { permission: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { code: 0, msg: 'success', data: { status: 'ok' as const } };
  });
}
