import type { FastifyInstance } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { and, eq } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import { boardReportSchema } from '@shared/contracts/detect';
import { fallDetect, fallProject } from '../db/schema';
import { hashToken } from '../lib/password';
import { acquireLease } from '../jobs/runner';
import { notArchived } from '../modules/operations/archive/archive.service';

/** The lease row that makes one instance of a cluster the MQTT subscriber. */
export const MQTT_LEASE = 'mqtt-ingest';
const LEASE_MS = 30_000;
/** A project's boards (number → id and key hash) are remembered this long… */
const BOARD_CACHE_MS = 60_000;
/** …and read again for an unknown board or a key that does not match once this old. */
const BOARD_RECHECK_MS = 5_000;
const PROJECTS_KEPT = 1_000;
/** A state message is a few hundred bytes; anything much larger is refused unread. */
const MAX_PAYLOAD = 16_384;

export interface MqttIngestOptions {
  url: string;
  /** Stable across restarts (and shared by the cluster, one holder at a time): the broker keeps the session under it. */
  clientId: string;
  /** First topic level: `<prefix>/<projectKey>/boards/<boardNo>/state`. */
  topicPrefix?: string;
  /** With several instances, only the one holding the lease subscribes (the name of this instance). */
  leaseHolder?: string;
  leaseMs?: number;
}

export type RefusedReason = 'topic' | 'payload' | 'key' | 'board';

export interface MqttIngestStats {
  connected: boolean;
  received: number;
  accepted: number;
  refused: Record<RefusedReason, number>;
}

export interface MqttIngest {
  stats(): MqttIngestStats;
  /** Resolves once subscribed (the first time this instance holds the lease and reaches the broker). */
  ready: Promise<void>;
  /** Disconnects without ending the session (the broker keeps queueing for the next subscriber) and gives the lease back. */
  stop(): Promise<void>;
}

interface BoardRef {
  id: number;
  keyHash: string;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * MQTT ingestion (docs/devices.md): boards publish their state to
 * `cascade/<projectKey>/boards/<boardNo>/state` (projectKey: the project's unique key, the same as
 * the HTTP report's X-Project-Key) with QoS 1; the payload is the HTTP report's JSON body plus the
 * board's report key in `key`. The key is taken out, the rest is validated with the HTTP report's
 * schema, and the reading goes to the same reading service (app.readings). Refused messages are
 * counted and logged without the key.
 *
 * The session is persistent (clean: false, a stable client id), so while no subscriber is connected
 * the broker keeps QoS 1 messages and delivers them on reconnect. A message is acknowledged once the
 * reading service has taken it (queued for the next batch); when the queue is full the subscriber
 * waits before taking more, and the broker holds the rest. One instance of a cluster subscribes: the
 * holder of the `mqtt-ingest` lease; another takes over (with the same client id, so the same
 * session) when it stops renewing.
 */
export function startMqttIngest(app: FastifyInstance, opts: MqttIngestOptions): MqttIngest {
  const prefix = (opts.topicPrefix ?? 'cascade').replace(/\/+$/, '');
  const filter = `${prefix}/+/boards/+/state`;
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const projects = new Map<string, { at: number; boards: Map<string, BoardRef> }>();
  const counts = { received: 0, accepted: 0, refused: { topic: 0, payload: 0, key: 0, board: 0 } as Record<RefusedReason, number> };
  let client: MqttClient | null = null;
  let stopped = false;
  let leaseTimer: NodeJS.Timeout | null = null;
  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (settle = resolve));

  function refuse(reason: RefusedReason, topic: string, detail?: string): void {
    counts.refused[reason] += 1;
    // The topic names the project and board, never the key; the payload (which holds it) is not logged.
    app.log.warn({ topic, reason, detail }, 'mqtt reading refused');
  }

  /**
   * A project's boards (number → id and key hash) are read in one query and kept BOARD_CACHE_MS:
   * 200 messages a second must not each cost a query. A board unknown, or a key not matching, is
   * looked up again once the project's boards are older than BOARD_RECHECK_MS (a board just added,
   * a key just issued).
   */
  async function projectBoards(projectKey: string, recheck: boolean): Promise<Map<string, BoardRef>> {
    const hit = projects.get(projectKey);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age < BOARD_CACHE_MS && !(recheck && age >= BOARD_RECHECK_MS)) return hit.boards;
    const rows = await app.database.db
      .select({ id: fallDetect.id, boardNo: fallDetect.boardNo, keyHash: fallDetect.boardKeyHash })
      .from(fallDetect)
      .innerJoin(fallProject, eq(fallProject.id, fallDetect.projectId))
      .where(and(eq(fallProject.uniqueKey, projectKey), notArchived(fallDetect), notArchived(fallProject)));
    const boards = new Map(rows.filter((r) => r.boardNo).map((r) => [r.boardNo, { id: r.id, keyHash: r.keyHash }]));
    projects.set(projectKey, { at: Date.now(), boards });
    // Topics name projects freely: keep the cache to the projects seen lately.
    if (projects.size > PROJECTS_KEPT) projects.delete(projects.keys().next().value!);
    return boards;
  }

  const keyMatches = (board: BoardRef | undefined, key: string) => !!board?.keyHash && sameHash(board.keyHash, hashToken(key));

  /** Checks and hands one message to the reading service; resolves when it may be acknowledged. */
  async function handle(packet: IPublishPacket): Promise<void> {
    counts.received += 1;
    const topic = packet.topic;
    const parts = topic.split('/');
    const prefixParts = prefix.split('/').length;
    const [projectKey, boardsLevel, boardNo, state] = parts.slice(prefixParts);
    if (parts.length !== prefixParts + 4 || boardsLevel !== 'boards' || state !== 'state' || !projectKey || !boardNo) return refuse('topic', topic);
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    if (payload.length > MAX_PAYLOAD) return refuse('payload', topic, 'too large');
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return refuse('payload', topic, 'not JSON');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return refuse('payload', topic, 'not an object');
    const { key, ...report } = body as Record<string, unknown>;
    if (typeof key !== 'string' || !key) return refuse('key', topic, 'no key');
    // The topic names the board; the body may repeat its number, never name another board.
    const parsed = boardReportSchema.safeParse({ boardNo, ...report });
    if (!parsed.success) return refuse('payload', topic, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    if (parsed.data.boardNo !== boardNo || parsed.data.boardId !== undefined) return refuse('payload', topic, 'names another board');
    let board = (await projectBoards(projectKey, false)).get(boardNo);
    if (!keyMatches(board, key)) board = (await projectBoards(projectKey, true)).get(boardNo);
    if (!board) return refuse('board', topic);
    if (!keyMatches(board, key)) return refuse('key', topic);
    // Taken by the reading service: acknowledged now; stored with the next batch (its failure is logged and counted there).
    await app.readings.room();
    const sent = Number(packet.properties?.userProperties?.sent);
    app.readings
      .submit(board.id, parsed.data.channels, 'mqtt', Number.isFinite(sent) && sent > 0 ? sent : undefined)
      .catch((err: Error) => app.log.warn({ topic, err: err.message }, 'mqtt reading not applied'));
    counts.accepted += 1;
  }

  function connect(): void {
    if (client || stopped) return;
    const c = mqtt.connect(opts.url, {
      clientId: opts.clientId,
      clean: false,
      // MQTT 5: the session outlives the connection (a day), and publishers may say when they sent (lag measurement).
      protocolVersion: 5,
      properties: { sessionExpiryInterval: 86_400 },
      reconnectPeriod: 1_000,
      connectTimeout: 10_000,
    });
    client = c;
    c.handleMessage = (packet, done) => {
      handle(packet as IPublishPacket).then(
        () => done(),
        (err: Error) => {
          // Not acknowledged: the broker delivers it again after a reconnect.
          app.log.error({ topic: (packet as IPublishPacket).topic, err: err.message }, 'mqtt message failed');
          done(err);
        },
      );
    };
    c.on('connect', (ack) => {
      app.log.info({ url: opts.url, clientId: opts.clientId, sessionPresent: ack.sessionPresent }, 'mqtt ingest connected');
      c.subscribe(filter, { qos: 1 }, (err) => {
        if (err) app.log.error({ err: err.message }, 'mqtt subscribe failed');
        else settle();
      });
    });
    c.on('error', (err) => app.log.warn({ err: err.message }, 'mqtt ingest error'));
  }

  async function disconnect(): Promise<void> {
    const c = client;
    client = null;
    // end() without clearing the session: the broker keeps it and queues for the next subscriber.
    if (c) await c.endAsync().catch(() => undefined);
  }

  async function leaseTick(): Promise<void> {
    if (stopped) return;
    try {
      const held = opts.leaseHolder ? await acquireLease(app, opts.leaseHolder, leaseMs, MQTT_LEASE) : true;
      if (held) connect();
      else await disconnect();
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'mqtt lease check failed');
    }
    if (!stopped) {
      leaseTimer = setTimeout(() => void leaseTick(), leaseMs / 3);
      leaseTimer.unref();
    }
  }
  void leaseTick();

  return {
    ready,
    stats: () => ({ connected: !!client?.connected, received: counts.received, accepted: counts.accepted, refused: { ...counts.refused } }),
    async stop() {
      stopped = true;
      if (leaseTimer) clearTimeout(leaseTimer);
      await disconnect();
      if (opts.leaseHolder) {
        await app.database
          .query(`UPDATE job_lease SET until = now() - interval '1 second' WHERE name = $1 AND holder = $2`, [MQTT_LEASE, opts.leaseHolder])
          .catch(() => undefined);
      }
    },
  };
}
