import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { until } from '@tests/helpers/until';
import { haveMosquitto, startBroker, type Broker } from '@tests/helpers/mosquitto';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { nineChannels, seedBoards } from '../modules/operations/detect/board-fixtures';
import { AckGate, packetSize } from './mqtt-acks';
import { startMqttIngest, type MqttIngest } from './mqtt-ingest';
import { statePayload } from './simulator';

const puback = (id: number) => Buffer.from([0x40, 2, id >> 8, id & 0xff]);

describe('the PUBACK gate', () => {
  it('sends each PUBACK once its message is released, in the order the messages came', () => {
    const sent: number[] = [];
    const gate = new AckGate((frame) => sent.push(frame.readUInt16BE(2)));
    const release = [1, 2, 3].map((id) => gate.expect(id));
    for (const id of [1, 2, 3]) gate.frame(id, puback(id));
    expect(gate.waiting()).toBe(3);
    release[1]();
    expect(sent).toEqual([]); // 2 waits for 1
    release[0]();
    expect(sent).toEqual([1, 2]);
    release[2]();
    release[2](); // a second release changes nothing
    expect(sent).toEqual([1, 2, 3]);
    expect(gate.waiting()).toBe(0);
  });

  it('holds a released message until mqtt.js writes its PUBACK, and tells apart two messages with one id', () => {
    const sent: number[] = [];
    const gate = new AckGate((frame) => sent.push(frame.readUInt16BE(2)));
    const first = gate.expect(7);
    first();
    expect(sent).toEqual([]);
    gate.frame(7, puback(7));
    expect(sent).toEqual([7]);
    // The broker reuses an id once it is acknowledged.
    const again = gate.expect(7);
    gate.frame(7, puback(7));
    expect(sent).toEqual([7]);
    again();
    expect(sent).toEqual([7, 7]);
  });

  it('drops a PUBACK for a message this connection does not expect (one mqtt.js kept from an earlier connection), and everything once closed', () => {
    const sent: number[] = [];
    const gate = new AckGate((frame) => sent.push(frame.readUInt16BE(2)));
    gate.frame(9, puback(9));
    const release = gate.expect(9);
    expect(sent).toEqual([]);
    gate.frame(9, puback(9));
    gate.close();
    release();
    expect(sent).toEqual([]);
    expect(gate.waiting()).toBe(0);
  });

  it('reads a packet length of one to four bytes, and waits for the bytes it lacks', () => {
    expect(packetSize(Buffer.from([0x40]))).toBeNull();
    expect(packetSize(puback(1))).toEqual({ header: 2, total: 4 });
    expect(packetSize(Buffer.from([0x30, 0x80]))).toBeNull();
    expect(packetSize(Buffer.from([0x30, 0xc1, 0x02]))).toEqual({ header: 3, total: 3 + 321 });
    expect(packetSize(Buffer.from([0x30, 0xff, 0xff, 0xff, 0x7f]))).toEqual({ header: 5, total: 5 + 268_435_455 });
    expect(() => packetSize(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toThrow(/malformed/);
  });
});

if (!haveMosquitto) console.warn('mqtt-acks.test: mosquitto missing — skipped');

/**
 * With acknowledgements held until a batch commits, the broker stops sending once the unacknowledged
 * messages fill the window: the batch must not wait for more than that. The app's batch timer is
 * set to ten minutes, so a reading stored here was written by the window's rules, not the timer.
 */
describe.skipIf(!haveMosquitto)('the in-flight window', () => {
  let t: TestApp;
  let broker: Broker;
  let boards: { id: number; boardNo: string }[];
  let publisher: MqttClient;
  const run = randomBytes(4).toString('hex');
  const projectKey = `win-${run}`;
  const key = `k-${randomBytes(12).toString('hex')}`;
  const ingests: MqttIngest[] = [];
  let at = Date.now() - 60_000;
  let seq = 0;
  const stored = async (id: number) => Number((await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = $1`, [id]))[0].n);
  const publish = (board: { boardNo: string }, n: number) =>
    Promise.all(
      Array.from({ length: n }, () => publisher.publishAsync(`cascade/${projectKey}/boards/${board.boardNo}/state`, statePayload(board.boardNo, key, nineChannels(50), ++seq, ++at), { qos: 1 })),
    );

  beforeAll(async () => {
    t = await createTestApp({ ingestBatchMs: 600_000 });
    const projectId = await seedProject(t, { name: 'Window park', uniqueKey: projectKey });
    boards = await seedBoards(t.database, projectId, 2, { prefix: 'W', key });
    broker = await startBroker((_dir, port) => ['allow_anonymous true', `listener ${port} 127.0.0.1`]);
    publisher = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `win-pub-${run}` });
  }, 120_000);
  afterAll(async () => {
    for (const i of ingests) await i.stop();
    await publisher?.endAsync();
    await broker?.close();
    await t?.close();
  });

  it('writes the batch once the window is full, and when the broker sends no more', async () => {
    const ingest = startMqttIngest(t.app, { url: broker.url, clientId: `win-${run}`, shareGroup: null, receiveMaximum: 20 });
    ingests.push(ingest);
    await ingest.ready;
    // 70 readings through a window of 20: three full windows, then 10 that fill none.
    await publish(boards[0], 70);
    await until(async () => (await stored(boards[0].id)) === 70 || undefined, 60_000, 'the 70 readings stored');
    await until(() => ingest.stats().unacknowledged === 0, 60_000, 'every message acknowledged');
    // The broker stops at 20 until one is acknowledged, and none is before its batch commits: more
    // than one batch. (Mosquitto 2.0.11 then sends another 20 for each acknowledgement, so not 4.)
    expect(t.app.readings.stats().batches).toBeGreaterThanOrEqual(2);
    // A single reading: the broker has nothing more to send, the batch is written without its timer.
    await publish(boards[1], 1);
    await until(async () => (await stored(boards[1].id)) === 1 || undefined, 60_000, 'the lone reading stored');
  });
});
