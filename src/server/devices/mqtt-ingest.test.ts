import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect as netConnect } from 'node:net';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { seedBoards } from '../modules/operations/detect/board-fixtures';
import { startMqttIngest, type MqttIngest } from './mqtt-ingest';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** Whether the broker answers on its port (the tests against it are skipped, saying why, when not). */
async function brokerUp(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = netConnect({ host: u.hostname, port: Number(u.port || 1883) });
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

const up = await brokerUp(BROKER);
if (!up) console.warn(`mqtt-ingest.test: no MQTT broker on ${BROKER} — skipped (start Mosquitto: mosquitto -d -c /etc/mosquitto/mosquitto.conf)`);

async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const reading = (analog: number) => Array.from({ length: 9 }, (_, i) => ({ ch: i + 1, switch: 0, analog }));

describe.skipIf(!up)('MQTT ingestion against the real broker', () => {
  let t: TestApp;
  let projectKey: string;
  let boards: { id: number; boardNo: string }[];
  const key = `k-${randomBytes(12).toString('hex')}`;
  // Unique per run: parallel test files (and runs) neither share topics nor sessions.
  const run = randomBytes(4).toString('hex');
  const prefix = `cascade-test-${run}`;
  const clientId = `cascade-test-ingest-${run}`;
  let publisher: mqtt.MqttClient;
  const ingests: MqttIngest[] = [];
  const analog = async (boardId: number) =>
    (await t.database.query<{ analog: number }>(`SELECT analog_value AS analog FROM fall_detect_channel WHERE detect_id = $1 AND ch = 1`, [boardId]))[0].analog;
  const stored = async (boardId: number) =>
    Number((await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = $1 AND source = 'mqtt'`, [boardId]))[0].n);
  const start = async () => {
    const ingest = startMqttIngest(t.app, { url: BROKER, clientId, topicPrefix: prefix });
    ingests.push(ingest);
    await ingest.ready;
    return ingest;
  };
  const publish = (boardNo: string, payload: unknown, key2 = projectKey) =>
    publisher.publishAsync(`${prefix}/${key2}/boards/${boardNo}/state`, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });

  beforeAll(async () => {
    t = await createTestApp();
    projectKey = `mqtt-${run}`;
    const projectId = await seedProject(t, { name: 'Broker park', uniqueKey: projectKey });
    boards = await seedBoards(t.database, projectId, 3, { prefix: 'MQ', key });
    publisher = await mqtt.connectAsync(BROKER, { clientId: `cascade-test-pub-${run}`, clean: true });
  });
  afterAll(async () => {
    for (const i of ingests) await i.stop();
    await publisher?.endAsync();
    // Leave no session behind on the broker: connect once more with a clean session.
    const cleanup = await mqtt.connectAsync(BROKER, { clientId, clean: true }).catch(() => null);
    await cleanup?.endAsync();
    await t?.close();
  });

  it('accepts a board state with its key and stores it through the reading service', async () => {
    const ingest = await start();
    await publish(boards[0].boardNo, { key, channels: reading(42) });
    await until(async () => (await stored(boards[0].id)) === 1 || undefined, 20_000, 'the reading stored');
    // Its first reading brings the board online through applyReading, just after the raw row is committed.
    await until(async () => (await analog(boards[0].id)) === 42 || undefined, 20_000, 'the reading applied');
    const [board] = await t.database.query<{ online: boolean }>(`SELECT online FROM fall_detect WHERE id = $1`, [boards[0].id]);
    expect(board.online).toBe(true);
    expect(ingest.stats()).toMatchObject({ connected: true, accepted: 1 });
  });

  it('refuses a wrong key, an unknown board, a bad payload and a body naming another board, counting each', async () => {
    const ingest = ingests[0];
    const before = ingest.stats().refused;
    await publish(boards[1].boardNo, { key: `${key}x`, channels: reading(1) });
    await publish(boards[1].boardNo, { channels: reading(1) });
    await publish('NOPE', { key, channels: reading(1) });
    await publish(boards[1].boardNo, 'not json');
    await publish(boards[1].boardNo, { key, channels: [{ ch: 12, switch: 3, analog: 'x' }] });
    await publish(boards[1].boardNo, { key, channels: reading(1), extra: true });
    await publish(boards[1].boardNo, { key, boardNo: boards[2].boardNo, channels: reading(1) });
    await publish(boards[1].boardNo, { key, channels: reading(1) }, 'no-such-project');
    await until(() => {
      const r = ingest.stats().refused;
      return r.key - before.key === 2 && r.board - before.board === 2 && r.payload - before.payload === 4 ? r : undefined;
    }, 20_000, 'every message refused');
    // Then a good one for the same board goes through: the refusals held nothing up.
    await publish(boards[1].boardNo, { key, channels: reading(7) });
    await until(async () => (await stored(boards[1].id)) === 1 || undefined, 20_000, 'the good reading stored');
    expect(await stored(boards[2].id)).toBe(0);
  });

  it('resumes its session after a restart: QoS 1 states published while it was down arrive on reconnect', async () => {
    await ingests[0].stop();
    const board = boards[2];
    for (let i = 1; i <= 5; i++) await publish(board.boardNo, { key, channels: reading(10 + i) });
    expect(await stored(board.id)).toBe(0);
    const again = await start();
    await until(async () => (await stored(board.id)) === 5 || undefined, 30_000, 'the five queued readings stored');
    await until(async () => (await analog(board.id)) === 15 || undefined, 20_000, 'the last of them applied');
    expect(again.stats().accepted).toBe(5);
  });
});
