import { parseArgs } from 'node:util';
import { BoardSimulator } from './simulator';

/**
 * npm run simulate -- [--boards 3] [--port 1502] [--host 127.0.0.1] [--interval 2] [--fault-rate 0.02]
 *                     [--report-url http://localhost:3000/api/ball/detect/report --project-key K
 *                      --board BOARD_NO:BOARD_KEY ...]
 * Serves N boards (unit ids 1..N) over Modbus TCP and, with --report-url, also pushes their readings.
 */
const { values } = parseArgs({
  options: {
    boards: { type: 'string', default: '3' },
    port: { type: 'string', default: '1502' },
    host: { type: 'string', default: '127.0.0.1' },
    interval: { type: 'string', default: '2' },
    'fault-rate': { type: 'string', default: '0.02' },
    'report-url': { type: 'string' },
    'project-key': { type: 'string' },
    board: { type: 'string', multiple: true, default: [] },
  },
});

const count = Number(values.boards);
const sim = new BoardSimulator({ units: Array.from({ length: count }, (_, i) => i + 1), faultRate: Number(values['fault-rate']) });
const served = await sim.serveModbus(values.host, Number(values.port));
process.stdout.write(`Simulating ${count} board(s) on modbus tcp://${values.host}:${served.port} (unit ids 1..${count})\n`);

const pushTo = values['report-url'];
const pushBoards = (values.board ?? []).map((spec, i) => {
  const [boardNo, boardKey] = spec.split(':');
  return { unit: i + 1, boardNo, boardKey };
});

const timer = setInterval(() => {
  sim.tick();
  if (pushTo && values['project-key'] && pushBoards.length) {
    sim.pushReports(pushTo, values['project-key'], pushBoards).catch((err: Error) => process.stderr.write(`report failed: ${err.message}\n`));
  }
}, Number(values.interval) * 1000);

const stop = async () => {
  clearInterval(timer);
  await served.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
