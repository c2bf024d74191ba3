import type { Database } from '../db/client';

/** Stale counters are swept now and then by the call that counts, so the table stays small. */
const SWEEP_EVERY = 500;
let calls = 0;

export interface LimitHit {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Counts one request against `key` in a fixed window and returns the count. One upsert: parallel
 * requests, on this instance or any other on the same database, queue on the row and each sees
 * its own count, so a limit cannot be outrun by sending at once or by spreading over instances.
 */
export async function countHit(database: Database, key: string, windowMs: number): Promise<LimitHit> {
  calls += 1;
  if (calls % SWEEP_EVERY === 0) await database.query(`DELETE FROM sys_rate_limit WHERE window_ends < now()`);
  const rows = await database.query<{ hits: number; ttl_ms: number }>(
    `INSERT INTO sys_rate_limit AS r (key, hits, window_ends) VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
       window_ends = CASE WHEN r.window_ends <= now() THEN now() + make_interval(secs => $2::float8 / 1000) ELSE r.window_ends END
     RETURNING hits, (extract(epoch FROM window_ends - now()) * 1000)::float8 AS ttl_ms`,
    [key.slice(0, 200), windowMs],
  );
  return { hits: Number(rows[0].hits), ttlMs: Math.max(0, Math.ceil(Number(rows[0].ttl_ms))) };
}

/** The hits of a key in its current window, without counting one (0 when it has none or it ended). */
export async function peekHits(database: Database, key: string): Promise<number> {
  const rows = await database.query<{ hits: number }>(`SELECT hits FROM sys_rate_limit WHERE key = $1 AND window_ends > now()`, [key.slice(0, 200)]);
  return Number(rows[0]?.hits ?? 0);
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type Count = { current: number; ttl: number };

/** Local notes past this many are swept of the ended ones. */
const NOTES_SWEEP_AT = 10_000;

/**
 * A store for @fastify/rate-limit that keeps its counters in the database (`countHit`), one key
 * space per route: `config.rateLimit` on a route then holds across every instance.
 *
 * A burst from one address must not cost one database round trip per request, all queued on one
 * row and holding pool connections a normal login then waits for. So, per instance: requests of
 * one key are counted one after the other, and once the database has said the key is at its limit
 * until the window ends, the rest are refused here without asking again. That note only ever
 * refuses (a fixed window cannot open again before it ends), so the database stays the one judge
 * of what is let through.
 */
export function databaseRateStore(database: Database) {
  const fullUntil = new Map<string, number>();
  const queues = new Map<string, Promise<unknown>>();

  const refusedHere = (key: string, max: number): Count | null => {
    const until = fullUntil.get(key);
    if (until === undefined) return null;
    const ttl = until - Date.now();
    if (ttl > 0) return { current: max + 1, ttl };
    fullUntil.delete(key);
    return null;
  };

  const count = async (key: string, timeWindow: number, max: number): Promise<Count> => {
    const known = refusedHere(key, max);
    if (known) return known;
    const hit = await countHit(database, key, timeWindow);
    if (hit.hits >= max && hit.ttlMs > 0) {
      if (fullUntil.size >= NOTES_SWEEP_AT) for (const [k, until] of fullUntil) if (until <= Date.now()) fullUntil.delete(k);
      fullUntil.set(key, Date.now() + hit.ttlMs);
    }
    return { current: hit.hits, ttl: hit.ttlMs };
  };

  class DatabaseRateStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow?: number, max?: number): void {
      const full = `${this.prefix}|${key}`;
      const limit = max ?? Number.MAX_SAFE_INTEGER;
      const known = refusedHere(full, limit);
      if (known) return callback(null, known);
      const previous = queues.get(full) ?? Promise.resolve();
      const mine = previous.then(() => count(full, timeWindow ?? 60_000, limit));
      const tail = mine.catch(() => undefined);
      queues.set(full, tail);
      void tail.then(() => {
        if (queues.get(full) === tail) queues.delete(full);
      });
      mine.then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** Called once per route with the route's merged limit options (its route under `routeInfo`). */
    child(options: object): DatabaseRateStore {
      const info = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseRateStore(undefined, `${method} ${info.url ?? ''}`);
    }
  }
  return DatabaseRateStore;
}
