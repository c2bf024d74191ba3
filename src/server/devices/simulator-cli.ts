import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { readFileSync } from 'node:fs';
import { BoardSimulator, seededRandom, stateTopic } from './simulator';
import { fleetProfile } from '../modules/operations/predict/degradation';

/**
 * npm run simulate -- [--protocol modbus|http|mqtt] [--boards 3] [--interval 2] [--fault-rate 0.02]
 *   modbus (default): serves the boards over Modbus TCP [--host 127.0.0.1 --port 1502] (unit ids 1..N)
 *   http:  pushes each board's reading to [--report-url http://localhost:8080/api/ball/detect/report]
 *   mqtt:  publishes each board's state (QoS 1) to [--mqtt-url mqtt://127.0.0.1:1883] [--topic-prefix cascade]
 *          as [--mqtt-username U --mqtt-password P] [--mqtt-ca ca.pem] (the board's broker account)
 *   http and mqtt sign each reading with the board's key (docs/devices.md "Signed readings"); the key is never sent.
 *   http and mqtt need --project-key K and the boards: --board BOARD_NO:BOARD_KEY (repeated), or
 *   --board-prefix P --board-key KEY for boards P0001…P<N> sharing one key (load tests).
 * Modbus with --report-url also pushes over HTTP (as before).
 * Degradations (issue 30, docs/predictive.md): --degrade 0.05 drives that share of the channels through a
 *   drift, accelerating drift, flicker or step that ends in a fault within --days 30 simulated days, the others
 *   healthy with a show cycle, noise and glitches; --minutes-per-tick 60 runs an hour of simulated time per tick.
 *   --seed N makes a run (random faults, profiles) reproducible.
 */
const { values } = parseArgs({
  options: {
    protocol: { type: 'string', default: 'modbus' },
    boards: { type: 'string', default: '3' },
    port: { type: 'string', default: '1502' },
    host: { type: 'string', default: '127.0.0.1' },
    interval: { type: 'string', default: '2' },
    'fault-rate': { type: 'string', default: '0.02' },
    'report-url': { type: 'string' },
    'mqtt-url': { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    'topic-prefix': { type: 'string', default: 'cascade' },
    'mqtt-username': { type: 'string' },
    'mqtt-password': { type: 'string' },
    'mqtt-ca': { type: 'string' },
    'project-key': { type: 'string' },
    board: { type: 'string', multiple: true, default: [] },
    'board-prefix': { type: 'string' },
    'board-key': { type: 'string' },
    seed: { type: 'string' },
    degrade: { type: 'string' },
    days: { type: 'string', default: '30' },
    'minutes-per-tick': { type: 'string', default: '1' },
  },
});

const protocol = values.protocol;
if (!['modbus', 'http', 'mqtt'].includes(protocol ?? '')) {
  process.stderr.write(`--protocol must be modbus, http or mqtt\n`);
  process.exit(2);
}
const count = Number(values.boards);
const seed = values.seed === undefined ? undefined : Number(values.seed);
const sim = new BoardSimulator({
  units: Array.from({ length: count }, (_, i) => i + 1),
  faultRate: Number(values['fault-rate']),
  random: seed === undefined ? undefined : seededRandom(seed),
  minutesPerTick: Number(values['minutes-per-tick']),
});
if (values.degrade !== undefined) {
  const fleet = { seed: seed ?? 1, channels: 9, degradedShare: Number(values.degrade), days: Number(values.days), faultFromDay: 3 };
  for (let unit = 1; unit <= count; unit++) {
    for (let ch = 1; ch <= 9; ch++) {
      const profile = fleetProfile(fleet, unit, ch);
      sim.degrade(unit, ch, profile);
      if (profile.kind !== 'healthy') process.stdout.write(`unit ${unit} CH${ch}: ${profile.kind}, fault at simulated hour ${profile.faultHour}\n`);
    }
  }
}
const projectKey = values['project-key'];
const pushBoards = values['board-prefix']
  ? Array.from({ length: count }, (_, i) => ({ unit: i + 1, boardNo: `${values['board-prefix']}${String(i + 1).padStart(4, '0')}`, boardKey: values['board-key'] ?? '' }))
  : (values.board ?? []).map((spec, i) => {
      const [boardNo, boardKey] = spec.split(':');
      return { unit: i + 1, boardNo, boardKey };
    });
if (protocol !== 'modbus' && (!projectKey || !pushBoards.length)) {
  process.stderr.write(`--protocol ${protocol} needs --project-key and --board NO:KEY (or --board-prefix and --board-key)\n`);
  process.exit(2);
}

let served: { port: number; close: () => Promise<void> } | null = null;
let client: mqtt.MqttClient | null = null;
if (protocol === 'modbus') {
  served = await sim.serveModbus(values.host, Number(values.port));
  process.stdout.write(`Simulating ${count} board(s) on modbus tcp://${values.host}:${served.port} (unit ids 1..${count})\n`);
} else if (protocol === 'mqtt') {
  client = await mqtt.connectAsync(values['mqtt-url']!, {
    clientId: `cascade-sim-${process.pid}`,
    clean: true,
    username: values['mqtt-username'],
    password: values['mqtt-password'],
    ...(values['mqtt-ca'] ? { ca: readFileSync(values['mqtt-ca']) } : {}),
  });
  process.stdout.write(`Simulating ${pushBoards.length} board(s) publishing to ${values['mqtt-url']} under ${stateTopic(projectKey!, '<boardNo>', values['topic-prefix'])}\n`);
} else {
  process.stdout.write(`Simulating ${pushBoards.length} board(s) pushing to ${values['report-url'] ?? 'http://localhost:8080/api/ball/detect/report'}\n`);
}

const reportUrl = values['report-url'] ?? (protocol === 'http' ? 'http://localhost:8080/api/ball/detect/report' : undefined);
const timer = setInterval(() => {
  sim.tick();
  if (client) {
    for (const b of pushBoards) {
      client.publishAsync(stateTopic(projectKey!, b.boardNo, values['topic-prefix']), JSON.stringify(sim.signed(b.unit, b.boardNo, b.boardKey)), { qos: 1 }).catch((err: Error) => process.stderr.write(`publish failed: ${err.message}\n`));
    }
  } else if (reportUrl && projectKey && pushBoards.length) {
    sim.pushReports(reportUrl, projectKey, pushBoards).catch((err: Error) => process.stderr.write(`report failed: ${err.message}\n`));
  }
}, Number(values.interval) * 1000);

const stop = async () => {
  clearInterval(timer);
  await served?.close();
  await client?.endAsync();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
