import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { buildApp } from '../app';
import { openPostgres, type Database } from '../db/client';
import { seedProject } from '@tests/helpers/work-fixtures';
import { seedBoards } from '../modules/operations/detect/board-fixtures';
import { startMqttIngest, type MqttIngest } from './mqtt-ingest';
import { statePayload } from './simulator';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PG = process.env.TEST_DATABASE_URL;

/**
 * Two instances on one PostgreSQL and one broker, each with its own client id in the shared
 * subscription: one is stopped while boards publish, and every reading the broker acknowledged is
 * stored, once. (Runs with the PostgreSQL suite: `npm run test:pg`.)
 */
describe.skipIf(!PG)('two instances share the MQTT ingestion', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDb: Database;
  const run = randomBytes(4).toString('hex');
  const prefix = `cascade-cluster-${run}`;
  const key = `k-${randomBytes(12).toString('hex')}`;
  let a: MqttIngest;
  let b: MqttIngest;

  beforeAll(async () => {
    t = await createTestApp();
    const [{ name }] = await t.database.query<{ name: string }>(`SELECT current_database() AS name`);
    const u = new URL(PG!);
    u.pathname = `/${name}`;
    secondDb = await openPostgres(u.toString(), 4);
    second = await buildApp({ config: t.config, database: secondDb });
    await second.ready();
  });
  afterAll(async () => {
    await b?.stop();
    await second?.close();
    await secondDb?.close();
    for (const id of [`cl-a-${run}`, `cl-b-${run}`]) (await mqtt.connectAsync(BROKER, { clientId: id, clean: true }).catch(() => null))?.end();
    await t?.close();
  });

  it('stops one instance under load and loses no acknowledged reading', async () => {
    const projectKey = `cl-${run}`;
    const projectId = await seedProject(t, { name: 'Cluster park', uniqueKey: projectKey });
    const boards = await seedBoards(t.database, projectId, 5, { prefix: 'CL', key });
    a = startMqttIngest(t.app, { url: BROKER, clientId: `cl-a-${run}`, topicPrefix: prefix });
    b = startMqttIngest(second, { url: BROKER, clientId: `cl-b-${run}`, topicPrefix: prefix });
    await Promise.all([a.ready, b.ready]);
    await new Promise((r) => setTimeout(r, 500)); // both members' rows written
    const publisher = await mqtt.connectAsync(BROKER, { clientId: `cl-pub-${run}`, clean: true, protocolVersion: 5 });
    let acked = 0;
    let seq = 0;
    const sends: Promise<unknown>[] = [];
    const base = Date.now() - 60_000;
    let stopped: Promise<{ left: boolean }> | null = null;
    for (let i = 0; i < 400; i++) {
      const board = boards[i % boards.length];
      const payload = statePayload(board.boardNo, key, Array.from({ length: 9 }, (_, c) => ({ ch: c + 1, switch: 0 as const, analog: 50 })), ++seq, base + i * 10);
      sends.push(publisher.publishAsync(`${prefix}/${projectKey}/boards/${board.boardNo}/state`, payload, { qos: 1 }).then(() => (acked += 1)));
      if (i === 150) stopped = a.stop();
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 10));
    }
    await Promise.allSettled(sends);
    expect((await stopped!).left).toBe(true);
    await publisher.endAsync();
    const count = async () => Number((await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM detect_reading WHERE source = 'mqtt'`))[0].n);
    const deadline = Date.now() + 30_000;
    while ((await count()) < acked && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(acked).toBe(400);
    expect(await count()).toBe(acked);
    // Both took part.
    expect(a.stats().accepted).toBeGreaterThan(0);
    expect(b.stats().accepted).toBeGreaterThan(0);
    expect(a.stats().accepted + b.stats().accepted).toBe(400);
  });
});
