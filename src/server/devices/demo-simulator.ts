import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DEMO_FAULT_EVERY_MS, DEMO_FAULT_RECOVER_MS, SWITCH_FAULT, SWITCH_NORMAL } from '@shared/constants';
import { acquireLease } from '../jobs/runner';
import { ANALOG_SCALE } from '../modules/operations/detect/poller';
import { BoardSimulator, seededRandom } from './simulator';
import { fleetProfile } from '../modules/operations/predict/degradation';

/** The lease row that makes one instance of a cluster play the demo boards. */
export const DEMO_SIMULATOR_LEASE = 'demo-simulator';
const TICK_MS = 1_000;
const LEASE_MS = 30_000;
/** The board list is read again this often: boards added, archived or deleted in the back-office. */
const RELOAD_MS = 60_000;
const JITTER_SHARE = 0.05;
const FAULTS_KEPT = 50;

export interface DemoSimulatorOptions {
  /** With several instances, only the one holding the lease plays the boards (the name of this instance). */
  leaseHolder?: string;
  /** Each board reports this often; by default once per its poll period (pollSeconds). */
  reportEveryMs?: number;
  /** A scripted fault starts this often (0: never). */
  faultEveryMs?: number;
  /** A scripted fault's channel reads normal again this long after it started. */
  faultRecoverMs?: number;
  /** How often due boards are looked for. */
  tickMs?: number;
  leaseMs?: number;
  random?: () => number;
  /**
   * Degradations (issue 30, docs/predictive.md): this share of the normal channels drifts, flickers
   * or steps towards a fault over `days` simulated days (seeded: the same seed, the same channels),
   * each report moving their clock `minutesPerRound` simulated minutes. Off by default.
   */
  degrade?: { share: number; seed: number; days?: number; minutesPerRound?: number };
}

export interface DemoFault {
  boardId: number;
  ch: number;
  kind: 'switch' | 'analog';
  at: number;
  until: number;
}

export interface DemoSimulator {
  /** Settles once the first round is done: every demo board has reported once (when this instance plays). */
  ready: Promise<void>;
  /** Stops the timer, waits for a round under way and gives the lease back. */
  stop(): Promise<void>;
  /** Readings applied, reports that failed, and the scripted faults started so far (tests, logs). */
  stats(): { reports: number; failed: number; faults: DemoFault[]; boards: number; playing: boolean };
}

interface BoardRow {
  id: number;
  pollSeconds: number;
  ch: number;
  switchValue: number;
  analogValue: number;
  analogMin: number;
  analogMax: number;
  result: string;
}

/**
 * The demo's boards, played in-process: a seeded demo board has neither an address to poll nor a
 * key to push with, so without this nothing would ever report for it and every one would go offline
 * half a minute after start. Each such board reports through the reading service (app.readings,
 * exactly what a pushed, polled or MQTT reading goes through) once per its poll period, staggered, with
 * analog values wandering around their seeded value; channels the seed left faulty stay faulty. Now
 * and then a scripted fault pins one normal channel of working equipment to a fault (switch contact
 * or analog over range) and lets it go minutes later, so the reading service opens and closes a real
 * warning, marks the equipment broken and raises an automatic order where the project has them.
 *
 * The first round reports every board at once, before anything else runs, so boards last seen long
 * ago (seeded offline, or a server that was down) report before the offline check can look at them.
 * Never makes a network connection. main.ts starts it in demo mode only; tests start it themselves.
 */
export function startDemoSimulator(app: FastifyInstance, opts: DemoSimulatorOptions = {}): DemoSimulator {
  const holder = opts.leaseHolder;
  const tickMs = opts.tickMs ?? TICK_MS;
  const leaseMs = Math.max(opts.leaseMs ?? LEASE_MS, tickMs * 3);
  const faultEveryMs = opts.faultEveryMs ?? DEMO_FAULT_EVERY_MS;
  const faultRecoverMs = opts.faultRecoverMs ?? DEMO_FAULT_RECOVER_MS;
  const random = opts.random ?? (opts.degrade ? seededRandom(opts.degrade.seed) : Math.random);
  const sim = new BoardSimulator({ units: [], faultRate: 0, random });
  /** When each board reports next, and how often. */
  const schedule = new Map<number, { due: number; everyMs: number }>();
  const active: DemoFault[] = [];
  const started: DemoFault[] = [];
  let reports = 0;
  let failed = 0;
  let playing = false;
  let leaseCheckAt = 0;
  let reloadAt = 0;
  let nextFaultAt = Date.now() + faultEveryMs;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> = Promise.resolve();

  /** Reads the demo boards: new ones join (due now), gone or archived ones leave; boards already played keep their values. */
  async function load(): Promise<void> {
    const rows = await app.database.query<BoardRow>(
      `SELECT d.id, d.poll_seconds AS "pollSeconds", c.ch, c.switch_value AS "switchValue", c.analog_value AS "analogValue",
              c.analog_min AS "analogMin", c.analog_max AS "analogMax", c.result
         FROM fall_detect d JOIN fall_detect_channel c ON c.detect_id = d.id
        WHERE d.ip = '' AND d.board_key_hash = '' AND d.archived_at IS NULL
        ORDER BY d.id, c.ch`,
    );
    const byBoard = new Map<number, BoardRow[]>();
    for (const r of rows) byBoard.set(r.id, [...(byBoard.get(r.id) ?? []), r]);
    for (const id of sim.units()) {
      if (byBoard.has(id)) continue;
      sim.removeBoard(id);
      schedule.delete(id);
    }
    const now = Date.now();
    for (const [id, channels] of byBoard) {
      const everyMs = opts.reportEveryMs ?? Math.max(1, channels[0].pollSeconds) * 1000;
      const entry = schedule.get(id);
      if (entry) {
        entry.everyMs = everyMs;
        continue;
      }
      schedule.set(id, { due: now, everyMs });
      const values = Array.from({ length: 9 }, (_, i) => channels.find((c) => c.ch === i + 1));
      sim.addBoard(
        id,
        values.map((c) => {
          if (!c) return {};
          const span = Math.max(0, c.analogMax - c.analogMin);
          const jitter = span * JITTER_SHARE;
          // Wander around the seeded value, kept far enough inside the range that drift never leaves it.
          const centre = Math.min(c.analogMax - jitter, Math.max(c.analogMin + jitter, c.analogValue));
          return { centre, jitter, analog: c.result === 'fault' ? c.analogValue : centre };
        }),
      );
      // A channel already faulty stays so: the demo's standing faults (its broken equipment) stay broken.
      values.forEach((c) => {
        if (c?.result === 'fault') sim.hold(id, c.ch, { switch: c.switchValue === SWITCH_FAULT ? SWITCH_FAULT : SWITCH_NORMAL, analog: c.analogValue });
        else if (c && opts.degrade) degradeChannel(id, c);
      });
    }
  }

  /** A degrading channel of the fleet's draw, its levels scaled from 0–100 into the channel's range. */
  function degradeChannel(id: number, c: BoardRow): void {
    const d = opts.degrade!;
    const p = fleetProfile({ seed: d.seed, channels: 9, degradedShare: d.share, days: d.days ?? 30, faultFromDay: 3 }, id, c.ch);
    if (p.kind === 'healthy') return;
    const scale = (c.analogMax - c.analogMin) / 100;
    const at = (v: number) => c.analogMin + v * scale;
    sim.degrade(id, c.ch, { ...p, lo: c.analogMin, hi: c.analogMax, idle: at(p.idle), show: at(p.show), noise: p.noise * scale });
  }

  async function report(id: number): Promise<void> {
    if (opts.degrade) sim.advance((opts.degrade.minutesPerRound ?? 1) / Math.max(1, schedule.size));
    sim.drift(id);
    try {
      await app.readings.submit(id, sim.reading(id), 'demo');
      reports += 1;
    } catch (err) {
      failed += 1;
      // Deleted under us: the next load drops it; until then it is not tried again.
      schedule.delete(id);
      app.log.warn({ board: id, err: (err as Error).message }, 'demo board report failed');
    }
  }

  /**
   * Pins one normal channel of working equipment with no repair under way to a fault (so an automatic
   * order is a new one, not the open order taking the warning); the board reports it at once.
   */
  async function startFault(now: number): Promise<void> {
    const ids = [...schedule.keys()];
    if (!ids.length) return;
    const candidates = await app.database.query<{ boardId: number; ch: number; analogMax: number; analogMin: number }>(
      `SELECT c.detect_id AS "boardId", c.ch, c.analog_max AS "analogMax", c.analog_min AS "analogMin"
         FROM fall_detect_channel c JOIN fall_eq_info e ON e.id = c.equipment_id
        WHERE c.detect_id = ANY($1::int[]) AND c.result = 'normal' AND e.state = 'normal'
          AND NOT EXISTS (SELECT 1 FROM fall_order o WHERE o.equipment_id = e.id AND o.status IN ('submitted', 'accepted', 'repairing', 'confirming'))`,
      [ids],
    );
    const free = candidates.filter((c) => !sim.isHeld(c.boardId, c.ch));
    if (!free.length) return;
    const pick = free[Math.floor(random() * free.length)];
    const kind = random() < 0.5 ? 'switch' : 'analog';
    const over = Math.round((pick.analogMax + Math.max(1, (pick.analogMax - pick.analogMin) * 0.2)) * ANALOG_SCALE) / ANALOG_SCALE;
    sim.hold(pick.boardId, pick.ch, kind === 'switch' ? { switch: SWITCH_FAULT } : { analog: over });
    const fault = { boardId: pick.boardId, ch: pick.ch, kind, at: now, until: now + faultRecoverMs } satisfies DemoFault;
    active.push(fault);
    started.push(fault);
    if (started.length > FAULTS_KEPT) started.shift();
    const entry = schedule.get(pick.boardId);
    if (entry) entry.due = 0; // first in this round, ahead of boards merely due
  }

  /** Takes or renews the lease when due; false when another instance plays the boards. */
  async function mayPlay(): Promise<boolean> {
    if (!holder) return (playing = true);
    const now = Date.now();
    if (now < leaseCheckAt) return playing;
    const held = await acquireLease(app, holder, leaseMs, DEMO_SIMULATOR_LEASE);
    leaseCheckAt = now + leaseMs / 3;
    if (held && !playing) reloadAt = 0; // taking over: every board reports in the first round
    return (playing = held);
  }

  async function tick(): Promise<void> {
    const now = Date.now();
    if (!(await mayPlay())) return;

    let first = false;
    if (now >= reloadAt) {
      first = reloadAt === 0;
      await load();
      reloadAt = now + RELOAD_MS;
      if (first) for (const entry of schedule.values()) entry.due = now;
    }
    // Recoveries and a new fault report their board in this round.
    for (let i = active.length - 1; i >= 0; i--) {
      const fault = active[i];
      if (now < fault.until) continue;
      active.splice(i, 1);
      sim.release(fault.boardId, fault.ch);
      const entry = schedule.get(fault.boardId);
      if (entry) entry.due = 0; // first in this round, ahead of boards merely due
    }
    if (faultEveryMs > 0 && now >= nextFaultAt) {
      nextFaultAt = now + faultEveryMs;
      await startFault(now);
    }

    const due = [...schedule.entries()].filter(([, s]) => s.due <= now).sort((a, b) => a[1].due - b[1].due);
    const roundStart = performance.now();
    // The round's reports join the ingest's batches together; the round ends when all are applied.
    const sent: Promise<void>[] = [];
    for (const [n, [id, entry]] of due.entries()) {
      // A long round (the first one, a slow database) renews the lease on the way, and stops when it is lost.
      if (stopped || !(await mayPlay())) break;
      sent.push(report(id));
      // The first round spreads the next reports over one period, so the boards do not all report in
      // the same second again; after that each board keeps its own beat.
      if (first) entry.due = now + (entry.everyMs * (n + 1)) / due.length;
      else entry.due = entry.due + entry.everyMs > now ? entry.due + entry.everyMs : now + entry.everyMs;
    }
    await Promise.all(sent);
    if (first) app.log.info(`demo simulator: ${due.length} boards reported in ${Math.round(performance.now() - roundStart)} ms`);
  }

  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (settle = resolve));
  function next(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick()
        .catch((err: Error) => app.log.error({ err: err.message }, 'demo simulator round failed'))
        .finally(() => {
          settle();
          next(tickMs);
        });
    }, delay);
    timer.unref();
  }
  next(0);

  return {
    ready,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      settle();
      await ticking;
      if (holder) {
        await app.database
          .query(`UPDATE job_lease SET until = now() - interval '1 second' WHERE name = $1 AND holder = $2`, [DEMO_SIMULATOR_LEASE, holder])
          .catch(() => undefined);
      }
    },
    stats: () => ({ reports, failed, faults: [...started], boards: schedule.size, playing }),
  };
}

/** This instance's name in the lease (host, pid and a random suffix, like the job runner's). */
export function demoLeaseHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}
