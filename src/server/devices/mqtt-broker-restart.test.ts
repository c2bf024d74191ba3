import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { until } from '@tests/helpers/until';
import { haveMosquitto, startBroker, type Broker } from '@tests/helpers/mosquitto';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { nineChannels, seedBoards } from '../modules/operations/detect/board-fixtures';
import { shareGroupOf, startMqttIngest, type MqttIngest } from './mqtt-ingest';
import { statePayload } from './simulator';

if (!haveMosquitto) console.warn('mqtt-broker-restart.test: mosquitto missing — skipped');

/** How long a broker stays down in these tests (the 60 s outage: docs/reliability.md, by hand). */
const OUTAGE_MS = 5_000;

/**
 * Issue 37: a broker that restarts. Mosquitto with persistence restores Cascade's session but not
 * its shared subscription; a client that trusts "session present" never subscribes again and still
 * says it is connected. A broker of the test's own, stopped for a few seconds while boards publish
 * and started again, with and without persistence: intake resumes within 10 s of its return,
 * "connected" means subscribed, and with persistence every QoS 1 reading the broker took arrives.
 */
describe.skipIf(!haveMosquitto)('a broker that restarts', () => {
  let t: TestApp;
  let boards: { id: number; boardNo: string }[];
  let group: string;
  const run = randomBytes(4).toString('hex');
  const projectKey = `br-${run}`;
  const key = `k-${randomBytes(12).toString('hex')}`;
  const open: { brokers: Broker[]; clients: MqttClient[]; ingests: MqttIngest[] } = { brokers: [], clients: [], ingests: [] };
  const topic = (boardNo: string) => `cascade/${projectKey}/boards/${boardNo}/state`;
  const stored = async (ids: number[]) => Number((await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = ANY($1::int[])`, [ids]))[0].n);
  let at = Date.now() - 300_000;
  let seq = 0;

  const broker = (persistence: boolean) =>
    startBroker((dir, port) => [
      'allow_anonymous true',
      'max_queued_messages 100000',
      ...(persistence ? ['persistence true', `persistence_location ${dir}${path.sep}`] : ['persistence false']),
      `listener ${port} 127.0.0.1`,
    ]).then((b) => (open.brokers.push(b), b));

  /**
   * Boards publishing QoS 1 readings one after the other through the outage (mqtt.js keeps the ones
   * sent while the broker is away and sends them on reconnecting). `acked`: readings the broker
   * acknowledged; `stop()` ends the flow once every one sent so far is acknowledged.
   */
  function flow(c: MqttClient, on: { boardNo: string }[]) {
    let acked = 0;
    let going = true;
    const sends: Promise<unknown>[] = [];
    const done = (async () => {
      for (let i = 0; going; i++) {
        const b = on[i % on.length];
        sends.push(c.publishAsync(topic(b.boardNo), statePayload(b.boardNo, key, nineChannels(50), ++seq, ++at), { qos: 1 }).then(() => (acked += 1)));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    return {
      acked: () => acked,
      sent: () => sends.length,
      async stop() {
        going = false;
        await done;
        await Promise.all(sends);
        return acked;
      },
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const projectId = await seedProject(t, { name: 'Restart park', uniqueKey: projectKey });
    boards = await seedBoards(t.database, projectId, 9, { prefix: 'BR', key });
    group = await shareGroupOf(t.database);
  }, 120_000);
  afterEach(async () => {
    for (const i of open.ingests.splice(0)) await i.stop();
    for (const c of open.clients.splice(0)) await c.endAsync(true).catch(() => undefined);
    for (const b of open.brokers.splice(0)) await b.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function outage(persistence: boolean, mine: { id: number; boardNo: string }[], shareGroup: string | null) {
    const b = await broker(persistence);
    const ingest = startMqttIngest(t.app, { url: b.url, clientId: `br-${persistence ? 'p' : 'n'}-${shareGroup ? 's' : 'x'}-${run}`, shareGroup });
    open.ingests.push(ingest);
    await ingest.ready;
    const publisher = await mqtt.connectAsync(b.url, { protocolVersion: 5, clientId: `br-pub-${persistence}-${shareGroup}-${run}`, clean: false, reconnectPeriod: 500 });
    open.clients.push(publisher);
    const ids = mine.map((m) => m.id);
    const readings = flow(publisher, mine);
    await until(async () => (await stored(ids)) >= 10 || undefined, 20_000, 'readings before the outage');

    await b.stop();
    await until(() => !ingest.stats().connected, 10_000, 'the ingest to say it is not connected');
    await new Promise((r) => setTimeout(r, OUTAGE_MS)); // the outage itself: the broker stays down this long
    const sentBeforeReturn = readings.sent();
    await b.start();
    const back = Date.now();
    // Intake resumes: a reading sent after the broker's return is stored, and the ingest is subscribed again.
    await until(async () => ingest.stats().connected || undefined, 10_000, 'the ingest subscribed again');
    const afterReturn = seq;
    await until(
      async () => (await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = ANY($1::int[]) AND at > $2`, [ids, new Date(at - (seq - afterReturn))]))[0].n > 0 || undefined,
      15_000,
      'a reading sent after the return stored',
    );
    const resumedIn = Date.now() - back;
    const acked = await readings.stop();
    return { ingest, ids, acked, resumedIn, sentBeforeReturn };
  }

  it('with persistence and one instance (no shared subscription): resumes within 10 s of its return and loses no reading it acknowledged', async () => {
    const { ingest, ids, acked, resumedIn } = await outage(true, boards.slice(0, 2), null);
    expect(resumedIn).toBeLessThan(10_000);
    await until(async () => (await stored(ids)) >= acked || undefined, 20_000, 'every acknowledged reading stored');
    expect(await stored(ids)).toBe(acked);
    expect(ingest.stats().connections).toBe(2);
  }, 90_000);

  it('with persistence and a shared subscription: the restored session lacks it, and the ingest subscribes again within 10 s', async () => {
    // Mosquitto 2.0.11 restores the session ("session present") but not its shared subscription:
    // readings published before the ingest subscribes again have no subscriber and are dropped
    // by the broker (docs/reliability.md) — what is checked here is that intake resumes.
    const { ingest, ids, acked, resumedIn } = await outage(true, boards.slice(2, 3), group);
    expect(resumedIn).toBeLessThan(10_000);
    expect(ingest.stats().connected).toBe(true);
    expect(ingest.stats().connections).toBe(2);
    // Every reading published once it was subscribed again arrives: the last ones stored too.
    await until(async () => (await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = ANY($1::int[]) AND at = $2`, [ids, new Date(at)]))[0].n > 0 || undefined, 20_000, 'the last reading stored');
    console.warn(`shared subscription over a ${OUTAGE_MS / 1000} s broker outage: ${acked - (await stored(ids))} of ${acked} acknowledged readings dropped by the broker, resumed in ${resumedIn} ms`);
  }, 90_000);

  it('with persistence, the readings it queued for Cascade while Cascade was away arrive after its restart', async () => {
    const b = await broker(true);
    const mine = boards.slice(3, 6);
    const ids = mine.map((m) => m.id);
    const clientId = `br-queue-${run}`;
    const first = startMqttIngest(t.app, { url: b.url, clientId, shareGroup: group });
    await first.ready;
    // Alone, it stays subscribed when it stops: the broker queues every reading for its session…
    expect((await first.stop()).left).toBe(false);
    const publisher = await mqtt.connectAsync(b.url, { protocolVersion: 5, clientId: `br-qpub-${run}`, reconnectPeriod: 0 });
    open.clients.push(publisher);
    let sent = 0;
    for (let i = 0; i < 30; i++) {
      const m = mine[i % mine.length];
      await publisher.publishAsync(topic(m.boardNo), statePayload(m.boardNo, key, nineChannels(51), ++seq, ++at), { qos: 1 });
      sent += 1;
    }
    await publisher.endAsync();
    open.clients.pop();
    // …and keeps them over its restart.
    await b.stop();
    await b.start();
    const second = startMqttIngest(t.app, { url: b.url, clientId, shareGroup: group });
    open.ingests.push(second);
    await second.ready;
    await until(async () => (await stored(ids)) >= sent || undefined, 20_000, 'the backlog stored');
    expect(await stored(ids)).toBe(sent);
  }, 90_000);

  it('without persistence: resumes within 10 s of its return, with or without a shared subscription', async () => {
    for (const [mine, shareGroup] of [
      [boards.slice(6, 8), group],
      [boards.slice(8, 9), null],
    ] as const) {
      const { ingest, resumedIn } = await outage(false, [...mine], shareGroup);
      expect(resumedIn).toBeLessThan(10_000);
      expect(ingest.stats().connected).toBe(true);
      for (const i of open.ingests.splice(0)) await i.stop();
      for (const c of open.clients.splice(0)) await c.endAsync(true).catch(() => undefined);
      for (const x of open.brokers.splice(0)) await x.close();
    }
  }, 120_000);
});
