import { createServer } from 'node:net';
import { CHANNEL_COUNT, type BoardReport, type ChannelReading } from '@shared/contracts/detect';
import { signReading } from './signing';
import { SWITCH_FAULT, SWITCH_NORMAL } from '@shared/constants';
import { ANALOG_SCALE } from '../modules/operations/detect/poller';
import { hashUnit, minuteValue, type ChannelProfile } from '../modules/operations/predict/degradation';

/** What a simulated channel shows: its switch input (SWITCH_FAULT = fault contact closed) and analog value (in engineering units). */
export interface SimChannel {
  switch: typeof SWITCH_NORMAL | typeof SWITCH_FAULT;
  analog: number;
}

/** Where a channel's analog value wanders while it is normal: centre ± jitter. */
export interface SimDrift {
  centre: number;
  jitter: number;
}

export interface SimulatorOptions {
  /** Modbus unit ids of the simulated boards (one gateway answers for all of them). */
  units: number[];
  /** Chance per tick and board that one channel starts a fault (0..1). */
  faultRate?: number;
  /** Ticks a fault lasts before the channel recovers. */
  faultTicks?: number;
  /** Random source, replaceable for repeatable runs (seededRandom). */
  random?: () => number;
  /** Simulated minutes each tick moves the clock of profiled channels (degrade()); 1 by default. */
  minutesPerTick?: number;
}

/** A repeatable random source: the same seed gives the same run. */
export function seededRandom(seed: number): () => number {
  let n = 0;
  return () => hashUnit(seed, n++);
}

const NORMAL_ANALOG = 50;
const ANALOG_JITTER = 5;

/**
 * Plays detection boards for demos and tests: nine channels per board with analog values drifting
 * around mid-range and, now and then, a fault (switch closed or analog out of range) that clears
 * after a few ticks. Serves them over Modbus TCP (discrete inputs 0–8, input registers 0–8 in tenths)
 * and can push them to the HTTP report endpoint.
 */
export class BoardSimulator {
  private readonly boards = new Map<number, SimChannel[]>();
  private readonly drifts = new Map<number, SimDrift[]>();
  private readonly faults = new Map<string, number>();
  /** Channels pinned to their value (a scripted or standing fault): no drift, no random fault. */
  private readonly held = new Set<string>();
  private readonly random: () => number;
  /** Channels following a simulated behaviour over days (src/server/modules/operations/predict/degradation.ts), and its clock in minutes. */
  private readonly profiles = new Map<string, ChannelProfile>();
  private minute = 0;

  constructor(private readonly opts: SimulatorOptions) {
    this.random = opts.random ?? Math.random;
    for (const unit of opts.units) this.addBoard(unit);
  }

  /** Adds (or replaces) a board; each channel may start from a value and drift around its own centre. */
  addBoard(unit: number, channels: Partial<SimChannel & SimDrift>[] = []): void {
    const at = (i: number) => channels[i] ?? {};
    this.boards.set(
      unit,
      Array.from({ length: CHANNEL_COUNT }, (_, i) => ({ switch: at(i).switch ?? SWITCH_NORMAL, analog: at(i).analog ?? at(i).centre ?? NORMAL_ANALOG })),
    );
    this.drifts.set(
      unit,
      Array.from({ length: CHANNEL_COUNT }, (_, i) => ({ centre: at(i).centre ?? NORMAL_ANALOG, jitter: at(i).jitter ?? ANALOG_JITTER })),
    );
  }

  removeBoard(unit: number): void {
    this.boards.delete(unit);
    this.drifts.delete(unit);
    for (let i = 0; i < CHANNEL_COUNT; i++) {
      this.faults.delete(`${unit}:${i}`);
      this.held.delete(`${unit}:${i}`);
    }
  }

  units(): number[] {
    return [...this.boards.keys()];
  }

  /** Pins a channel to a value until release() (tick and drift leave it alone). */
  hold(unit: number, ch: number, value: Partial<SimChannel>): void {
    this.set(unit, ch, value);
    this.held.add(`${unit}:${ch - 1}`);
  }

  isHeld(unit: number, ch: number): boolean {
    return this.held.has(`${unit}:${ch - 1}`);
  }

  /** Lets a held channel go: switch normal, analog back at its centre. */
  release(unit: number, ch: number): void {
    this.held.delete(`${unit}:${ch - 1}`);
    const centre = this.drifts.get(unit)?.[ch - 1]?.centre ?? NORMAL_ANALOG;
    this.set(unit, ch, { switch: SWITCH_NORMAL, analog: centre });
  }

  /**
   * Drives a channel by a profile (healthy with a show cycle and glitches, or a drift, flicker or step
   * that ends in a fault) instead of the random wander; each tick moves its clock by minutesPerTick.
   */
  degrade(unit: number, ch: number, profile: ChannelProfile): void {
    this.profiles.set(`${unit}:${ch - 1}`, profile);
  }

  /** Moves the clock of the profiled channels on (tick() does by minutesPerTick). */
  advance(minutes: number): void {
    this.minute += minutes;
  }

  /** Moves the analog value of every free channel of one board to a new point around its centre. */
  drift(unit: number): void {
    const drifts = this.drifts.get(unit) ?? [];
    this.channels(unit).forEach((c, i) => {
      const key = `${unit}:${i}`;
      if (this.held.has(key) || this.faults.has(key)) return;
      const profile = this.profiles.get(key);
      if (profile) {
        const v = minuteValue(profile, this.minute);
        c.analog = Math.round(v.analog * ANALOG_SCALE) / ANALOG_SCALE;
        c.switch = v.fault ? SWITCH_FAULT : SWITCH_NORMAL;
        return;
      }
      const { centre, jitter } = drifts[i] ?? { centre: NORMAL_ANALOG, jitter: ANALOG_JITTER };
      c.analog = Math.round((centre + (this.random() * 2 - 1) * jitter) * ANALOG_SCALE) / ANALOG_SCALE;
    });
  }

  channels(unit: number): SimChannel[] {
    const board = this.boards.get(unit);
    if (!board) throw new Error(`no simulated board with unit id ${unit}`);
    return board;
  }

  /** Forces one channel's values (tests and demos). */
  set(unit: number, ch: number, value: Partial<SimChannel>): void {
    Object.assign(this.channels(unit)[ch - 1], value);
  }

  reading(unit: number): ChannelReading[] {
    return this.channels(unit).map((c, i) => ({ ch: i + 1, switch: c.switch, analog: c.analog }));
  }

  /** One step of simulated time: drift, start and end faults. */
  tick(): void {
    const faultRate = this.opts.faultRate ?? 0.02;
    const faultTicks = this.opts.faultTicks ?? 5;
    this.minute += this.opts.minutesPerTick ?? 1;
    for (const [unit, channels] of this.boards) {
      channels.forEach((c, i) => {
        const key = `${unit}:${i}`;
        const left = this.faults.get(key);
        if (left === undefined) return;
        if (left <= 1) {
          this.faults.delete(key);
          c.switch = SWITCH_NORMAL;
          c.analog = this.drifts.get(unit)?.[i]?.centre ?? NORMAL_ANALOG;
        } else this.faults.set(key, left - 1);
      });
      this.drift(unit);
      if (this.random() < faultRate) {
        const i = Math.floor(this.random() * CHANNEL_COUNT);
        if (this.held.has(`${unit}:${i}`) || this.faults.has(`${unit}:${i}`) || this.profiles.has(`${unit}:${i}`)) continue;
        const c = channels[i];
        if (this.random() < 0.5) c.switch = SWITCH_FAULT;
        else c.analog = 150;
        this.faults.set(`${unit}:${i}`, faultTicks);
      }
    }
  }

  /** Serves the boards over Modbus TCP; port 0 picks a free port. */
  async serveModbus(host = '127.0.0.1', requestedPort = 502): Promise<{ port: number; close: () => Promise<void> }> {
    // ServerTCP treats port 0 as "use 502", so a free port is found first.
    const port = requestedPort === 0 ? await freePort(host) : requestedPort;
    const vector = {
      getDiscreteInput: (addr: number, unitID: number) => this.channels(unitID)[addr]?.switch === SWITCH_FAULT,
      getInputRegister: (addr: number, unitID: number) => {
        const value = this.channels(unitID)[addr]?.analog ?? 0;
        return Math.max(0, Math.min(0xffff, Math.round(value * ANALOG_SCALE)));
      },
    };
    // Loaded here: the demo's boards report in-process and never serve Modbus.
    const { ServerTCP } = await import('modbus-serial');
    const server = new ServerTCP(vector, { host, port, unitID: 255 });
    await new Promise<void>((resolve, reject) => {
      server.on('initialized', () => resolve());
      server.on('serverError', (err) => reject(err));
    });
    return {
      port,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  /** Each board's message counter (the `seq` of its signed readings). */
  private readonly seqs = new Map<number, number>();

  /** The board's current reading, signed with its key as a board sends it (docs/devices.md "Signed readings"). */
  signed(unit: number, boardNo: string, boardKey: string, at = Date.now()): BoardReport {
    const seq = (this.seqs.get(unit) ?? 0) + 1;
    this.seqs.set(unit, seq);
    return signReading(boardKey, { boardNo, at, seq, channels: this.reading(unit) });
  }

  /** Pushes each board's signed reading to POST {api}/ball/detect/report under its project key. */
  async pushReports(url: string, projectKey: string, boards: { unit: number; boardNo: string; boardKey: string }[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const b of boards) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-project-key': projectKey },
        body: JSON.stringify(this.signed(b.unit, b.boardNo, b.boardKey)),
      });
      statuses.push(res.status);
    }
    return statuses;
  }
}

/** The MQTT topic a board publishes its state to (docs/devices.md): `<prefix>/<projectKey>/boards/<boardNo>/state`. */
export function stateTopic(projectKey: string, boardNo: string, prefix = 'cascade'): string {
  return `${prefix}/${projectKey}/boards/${boardNo}/state`;
}

/** The MQTT payload of a board's state: the HTTP report's signed envelope (the key itself never travels). */
export function statePayload(boardNo: string, boardKey: string, channels: ChannelReading[], seq: number, at = Date.now()): string {
  return JSON.stringify(signReading(boardKey, { boardNo, at, seq, channels }));
}

/** A port free right now on `host` (bound, read, released). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, () => resolve());
  });
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
