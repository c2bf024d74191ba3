import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import type { AuthContext } from '../plugins/auth';
import { LIVE_TOPICS, type LiveEvent } from '@shared/live';
import { inScope } from '../lib/data-scope';

const CHANNEL = 'cascade_live';
const HEARTBEAT_MS = 25_000;

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
  private heartbeat: NodeJS.Timeout | null = null;
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
      () => this.gap(),
    );
    this.heartbeat = setInterval(() => {
      for (const c of this.clients) c.reply.raw.write(': ping\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const c of this.clients) c.reply.raw.end();
    this.clients.clear();
    await this.unlisten?.();
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
    this.clients.add(client);
    reply.raw.on('close', () => this.clients.delete(client));
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
        this.clients.delete(c);
        c.reply.raw.end();
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
      c.reply.raw.write(frame);
    }
  }
}
