import type { FastifyInstance } from 'fastify';
import type { IClientOptions, IPublishPacket, MqttClient } from 'mqtt';
import { and, eq } from 'drizzle-orm';
import { createHash, createHmac } from 'node:crypto';
import { REPORT_PACKET_MAX_BYTES, type RefusalReason } from '@shared/contracts/detect';
import { fallDetect, fallProject } from '../db/schema';
import { notArchived } from '../lib/archive';
import { acquireLease } from '../jobs/runner';
import { checkSignature, clockSkewMs, openReport, type BoardRef, type CheckRefusal } from './report-check';
import { recordRefusal, RefusalLog } from './refusals';
import { observe } from '../lib/observe';
import { lookupKey } from '../lib/server-key';
import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/availability';
import { IngestClosedError } from '../modules/operations/detect/ingest';
import { gatedClient, type AckGate } from './mqtt-acks';

/** The fleet's boards (project key → board number → id and key hash) are read in one query and kept this long… */
const FLEET_CACHE_MS = 60_000;
/** …and read again for an unknown board or a signature that does not match, at most this often (a key just issued, a board just added). */
const FLEET_RECHECK_MS = 5_000;
/** On stop: how long the subscriber waits for the messages already on their way to it, after unsubscribing. */
const STOP_QUIET_MS = 300;
const STOP_MAX_MS = 5_000;
/** Each subscribing instance says it is there (job_lease `mqtt-member:…`) this often, for this long. */
const MEMBER_EVERY_MS = 10_000;
const MEMBER_MS = 30_000;
const MEMBER_PREFIX = 'mqtt-member:';
/**
 * MQTT 5 Receive Maximum: the broker sends this many messages that Cascade has not acknowledged yet,
 * then waits (a batch's worth; Mosquitto's own max_inflight_messages, 20, applies to clients that
 * declare none; Mosquitto 2.0.11 sends another window's worth for each acknowledgement once they
 * flow). Once this many readings wait for their batch, the batch is written at once.
 */
const RECEIVE_MAXIMUM = 500;
/**
 * A broker may send fewer unacknowledged messages than that (its own in-flight limit): with
 * readings waiting for their batch and no message for this long, the batch is written now rather
 * than at its timer.
 */
const WINDOW_IDLE_MS = 50;
/** A message whose checks fail (not a refusal: the database, a bug) is tried again this often, this many times; while the database is away, until it is back. */
const HANDLE_RETRY_MS = 250;
const HANDLE_ATTEMPTS = 6;

export interface MqttIngestOptions {
  url: string;
  /** This instance's client id: its own (never shared with another instance), stable across its restarts (the broker keeps its session). */
  clientId: string;
  /** Cascade's broker account (MQTT_USERNAME / MQTT_PASSWORD). */
  username?: string;
  password?: string;
  /** PEM of the authority that signed the broker's certificate, for mqtts:// (MQTT_CA); default: the system's. */
  ca?: string | Buffer;
  /** First topic level: `<prefix>/<projectKey>/boards/<boardNo>/state`. */
  topicPrefix?: string;
  /**
   * The shared subscription's group (`$share/<group>/…`): every instance of a cluster subscribes in
   * it, the broker gives each message to one. null: no shared subscription (one instance). main.ts
   * passes `shareGroupOf()`, a name no broker account can guess (docs/devices.md).
   */
  shareGroup?: string | null;
  /** How long the broker keeps this instance's session while it is away (s); default a day. */
  sessionExpiry?: number;
  /** MQTT 5 Receive Maximum: messages the broker may send before Cascade acknowledges (default 500). */
  receiveMaximum?: number;
}

export type MqttRefusal = CheckRefusal | 'topic';
const REFUSALS: MqttRefusal[] = ['topic', 'payload', 'board', 'signature', 'unsigned', 'noKey', 'stale', 'future'];

export interface MqttIngestStats {
  /** Connected and subscribed since this connection began (the broker granted the subscription): readings can arrive. */
  connected: boolean;
  /** Connections made (the first and every reconnection), each followed by its own SUBSCRIBE. */
  connections: number;
  received: number;
  accepted: number;
  /** Accepted readings already stored (a retained message, a redelivery, a replay within the window): not applied again. */
  repeats: number;
  /** Accepted readings older than their board's latest: history only. */
  older: number;
  /** Accepted readings whose batch is not committed yet: their messages are not acknowledged to the broker yet. */
  unacknowledged: number;
  /** Messages given up after every attempt at checking them failed (logged as an error each), acknowledged. */
  failed: number;
  refused: Record<MqttRefusal, number>;
}

export interface MqttIngest {
  stats(): MqttIngestStats;
  /** Resolves once subscribed. */
  ready: Promise<void>;
  /**
   * Leaves: with another instance subscribed, unsubscribes first (the broker gives the group's
   * messages to the others from then on) and takes the messages already on their way; alone, stays
   * subscribed, so the broker queues every reading for its session until it is back (a restart).
   * Either way the readings taken are written and acknowledged (at most STOP_MAX_MS), then it
   * disconnects keeping the session. Returns whether it unsubscribed.
   */
  stop(): Promise<{ left: boolean }>;
}

/**
 * An instance's own client id: the configured prefix, this host and port, and a tag derived from
 * Cascade's broker password, so it is stable across restarts (the session resumes) and a board
 * account cannot guess it to push the subscriber off (docs/devices.md).
 */
export function instanceClientId(prefix: string, host: string, port: number, password = ''): string {
  const tag = createHash('sha256').update(`${password}\n${host}\n${port}`).digest('hex').slice(0, 12);
  return `${prefix}-${host.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32)}-${port}-${tag}`;
}

/**
 * The shared subscription's group name: derived from a server secret (sys_secret, the same for
 * every instance on one database), so a board or project account cannot join the group and take
 * its turn at the messages (issue 37). Never logged.
 */
export async function shareGroupOf(database: Database): Promise<string> {
  return `cascade-${createHmac('sha256', await lookupKey(database)).update('mqtt share group').digest('hex').slice(0, 24)}`;
}

/** The group of Cascade's subscription before it was secret: left on connect, so an old session's subscription does not linger. */
const LEGACY_GROUP = 'cascade';

/** A client id as the log shows it: its secret tag left out (whoever has the full id can push the subscriber off). */
export function clientIdForLog(clientId: string): string {
  const tagged = /^(.*-)[0-9a-f]{12}$/.exec(clientId);
  return tagged ? `${tagged[1]}…` : `${clientId.slice(0, Math.floor(clientId.length / 2))}…`;
}

/**
 * MQTT ingestion (docs/devices.md): boards publish signed readings to
 * `cascade/<projectKey>/boards/<boardNo>/state` with QoS 1; the payload is the HTTP report's envelope
 * `{"body": "<the reading's JSON>", "sig": "<HMAC-SHA256 hex>"}`. Each instance of a cluster
 * subscribes with its own client id in one shared subscription (`$share/cascade/…`, MQTT 5): the
 * broker hands each message to one of them. The signature, the reading time (within
 * detect.clockSkewSeconds) and the board are checked here; repeats (same board and reading time)
 * are told apart by the reading service. Refusals are counted per reason, logged at a bounded rate,
 * and recorded on the board when it is the board's own fault (a wrong key, an unsigned or stale
 * reading).
 *
 * The session is persistent (clean: false, a stable client id), so QoS 1 messages given to this
 * instance while it is away are delivered when it is back. A reading's message is acknowledged
 * (PUBACK) only once the batch holding it is committed (mqtt-acks.ts): a crash at any moment loses
 * no message the broker considers delivered, it delivers the unacknowledged ones again, and those
 * already stored are repeats (one row per board and reading time). A refused message is
 * acknowledged at once (never redelivered forever). The connection declares a Receive Maximum
 * (RECEIVE_MAXIMUM): the batch is written as soon as that many readings wait for it, or when the
 * broker sends nothing for WINDOW_IDLE_MS (a broker with a smaller in-flight limit), or at its
 * timer. When the reading service's queue is full the subscriber waits, and the broker holds the
 * rest. The connection declares a maximum packet size: the broker never sends a larger message.
 */
export function startMqttIngest(app: FastifyInstance, opts: MqttIngestOptions): MqttIngest {
  const prefix = (opts.topicPrefix ?? 'cascade').replace(/\/+$/, '');
  const topics = `${prefix}/+/boards/+/state`;
  const group = opts.shareGroup === undefined ? LEGACY_GROUP : opts.shareGroup;
  const filter = group === null ? topics : `$share/${group}/${topics}`;
  const legacy = `$share/${LEGACY_GROUP}/${topics}`;
  const prefixParts = prefix.split('/').length;
  const counts = {
    received: 0,
    accepted: 0,
    repeats: 0,
    older: 0,
    refused: Object.fromEntries(REFUSALS.map((r) => [r, 0])) as Record<MqttRefusal, number>,
  };
  const log = new RefusalLog(app, 'mqtt readings refused');
  let fleet: { at: number; boards: Map<string, BoardRef> } | null = null;
  let fleetLoad: Promise<Map<string, BoardRef>> | null = null;
  let client: MqttClient | null = null;
  let gateOf: () => AckGate | null = () => null;
  let failed = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  const window = opts.receiveMaximum ?? RECEIVE_MAXIMUM;
  let inflight = 0;
  let lastMessageAt = 0;
  let subscribed = false;
  let connections = 0;
  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (settle = resolve));

  function refuse(reason: MqttRefusal, topic: string, detail?: string, boardId?: number): void {
    counts.refused[reason] += 1;
    observe.refused?.('mqtt', reason);
    if (boardId !== undefined && reason !== 'payload' && reason !== 'board' && reason !== 'topic') recordRefusal(app, boardId, reason as RefusalReason);
    // The topic names project and board; the payload is never logged. Topics are the sender's text: cut short.
    log.note({ topic: topic.slice(0, 160), reason, ...(detail ? { detail: detail.slice(0, 200) } : {}), refused: counts.refused });
  }

  /**
   * Every live board of the fleet in one query, kept FLEET_CACHE_MS: 200 messages a second must not
   * each cost a query, and neither may a flood naming made-up projects — an unknown board or a
   * signature that does not match reads the fleet again at most every FLEET_RECHECK_MS, whatever
   * the topics say.
   */
  async function boards(recheck: boolean): Promise<Map<string, BoardRef>> {
    const age = fleet ? Date.now() - fleet.at : Infinity;
    if (fleet && age < FLEET_CACHE_MS && !(recheck && age >= FLEET_RECHECK_MS)) return fleet.boards;
    fleetLoad ??= (async () => {
      try {
        const rows = await app.database.db
          .select({ id: fallDetect.id, boardNo: fallDetect.boardNo, keyHash: fallDetect.boardKeyHash, projectKey: fallProject.uniqueKey })
          .from(fallDetect)
          .innerJoin(fallProject, eq(fallProject.id, fallDetect.projectId))
          .where(and(notArchived(fallDetect), notArchived(fallProject)));
        const map = new Map(rows.filter((r) => r.boardNo).map((r) => [`${r.projectKey}/${r.boardNo}`, { id: r.id, keyHash: r.keyHash }]));
        fleet = { at: Date.now(), boards: map };
        return map;
      } finally {
        fleetLoad = null;
      }
    })();
    return fleetLoad;
  }

  /**
   * Checks and hands one message to the reading service. Resolves when the next message may be
   * handled: with the reading's storage (`stored` settles once its batch is committed and the
   * reading applied; in an object, or the async function would wait for it) or, for a message
   * refused, with null (acknowledged at once).
   */
  async function handle(packet: IPublishPacket): Promise<{ stored: Promise<void> } | null> {
    counts.received += 1;
    const topic = packet.topic;
    const parts = topic.split('/');
    const [projectKey, boardsLevel, boardNo, state] = parts.slice(prefixParts);
    if (parts.length !== prefixParts + 4 || boardsLevel !== 'boards' || state !== 'state' || !projectKey || !boardNo) return (refuse('topic', topic), null);
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    // The broker sends nothing over the declared maximum packet size; a broker that ignores it is still refused here.
    if (payload.length > REPORT_PACKET_MAX_BYTES) return (refuse('payload', topic, 'too large'), null);
    let envelope: unknown;
    try {
      envelope = JSON.parse(payload.toString('utf8'));
    } catch {
      return (refuse('payload', topic, 'not JSON'), null);
    }
    const ref = `${projectKey}/${boardNo}`;
    const opened = openReport(envelope);
    if (!opened.ok) return (refuse(opened.reason, topic, opened.detail, opened.reason === 'unsigned' ? (await boards(false)).get(ref)?.id : undefined), null);
    const { report, reading } = opened;
    // The topic names the board and so does the signed body: a reading signed for one board is not taken for another.
    if (reading.boardNo !== boardNo || reading.boardId !== undefined) return (refuse('payload', topic, 'body: boardNo must name the topic\'s board'), null);
    const skew = await clockSkewMs(app);
    let board = (await boards(false)).get(ref);
    let why = board ? checkSignature(board, report, reading, skew) : null;
    if (!board || why === 'signature' || why === 'noKey') {
      // A board just added or a key just issued: the fleet is read again (at most every few seconds).
      board = (await boards(true)).get(ref);
      why = board ? checkSignature(board, report, reading, skew) : null;
    }
    if (!board) return (refuse('board', topic), null);
    if (why) return (refuse(why, topic, why === 'stale' || why === 'future' ? `at ${new Date(reading.at).toISOString()}` : undefined, board.id), null);
    // Taken by the reading service: acknowledged once its batch is committed (a batch given up is logged and counted there).
    await app.readings.room();
    const sent = Number(packet.properties?.userProperties?.sent);
    counts.accepted += 1;
    const stored = app.readings.submit(board.id, reading.channels, 'mqtt', { at: new Date(reading.at), seq: reading.seq, sentAt: Number.isFinite(sent) && sent > 0 ? sent : undefined }).then(
      (outcome) => {
        if (outcome.kept === 'repeat') counts.repeats += 1;
        else if (outcome.kept === 'older') counts.older += 1;
      },
      (err: Error) => {
        // Not taken (the ingest closed under it): not acknowledged, the broker delivers it again.
        if (err instanceof IngestClosedError) throw err;
        app.log.warn({ topic, err: err.message }, 'mqtt reading not applied');
      },
    );
    return { stored };
  }

  /**
   * handle(), tried again when its checks fail: while the database is away until it is back (the
   * broker holds the next messages meanwhile), otherwise HANDLE_ATTEMPTS times, then logged as an
   * error and acknowledged (null), so that one message cannot stop the intake.
   */
  async function handleTried(packet: IPublishPacket): Promise<{ stored: Promise<void> } | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await handle(packet);
      } catch (err) {
        // The connection gone (or stopping): nothing is acknowledged on it any more, the broker delivers the message again.
        if (!client?.connected) return null;
        const waiting = isDatabaseUnavailable(err);
        if (!waiting && attempt >= HANDLE_ATTEMPTS) {
          failed += 1;
          app.log.error({ topic: packet.topic.slice(0, 160), err: (err as Error).message, attempts: attempt }, 'mqtt message failed');
          return null;
        }
        await new Promise((r) => setTimeout(r, waiting ? 1_000 : HANDLE_RETRY_MS * 2 ** (attempt - 1)));
      }
    }
  }

  /** The batch is written now when the broker will send no more before it: the window is full, or nothing came for WINDOW_IDLE_MS. */
  function nudge(): void {
    const waiting = gateOf()?.waiting() ?? 0;
    if (!waiting) return;
    if (waiting >= window) {
      app.readings.hurry();
      return;
    }
    if (idleTimer) return;
    const check = () => {
      idleTimer = null;
      if (!(gateOf()?.waiting() ?? 0)) return;
      const quiet = Date.now() - lastMessageAt;
      if (quiet >= WINDOW_IDLE_MS) app.readings.hurry();
      else {
        idleTimer = setTimeout(check, WINDOW_IDLE_MS - quiet);
        idleTimer.unref();
      }
    };
    idleTimer = setTimeout(check, WINDOW_IDLE_MS);
    idleTimer.unref();
  }

  const options: IClientOptions = {
    clientId: opts.clientId,
    clean: false,
    protocolVersion: 5,
    // MQTT 5: the session outlives the connection; the broker sends nothing larger than a report.
    properties: { sessionExpiryInterval: opts.sessionExpiry ?? 86_400, maximumPacketSize: REPORT_PACKET_MAX_BYTES, receiveMaximum: window },
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    // Never trust a restored session to hold the subscription: Mosquitto restores a persistent
    // session after its restart but not its shared subscription, and mqtt.js, seeing "session
    // present", would neither resubscribe nor send a SUBSCRIBE for a topic it remembers. Off, every
    // connection's own subscribe below goes out (issue 37).
    resubscribe: false,
    ...(opts.username !== undefined ? { username: opts.username } : {}),
    ...(opts.password !== undefined ? { password: opts.password } : {}),
  };
  // Membership: who else subscribes in the group, so that stopping never leaves it without a subscriber.
  const member = `${MEMBER_PREFIX}${createHash('sha256').update(opts.clientId).digest('hex').slice(0, 32)}`;
  const beat = () =>
    acquireLease(app, member, MEMBER_MS, member).catch((err: Error) => {
      app.log.warn({ err: err.message }, 'mqtt membership not renewed');
      return false;
    });
  void beat();
  const beatTimer = setInterval(() => void beat(), MEMBER_EVERY_MS);
  beatTimer.unref();
  const others = async () =>
    Number(
      (await app.database.query<{ n: number }>(`SELECT count(*) AS n FROM job_lease WHERE name LIKE $1 AND name <> $2 AND until > now()`, [`${MEMBER_PREFIX}%`, member]))[0]
        .n,
    );

  const gated = gatedClient(opts.url, { ...options, ...(opts.ca ? { ca: opts.ca } : {}) });
  const c = gated.client;
  client = c;
  gateOf = gated.gate;
  c.handleMessage = (packet, done) => {
    inflight += 1;
    lastMessageAt = Date.now();
    // The PUBACK mqtt.js writes once done() is called waits in the connection's gate for release().
    const release = packet.qos > 0 && packet.messageId !== undefined ? gateOf()?.expect(packet.messageId) : undefined;
    void handleTried(packet).then((taken) => {
      inflight -= 1;
      done();
      if (!release) return;
      if (!taken) return release();
      nudge();
      taken.stored.then(release, () => undefined);
    });
  };
  c.on('connect', (ack) => {
    subscribed = false;
    connections += 1;
    // The client id and the group are secrets of a kind (either lets an account take readings): neither is logged in full.
    app.log.info({ url: opts.url, clientId: clientIdForLog(opts.clientId), shared: group !== null, sessionPresent: ack.sessionPresent }, 'mqtt ingest connected');
    // A session from before the group was secret still holds the old group's subscription: left.
    if (filter !== legacy && ack.sessionPresent) c.unsubscribe(legacy, () => undefined);
    c.subscribe(filter, { qos: 1 }, (err, granted) => {
      const code = granted?.[0]?.qos;
      if (err || (code !== undefined && code > 2)) app.log.error({ err: err?.message, code, topics }, 'mqtt subscribe refused (the broker account needs read on the topics)');
      else {
        subscribed = c.connected;
        settle();
      }
    });
  });
  c.on('close', () => {
    if (subscribed) app.log.warn({ url: opts.url }, 'mqtt ingest disconnected; reconnecting');
    subscribed = false;
  });
  // A wrong password or a refused certificate says so once per attempt; the client keeps retrying.
  c.on('error', (err) => app.log.warn({ err: err.message }, 'mqtt ingest error'));

  return {
    ready,
    stats: () => ({
      connected: !!client?.connected && subscribed,
      connections,
      received: counts.received,
      accepted: counts.accepted,
      repeats: counts.repeats,
      older: counts.older,
      unacknowledged: gateOf()?.waiting() ?? 0,
      failed,
      refused: { ...counts.refused },
    }),
    async stop() {
      const current = client;
      client = null;
      clearInterval(beatTimer);
      if (!current) return { left: false };
      const left = current.connected && (await others().catch(() => 0)) > 0;
      await app.database.query(`DELETE FROM job_lease WHERE name = $1`, [member]).catch(() => undefined);
      if (left) {
        // Out of the group first: the broker gives the next messages to the other instances…
        await current.unsubscribeAsync(filter).catch(() => undefined);
        // …then the ones already on their way here are taken and acknowledged before leaving.
        const until = Date.now() + STOP_MAX_MS;
        while (Date.now() < until && (inflight > 0 || Date.now() - lastMessageAt < STOP_QUIET_MS)) await new Promise((r) => setTimeout(r, 50));
      }
      // The readings taken are written and their messages acknowledged before leaving (a restart
      // would otherwise get them again, as repeats).
      const until = Date.now() + STOP_MAX_MS;
      while (Date.now() < until && current.connected && (gateOf()?.waiting() ?? 0) > 0) {
        app.readings.hurry();
        await new Promise((r) => setTimeout(r, 20));
      }
      if (idleTimer) clearTimeout(idleTimer);
      // end() keeps the session: a restarted instance resumes it (and subscribes again).
      await current.endAsync().catch(() => undefined);
      return { left };
    },
  };
}
