import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import type { AuthContext } from '../plugins/auth';
import { LIVE_TOPICS, type LiveEvent } from '@shared/live';
import { inScope } from '../lib/data-scope';

const CHANNEL = 'cascade_live';
/** Told by a trigger on sys_session (0036_session_ended.sql) whenever sessions are deleted, on any instance. */
const SESSION_END_CHANNEL = 'cascade_session_end';
export const HEARTBEAT_MS = 25_000;
/** A burst of deletions (a user's sessions, the expiry job) costs one check of the open streams. */
const SESSION_CHECK_DELAY_MS = 50;

/**
 * What a stream is told before the server ends it, as an SSE event the client acts on
 * (src/client/lib/live.ts): `reconnect` — this process is stopping, open a new stream (with a new
 * ticket) at once; `revoked` — the session is over (signed out, display token revoked, kicked out,
 * user disabled or expired), do not come back.
 */
export type StreamEnd = 'reconnect' | 'revoked';

interface Client {
  reply: FastifyReply;
  auth: AuthContext;
  /** The grants version its `auth` was last read at; null until the first event after it opened. */
  grants: string | null;
}

/** Reads a session again (plugins/auth.ts resolveSessionById): null when it has ended. */
export type SessionReader = (sessionId: number) => Promise<AuthContext | null>;

/**
 * Push to browsers: an event is published with NOTIFY, every instance LISTENs and writes it to its
 * own Server-Sent-Event clients, so a change made on one instance reaches walls on all of them.
 */
export class LiveHub {
  private clients = new Set<Client>();
  private unlisten: (() => Promise<void>) | null = null;
  private unlistenSessions: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private sessionCheck: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private recheck = false;
  private stopped = false;
  /** Events are delivered one after another: a grants change read for one applies to every later one. */
  private delivering: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    /** Without one (tests of the hub alone), a stream keeps the scope it opened with. */
    private readonly readSession?: SessionReader,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => {
        let event: LiveEvent;
        try {
          event = JSON.parse(payload) as LiveEvent;
        } catch {
          // A malformed payload from another writer is ignored rather than breaking every stream.
          return;
        }
        this.delivering = this.delivering.then(() => this.deliver(event));
      },
      () => {
        this.gap();
        // Deletions told meanwhile are lost too.
        this.sessionsChanged();
      },
    );
    this.unlistenSessions = await this.database.listen(SESSION_END_CHANNEL, () => this.sessionsChanged());
    this.heartbeat = setInterval(() => {
      for (const c of this.clients) c.reply.raw.write(': ping\n\n');
      // Sessions that simply ran out (nobody deleted them) end with the heartbeat.
      this.sessionsChanged();
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * The server is stopping: every stream is told to reconnect and ended, so the server's close does not
   * wait on connections that never end, and walls come back to the next process by themselves.
   */
  closeStreams(): void {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sessionCheck) clearTimeout(this.sessionCheck);
    for (const c of [...this.clients]) this.end(c, 'reconnect');
  }

  async stop(): Promise<void> {
    this.closeStreams();
    await this.checking?.catch(() => undefined);
    await this.unlisten?.();
    await this.unlistenSessions?.();
  }

  /** Publishes to every instance; small payloads only (NOTIFY carries at most 8000 bytes). */
  async publish(event: LiveEvent): Promise<void> {
    await this.database.notify(CHANNEL, JSON.stringify(event));
  }

  get size(): number {
    return this.clients.size;
  }

  /** Streams this instance holds open for a session. */
  countFor(sessionId: number): number {
    let n = 0;
    for (const c of this.clients) if (c.auth.sessionId === sessionId) n++;
    return n;
  }

  /** Resolves once every event received so far has been written (tests). */
  async settled(): Promise<void> {
    await this.delivering;
  }

  attach(reply: FastifyReply, auth: AuthContext): void {
    const client: Client = { reply, auth, grants: null };
    // Opened while the server stops: told to come back at once, like the others.
    if (this.stopped) return this.end(client, 'reconnect');
    this.clients.add(client);
    reply.raw.on('close', () => this.clients.delete(client));
  }

  /** Tells a stream why it ends, then ends it. */
  private end(c: Client, why: StreamEnd): void {
    this.clients.delete(c);
    const raw = c.reply.raw;
    if (raw.writableEnded) return;
    raw.end(`event: ${why}\ndata: ${JSON.stringify({ at: new Date().toISOString() })}\n\n`);
  }

  /** Some sessions were deleted (or may have run out): streams whose session is gone end within the moment. */
  sessionsChanged(): void {
    if (this.stopped || this.sessionCheck) return;
    if (this.checking) {
      this.recheck = true;
      return;
    }
    this.sessionCheck = setTimeout(() => {
      this.sessionCheck = null;
      this.checking = this.endRevoked()
        .catch(() => undefined)
        .finally(() => {
          this.checking = null;
          if (this.recheck) {
            this.recheck = false;
            this.sessionsChanged();
          }
        });
    }, SESSION_CHECK_DELAY_MS);
    this.sessionCheck.unref();
  }

  /**
   * Ends, with `revoked`, every stream whose session no longer holds: deleted, past its expiry, or a
   * user's that is disabled or past the account's expiry (as auth.ts's resolveSession refuses them).
   */
  private async endRevoked(): Promise<void> {
    if (this.clients.size === 0) return;
    const ids = [...new Set([...this.clients].map((c) => c.auth.sessionId))];
    const rows = await this.database.query<{ id: number }>(
      `SELECT s.id FROM sys_session s LEFT JOIN sys_user u ON u.id = s.user_id
        WHERE s.id = ANY($1::int[])
          AND (s.expires_at IS NULL OR s.expires_at > now())
          AND (s.kind <> 'user' OR (u.status = 1 AND (u.expire_at IS NULL OR u.expire_at > now())))`,
      [ids],
    );
    const alive = new Set(rows.map((r) => Number(r.id)));
    // A stream opened while the query ran was not asked about (its session was just checked by auth).
    const asked = new Set(ids);
    for (const c of [...this.clients]) if (asked.has(c.auth.sessionId) && !alive.has(c.auth.sessionId)) this.end(c, 'revoked');
  }

  /**
   * The database went away (`since`: when) or came back (null). Walls stop showing their figures as
   * live meanwhile ("reconnecting… figures as of HH:MM", client lib/live.ts); back, every browser
   * reads its panels again (what changed meanwhile was not told).
   */
  databaseChanged(since: Date | null): void {
    const frame = `event: database\ndata: ${JSON.stringify({ available: since === null, since: since?.toISOString() ?? null, at: new Date().toISOString() })}\n\n`;
    for (const c of this.clients) c.reply.raw.write(frame);
    if (since === null) this.gap();
  }

  /**
   * The listening connection was lost and is back: events sent meanwhile are gone, so every browser
   * is told that every topic changed (a visitor, for its project) and reads its panels again.
   */
  gap(): void {
    const at = new Date().toISOString();
    for (const topic of LIVE_TOPICS) {
      for (const c of this.clients) {
        const event: LiveEvent = { topic, at, ...(c.auth.kind === 'visitor' && c.auth.projectId !== null ? { projectId: c.auth.projectId } : {}) };
        c.reply.raw.write(`event: ${topic}\ndata: ${JSON.stringify(event)}\n\n`);
      }
    }
  }

  private async deliver(event: LiveEvent): Promise<void> {
    try {
      await this.refreshGrants();
    } catch {
      // The database is unreachable for a moment: send with the scopes as last read.
    }
    this.fanOut(event);
  }

  /**
   * A role's scope or a user's roles changed since a stream's session was read (the grants version
   * moved on, 0009/0030): the session is read again, so an open stream follows the change without
   * reconnecting; a session that has ended (signed out, user disabled) has its stream closed. One
   * small query per event; the sessions only when the version moved.
   */
  private async refreshGrants(): Promise<void> {
    if (!this.readSession || !this.clients.size) return;
    const [row] = await this.database.query<{ version: string }>('SELECT version::text AS version FROM sys_grants_version WHERE id = 1');
    const version = row?.version ?? null;
    for (const c of [...this.clients]) {
      if (c.auth.kind === 'visitor' || (version !== null && c.grants === version)) continue;
      const fresh = await this.readSession(c.auth.sessionId);
      if (!fresh) {
        this.end(c, 'revoked');
        continue;
      }
      c.auth = fresh;
      c.grants = version;
    }
  }

  private fanOut(event: LiveEvent): void {
    const frame = `event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const c of this.clients) {
      // A project visitor only hears about the one project it may see; a scoped user or display about
      // the projects of its data scope (an event naming no project tells only that something changed).
      if (c.auth.kind === 'visitor' && event.projectId !== c.auth.projectId) continue;
      if (!inScope(c.auth.scope, event.projectId)) continue;
      // A user's own notifications are told to their streams alone.
      if (event.userId !== undefined && c.auth.userId !== event.userId) continue;
      c.reply.raw.write(frame);
    }
  }
}
