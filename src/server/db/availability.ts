import type { Database } from './client';

/**
 * Errors that say the database cannot be reached — it is restarting or failing over, a connection
 * was cut (pg_terminate_backend, the network), the embedded database's thread stopped — rather than
 * that a statement was wrong. Requests meet them as a 503 (plugins/envelope.ts); background work
 * logs them and tries again on its next round.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'DATABASE_UNAVAILABLE']);
/** SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 is any connection exception. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says, with no code, of a connection it lost or could not open in time. */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Connection ended unexpectedly)/i;

/** An error and its causes (Drizzle wraps the driver's error as `cause`), outermost first. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown; errno?: unknown }> {
  let at: unknown = error;
  for (let depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    yield at as { code?: unknown; message?: unknown };
    at = (at as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** A write refused for want of space: the file system's ENOSPC, PostgreSQL's disk_full (53100). */
export function isDiskFull(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e.code === 'ENOSPC' || e.code === '53100') return true;
    // PGlite's file system reports the errno by number (28 is ENOSPC) in its message.
    if (typeof e.message === 'string' && /\bENOSPC\b|No space left on device|could not extend file/i.test(e.message)) return true;
  }
  return false;
}

/** What the embedded database's calls reject with while its thread is down or starting again. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** A bounded probe's answer: how long it took, or why it failed. */
export interface ProbeResult {
  ok: boolean;
  ms: number;
  /** unreachable: the database is down; timeout: no answer within the bound; error: something else (a message for the log). */
  problem?: 'unreachable' | 'timeout' | 'diskFull' | 'error';
  error?: string;
}

/** How long the health probe's query may take before the database counts as not answering. */
export const PROBE_TIMEOUT_MS = 2_000;
/** How often the database is asked again while it is down: back within this of its return. */
const RETRY_MS = 1_000;

/**
 * Whether this instance can reach its database, as requests and a probe find it. A request that
 * meets an unreachable database marks it down (`failed`); from then a probe asks every second
 * with a bounded `SELECT 1` until it answers, and marks it up again. Walls hear both changes on
 * their live stream (live/hub.ts), health and readiness report it (app.ts).
 */
export class DatabaseAvailability {
  #down: Date | null = null;
  #diskFullAt: number | null = null;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  #listeners = new Set<(available: boolean, since: Date | null) => void>();

  constructor(
    private readonly database: Database,
    private readonly retryMs = RETRY_MS,
  ) {}

  /** Null while the database answers; when it went away otherwise. */
  get downSince(): Date | null {
    return this.#down;
  }

  /** When a write last failed for want of disk space (null: none since the server started). */
  get diskFullAt(): number | null {
    return this.#diskFullAt;
  }

  onChange(listener: (available: boolean, since: Date | null) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Hears an error from anywhere that used the database: an unreachable one marks it down. */
  failed(error: unknown): void {
    if (isDiskFull(error)) this.#diskFullAt = Date.now();
    if (!isDatabaseUnavailable(error) || this.#closed) return;
    if (!this.#down) {
      this.#down = new Date();
      for (const l of this.#listeners) l(false, this.#down);
    }
    this.#schedule();
  }

  /** Asks the database `SELECT 1`, bounded by `timeoutMs`; marks it up or down by the answer. */
  async probe(timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('no answer in time'), { code: 'PROBE_TIMEOUT' })), timeoutMs);
    });
    try {
      await Promise.race([this.database.query('SELECT 1'), timeout]);
      this.#up();
      return { ok: true, ms: Math.round(performance.now() - started) };
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      if ((error as { code?: string }).code === 'PROBE_TIMEOUT') return { ok: false, ms, problem: 'timeout' };
      this.failed(error);
      if (isDatabaseUnavailable(error)) return { ok: false, ms, problem: 'unreachable' };
      return { ok: false, ms, problem: 'error', error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #up(): void {
    if (!this.#down) return;
    this.#down = null;
    for (const l of this.#listeners) l(true, null);
  }

  #schedule(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.probe().then(() => {
        if (this.#down) this.#schedule();
      });
    }, this.retryMs);
    this.#timer.unref();
  }
}
