import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect as netConnect } from 'node:net';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { until } from '@tests/helpers/until';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { nineChannels as reading, seedBoards } from '../modules/operations/detect/board-fixtures';
import { startMqttIngest, type MqttIngest } from './mqtt-ingest';
import { statePayload } from './simulator';

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
  let seq = 0;
  const ingests: MqttIngest[] = [];
  const analog = async (boardId: number) =>
    (await t.database.query<{ analog: number }>(`SELECT analog_value AS analog FROM fall_detect_channel WHERE detect_id = $1 AND ch = 1`, [boardId]))[0].analog;
  const stored = async (boardId: number) =>
    Number((await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = $1 AND source = 'mqtt'`, [boardId]))[0].n);
  const board = async (boardId: number) =>
    (await t.database.query<{ online: boolean; lastSeen: Date; refusedReason: string | null }>(
      `SELECT online, last_seen AS "lastSeen", refused_reason AS "refusedReason" FROM fall_detect WHERE id = $1`,
      [boardId],
    ))[0];
  const openWarnings = async (boardId: number) =>
    Number((await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM fall_warning WHERE detect_id = $1 AND result IS NULL AND kind = 'channel'`, [boardId]))[0].n);
  const start = async () => {
    const ingest = startMqttIngest(t.app, { url: BROKER, clientId, topicPrefix: prefix });
    ingests.push(ingest);
    await ingest.ready;
    return ingest;
  };
  const topic = (boardNo: string, project = projectKey) => `${prefix}/${project}/boards/${boardNo}/state`;
  /** A board's signed state, as its firmware sends it. */
  // A board's readings are told apart by their time: two sent within one millisecond would be one reading
  // (a repeat), so each of the test's own readings is at least a millisecond after the one before.
  let lastAt = 0;
  const now = () => (lastAt = Math.max(Date.now(), lastAt + 1));
  const signed = (boardNo: string, channels = reading(50), over: { key?: string; at?: number } = {}) =>
    statePayload(boardNo, over.key ?? key, channels, ++seq, over.at ?? now());
  const publish = (boardNo: string, payload: unknown, opts: { project?: string; retain?: boolean } = {}) =>
    publisher.publishAsync(topic(boardNo, opts.project), typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1, retain: !!opts.retain });

  beforeAll(async () => {
    t = await createTestApp();
    projectKey = `mqtt-${run}`;
    const projectId = await seedProject(t, { name: 'Broker park', uniqueKey: projectKey });
    boards = await seedBoards(t.database, projectId, 6, { prefix: 'MQ', key });
    publisher = await mqtt.connectAsync(BROKER, { clientId: `cascade-test-pub-${run}`, clean: true, protocolVersion: 5 });
  });
  afterAll(async () => {
    for (const i of ingests) await i.stop();
    // Retained messages are cleared (an empty retained message), so the broker keeps nothing of this run.
    for (const b of boards ?? []) await publisher?.publishAsync(topic(b.boardNo), '', { qos: 1, retain: true });
    await publisher?.endAsync();
    // Leave no session behind on the broker: connect once more with a clean session.
    const cleanup = await mqtt.connectAsync(BROKER, { clientId, clean: true }).catch(() => null);
    await cleanup?.endAsync();
    await t?.close();
  });

  it('accepts a signed board state, stored under the reading time the board gave', async () => {
    const ingest = await start();
    const at = Date.now() - 3_000;
    await publish(boards[0].boardNo, signed(boards[0].boardNo, reading(42), { at }));
    await until(async () => (await stored(boards[0].id)) === 1 || undefined, 20_000, 'the reading stored');
    // Its first reading brings the board online through applyReading, just after the raw row is committed.
    await until(async () => (await analog(boards[0].id)) === 42 || undefined, 20_000, 'the reading applied');
    const [raw] = await t.database.query<{ at: Date }>(`SELECT at FROM detect_reading WHERE detect_id = $1`, [boards[0].id]);
    expect(new Date(raw.at).getTime()).toBe(at);
    const b = await board(boards[0].id);
    expect(b.online).toBe(true);
    expect(new Date(b.lastSeen).getTime()).toBe(at);
    expect(ingest.stats()).toMatchObject({ connected: true, accepted: 1 });
  });

  it('refuses a wrong key, an unsigned or stale state, an unknown board, a bad payload, a duplicate channel and a body naming another board, counting each', async () => {
    const ingest = ingests[0];
    const before = ingest.stats().refused;
    const b1 = boards[1].boardNo;
    const skew = (await t.app.settings.get('detect.clockSkewSeconds')) * 1000;
    await publish(b1, signed(b1, reading(1), { key: `${key}x` }));
    await publish(b1, { key, channels: reading(1) }); // old firmware: the key in the message
    await publish(b1, signed(b1, reading(1), { at: Date.now() - skew - 10_000 }));
    await publish(b1, signed(b1, reading(1), { at: Date.now() + skew + 10_000 }));
    await publish('NOPE', signed('NOPE'));
    await publish(b1, 'not json');
    await publish(b1, signed(b1, [{ ch: 12, switch: 3, analog: 'x' }] as never));
    await publish(b1, signed(b1, [{ ch: 1, switch: 0, analog: 1 }, { ch: 1, switch: 1, analog: 1 }]));
    await publish(b1, signed(boards[2].boardNo)); // signed for board 2, sent on board 1's topic
    await publish(b1, signed(b1), { project: 'no-such-project' });
    await until(() => {
      const r = ingest.stats().refused;
      const d = (k: keyof typeof r) => r[k] - before[k];
      return d('signature') === 1 && d('unsigned') === 1 && d('stale') === 1 && d('future') === 1 && d('board') === 2 && d('payload') === 4 ? r : undefined;
    }, 20_000, 'every message refused');
    // The board's own refusals are recorded on it for operators (the last one: the clock).
    await until(async () => (await board(boards[1].id)).refusedReason !== null || undefined, 10_000, 'the refusal recorded');
    // Then a good one for the same board goes through: the refusals held nothing up.
    await publish(b1, signed(b1, reading(7)));
    await until(async () => (await stored(boards[1].id)) === 1 || undefined, 20_000, 'the good reading stored');
    expect(await stored(boards[2].id)).toBe(0);
  });

  it('applies a redelivered state once, and a late one (older than the latest) as history only', async () => {
    const ingest = ingests[0];
    const b = boards[3];
    const now = Date.now();
    const first = signed(b.boardNo, reading(21), { at: now - 60_000 });
    await publish(b.boardNo, first);
    await until(async () => (await analog(b.id)) === 21 || undefined, 20_000, 'the first applied');
    const repeatsBefore = ingest.stats().repeats;
    // The same message again (a QoS 1 redelivery, a replay): stored once, applied once.
    await publish(b.boardNo, first);
    await until(() => ingest.stats().repeats === repeatsBefore + 1 || undefined, 20_000, 'the repeat told apart');
    expect(await stored(b.id)).toBe(1);
    // A reading taken before the latest one arrives late: kept in the history, never applied.
    const olderBefore = ingest.stats().older;
    await publish(b.boardNo, signed(b.boardNo, reading(99), { at: now - 120_000 }));
    await until(() => ingest.stats().older === olderBefore + 1 || undefined, 20_000, 'the late reading kept');
    expect(await stored(b.id)).toBe(2);
    expect(await analog(b.id)).toBe(21);
    expect(new Date((await board(b.id)).lastSeen).getTime()).toBe(now - 60_000);
  });

  it('a retained fault is applied once: after it cleared, a re-subscription neither reopens it nor brings the silent board back online', async () => {
    const b = boards[4];
    const fault = reading(50).map((c) => (c.ch === 1 ? { ...c, switch: 1 as const } : c));
    await publish(b.boardNo, signed(b.boardNo, fault), { retain: true });
    await until(async () => (await openWarnings(b.id)) === 1 || undefined, 20_000, 'the fault opened');
    for (let i = 0; i < 3; i++) await publish(b.boardNo, signed(b.boardNo, reading(50)));
    await until(async () => (await openWarnings(b.id)) === 0 || undefined, 20_000, 'the fault cleared');
    // The board goes silent and is marked offline.
    await t.database.query(`UPDATE fall_detect SET online = false WHERE id = $1`, [b.id]);
    const repeats = ingests[0].stats().repeats;
    await ingests[0].stop();
    const again = await start();
    // The broker sends the retained fault again on subscribing: recognised as a repeat.
    await until(() => again.stats().repeats >= 1 || undefined, 20_000, 'the retained state delivered and told apart');
    expect(repeats).toBeGreaterThanOrEqual(0);
    expect(await openWarnings(b.id)).toBe(0);
    expect((await board(b.id)).online).toBe(false);
  });

  it('refuses an oversized message unread: the broker never sends it past the maximum packet size', async () => {
    const ingest = ingests[ingests.length - 1];
    const received = ingest.stats().received;
    const b = boards[5];
    await publish(b.boardNo, JSON.stringify({ body: 'x'.repeat(200_000), sig: '0'.repeat(64) }));
    await publish(b.boardNo, signed(b.boardNo, reading(33)));
    await until(async () => (await analog(b.id)) === 33 || undefined, 20_000, 'the good reading after it applied');
    expect(ingest.stats().received).toBe(received + 1);
  });

  it('resumes its session after a restart: QoS 1 states published while it was down arrive on reconnect', async () => {
    // Alone in its group, a stopping instance stays subscribed: the broker queues for its session.
    expect((await ingests[ingests.length - 1].stop()).left).toBe(false);
    const b = boards[2];
    for (let i = 1; i <= 5; i++) await publish(b.boardNo, signed(b.boardNo, reading(10 + i)));
    expect(await stored(b.id)).toBe(0);
    const again = await start();
    await until(async () => (await stored(b.id)) === 5 || undefined, 30_000, 'the five queued readings stored');
    await until(async () => (await analog(b.id)) === 15 || undefined, 20_000, 'the last of them applied');
    // Besides the five, only the retained state of another board (a repeat) came in. The broker sends
    // it on subscribing, maybe after the queued five; its outcome is known once its batch is stored.
    await until(() => (again.stats().repeats >= 1 && again.stats().accepted === 6) || undefined, 10_000, 'the retained state told apart');
    expect(again.stats().accepted - again.stats().repeats).toBe(5);
  });
});
