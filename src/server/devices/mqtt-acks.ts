import { Duplex } from 'node:stream';
import net from 'node:net';
import tls from 'node:tls';
import { MqttClient, type IClientOptions } from 'mqtt';

/** MQTT control packet type of a PUBACK (the fixed header's high nibble). */
const PUBACK = 4;
const EMPTY = Buffer.alloc(0);

/**
 * PUBACKs held until the reading is stored (issue 37). mqtt.js acknowledges a QoS 1 message when
 * `handleMessage` calls back, and handles the next message only after that call: holding the call
 * until a batch commits would give the batch one message at a time. So the call comes back as soon
 * as the reading is queued, and the PUBACK mqtt.js then writes is held here, on the connection's
 * own stream, until the reading's batch is committed (or the reading was refused). PUBACKs leave in
 * the order their messages came (MQTT 5 §4.6); any other packet passes at once.
 *
 * `expect(id)` is called for a message before mqtt.js is let acknowledge it; the PUBACK frame for
 * that id waits for `release()`. A PUBACK for an id this connection does not expect (mqtt.js keeps
 * one written while it was disconnected and sends it on the next connection) is dropped: the
 * broker delivers that message again on this connection, where it is expected and acknowledged once
 * stored. A connection that ends drops what it held: the broker delivers those messages again.
 */
export class AckGate {
  private readonly slots: { id: number; frame: Buffer | null; ready: boolean }[] = [];
  private unreleased = 0;
  private closed = false;

  constructor(private readonly send: (frame: Buffer) => void) {}

  /** Message `id` arrived: its PUBACK waits for the returned release (called once). */
  expect(id: number): () => void {
    const slot = { id, frame: null as Buffer | null, ready: false };
    if (this.closed) return () => undefined;
    this.slots.push(slot);
    this.unreleased += 1;
    return () => {
      if (slot.ready) return;
      slot.ready = true;
      this.unreleased -= 1;
      this.pump();
    };
  }

  /** Messages whose release has not come yet (readings waiting for their batch). */
  waiting(): number {
    return this.closed ? 0 : this.unreleased;
  }

  /** A PUBACK frame mqtt.js wrote. */
  frame(id: number, frame: Buffer): void {
    const slot = this.slots.find((s) => s.id === id && !s.frame);
    if (!slot) return;
    slot.frame = frame;
    this.pump();
  }

  close(): void {
    this.closed = true;
    this.slots.length = 0;
    this.unreleased = 0;
  }

  private pump(): void {
    let n = 0;
    while (n < this.slots.length && this.slots[n].ready && this.slots[n].frame) this.send(this.slots[n++].frame!);
    if (n) this.slots.splice(0, n);
  }
}

/**
 * A packet's length from its start: the fixed header (type byte, remaining length in 1–4 bytes)
 * and the whole packet; null while `buf` does not hold the fixed header yet.
 */
export function packetSize(buf: Buffer): { header: number; total: number } | null {
  let remaining = 0;
  for (let i = 1, mult = 1; i <= 4; i++, mult *= 128) {
    if (i >= buf.length) return null;
    remaining += (buf[i] & 0x7f) * mult;
    if (!(buf[i] & 0x80)) return { header: i + 1, total: i + 1 + remaining };
  }
  throw new Error('malformed MQTT packet length');
}

/** The connection's socket as mqtt.js sees it: what it writes is cut into packets, PUBACKs go through the gate. */
class GatedStream extends Duplex {
  readonly gate: AckGate;
  private pending: Buffer = EMPTY;

  constructor(private readonly conn: net.Socket) {
    super({ allowHalfOpen: false });
    const socket = conn;
    this.gate = new AckGate((frame) => {
      if (!socket.destroyed) socket.write(frame);
    });
    socket.on('data', (d: Buffer) => {
      if (!this.push(d)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('error', (err) => this.destroy(err));
    socket.on('close', () => this.destroy());
  }

  override _read(): void {
    this.conn.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let flowing = true;
    try {
      for (;;) {
        const size = packetSize(this.pending);
        if (!size || size.total > this.pending.length) break;
        const packet = this.pending.subarray(0, size.total);
        this.pending = this.pending.subarray(size.total);
        if (packet[0] >> 4 === PUBACK && size.total >= size.header + 2) this.gate.frame(packet.readUInt16BE(size.header), Buffer.from(packet));
        else flowing = this.conn.write(packet);
      }
    } catch (error) {
      callback(error as Error);
      return;
    }
    if (!this.pending.length) this.pending = EMPTY;
    if (flowing) callback();
    else this.conn.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.conn.end(() => callback());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.gate.close();
    this.conn.destroy();
    callback(error);
  }
}

export interface GatedClient {
  client: MqttClient;
  /** The gate of the connection now open (null before the first). */
  gate(): AckGate | null;
}

/**
 * An mqtt.js client (its public constructor, with a stream of Cascade's own) for `mqtt://` or
 * `mqtts://` (TLS: the certificate is always verified, against `ca` or the system's authorities),
 * whose connections hold PUBACKs in an AckGate.
 */
export function gatedClient(url: string, options: IClientOptions): GatedClient {
  const u = new URL(url);
  const protocol = u.protocol.replace(/:$/, '');
  const secure = protocol === 'mqtts' || protocol === 'ssl' || protocol === 'tls';
  if (!secure && protocol !== 'mqtt' && protocol !== 'tcp') throw new Error(`MQTT_URL: ${protocol}:// is not supported (mqtt:// or mqtts://)`);
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost';
  const port = Number(u.port) || (secure ? 8883 : 1883);
  let current: GatedStream | null = null;
  const build = () => {
    const socket = secure
      ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host, rejectUnauthorized: true, ...(options.ca ? { ca: options.ca } : {}) })
      : net.connect({ host, port });
    current = new GatedStream(socket);
    return current;
  };
  const auth = u.username ? { username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) } : {};
  const client = new MqttClient(build, { ...auth, ...options, protocol: secure ? 'mqtts' : 'mqtt', host, port });
  // As mqtt.connect does: an error without a listener must not end the process (the caller listens too).
  client.on('error', () => undefined);
  return { client, gate: () => (current as GatedStream | null)?.gate ?? null };
}
