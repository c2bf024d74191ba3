import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { until } from '@tests/helpers/until';
import { accounts, DYNSEC_PLUGIN, haveMosquitto, initDynsec, startBroker, type Broker } from '@tests/helpers/mosquitto';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { nineChannels, seedBoards } from '../modules/operations/detect/board-fixtures';
import { shareGroupOf, startMqttIngest, type MqttIngest } from './mqtt-ingest';
import { statePayload } from './simulator';

if (!haveMosquitto) console.warn('mqtt-share-group.test: mosquitto, its tools or its dynamic security plugin missing — skipped');

/**
 * Issue 37: a board or project account that joins Cascade's shared subscription takes its turn at
 * every message and drops it. Two brokers of the test's own, readings flowing while accounts try it,
 * online and with offline sessions kept an hour: every reading published is stored (rows counted).
 * - the broker docs/devices.md prescribes (the dynamic security plugin, deploy/mosquitto/accounts.sh):
 *   it refuses board and project accounts every subscription, shared or not;
 * - a broker that grants every subscription (Mosquitto's acl_file, which cannot refuse one): the
 *   group's secret name keeps them out, where the old fixed name `cascade` lets them in.
 */
describe.skipIf(!haveMosquitto)('no account but Cascade’s takes readings from its subscription', () => {
  let t: TestApp;
  let boards: { id: number; boardNo: string }[];
  let group: string;
  const run = randomBytes(4).toString('hex');
  const projectKey = `sg-${run}`;
  const key = `k-${randomBytes(12).toString('hex')}`;
  const pw = { admin: `a-${run}`, cascade: `c-${run}`, board: `b-${run}`, project: `p-${run}` };
  const open: { brokers: Broker[]; clients: MqttClient[]; ingests: MqttIngest[] } = { brokers: [], clients: [], ingests: [] };
  const topic = (boardNo: string) => `cascade/${projectKey}/boards/${boardNo}/state`;
  const stored = async (ids: number[]) => Number((await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = ANY($1::int[])`, [ids]))[0].n);
  let at = Date.now() - 120_000;

  /** Publishes `each` readings per board, QoS 1, each acknowledged by the broker; returns how many. */
  async function publish(client: MqttClient, on: { boardNo: string }[], each: number): Promise<number> {
    let n = 0;
    for (let i = 0; i < each; i++) {
      for (const b of on) {
        await client.publishAsync(topic(b.boardNo), statePayload(b.boardNo, key, nineChannels(40 + (i % 10)), i, ++at), { qos: 1 });
        n += 1;
      }
    }
    return n;
  }

  async function client(url: string, opts: mqtt.IClientOptions): Promise<MqttClient> {
    const c = await mqtt.connectAsync(url, { protocolVersion: 5, reconnectPeriod: 0, ...opts });
    open.clients.push(c);
    return c;
  }

  /** Each account tries `filters` from `sessions` sessions, half of them left offline with an hour's session expiry; resolves with the codes granted. */
  async function attack(url: string, accountsToTry: { username: string; password: string }[], filters: string[], sessions: number): Promise<number[]> {
    const codes: number[] = [];
    for (const a of accountsToTry) {
      for (let i = 0; i < sessions; i++) {
        const c = await client(url, { ...a, clientId: `att-${a.username}-${i}-${run}`, clean: false, properties: { sessionExpiryInterval: 3600 } });
        const granted = await new Promise<number[]>((resolve) =>
          c.subscribe(filters, { qos: 1 }, (err, g) => resolve((err as { packet?: { granted: number[] } } | null)?.packet?.granted ?? (g ?? []).map((x) => x.qos))),
        );
        codes.push(...granted);
        // Offline with its session kept: Mosquitto keeps queueing its share of the group, if it has one.
        if (i % 2 === 1) await c.endAsync();
      }
    }
    return codes;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const projectId = await seedProject(t, { name: 'Share park', uniqueKey: projectKey });
    boards = await seedBoards(t.database, projectId, 8, { prefix: 'SG', key });
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

  it('names its group from a server secret: the same for every instance on the database, never the old `cascade`', async () => {
    expect(group).toMatch(/^cascade-[0-9a-f]{24}$/);
    expect(await shareGroupOf(t.database)).toBe(group);
  });

  it('the documented broker refuses board and project accounts every subscription, shared or not, and no reading is lost', async () => {
    const broker = await startBroker(
      (dir, port) => [
        'per_listener_settings false',
        'allow_anonymous false',
        `plugin ${DYNSEC_PLUGIN}`,
        `plugin_opt_config_file ${path.join(dir, 'dynamic-security.json')}`,
        'max_queued_messages 100000',
        'message_size_limit 65536',
        `listener ${port} 127.0.0.1`,
      ],
      (dir) => initDynsec(dir, pw.admin),
    );
    open.brokers.push(broker);
    const mine = boards.slice(0, 4);
    accounts(broker, pw.admin, 'cascade', pw.cascade);
    accounts(broker, pw.admin, 'board', projectKey, mine[0].boardNo, pw.board);
    accounts(broker, pw.admin, 'project', projectKey, pw.project);
    const boardAccount = { username: `${projectKey}.${mine[0].boardNo}`, password: pw.board };
    const projectAccount = { username: projectKey, password: pw.project };
    // Before Cascade subscribes and while readings flow: the old group, the real group (were it known), everything.
    const filters = [`$share/cascade/cascade/+/boards/+/state`, `$share/${group}/cascade/+/boards/+/state`, 'cascade/#', '#'];
    expect(new Set(await attack(broker.url, [boardAccount, projectAccount], filters, 2))).toEqual(new Set([135]));

    const ingest = startMqttIngest(t.app, { url: broker.url, clientId: `sg-dyn-${run}`, username: 'cascade', password: pw.cascade, shareGroup: group });
    open.ingests.push(ingest);
    await ingest.ready;
    const asBoard = await client(broker.url, boardAccount);
    const asProject = await client(broker.url, projectAccount);
    let sent = await publish(asBoard, mine.slice(0, 1), 15);
    expect(new Set(await attack(broker.url, [boardAccount, projectAccount], filters, 2))).toEqual(new Set([135]));
    sent += await publish(asProject, mine.slice(1), 15);
    // A board account publishes for its own board only.
    await expect(asBoard.publishAsync(topic(mine[1].boardNo), statePayload(mine[1].boardNo, key, nineChannels(1), 0, ++at), { qos: 1 })).rejects.toThrow(/Not authori[sz]ed/);
    const ids = mine.map((b) => b.id);
    await until(async () => (await stored(ids)) >= sent || undefined, 30_000, 'every reading stored');
    expect(sent).toBe(60);
    expect(await stored(ids)).toBe(sent);
    expect(ingest.stats().accepted).toBe(sent);
  }, 90_000);

  it('on a broker that grants every subscription, the secret group keeps the accounts out: the old name lets them in', async () => {
    const mine = boards.slice(4);
    const users = { board: `${projectKey}.${mine[0].boardNo}` };
    const broker = await startBroker(
      (dir, port) => [
        'per_listener_settings false',
        'allow_anonymous false',
        `password_file ${path.join(dir, 'passwd')}`,
        `acl_file ${path.join(dir, 'acl')}`,
        'max_queued_messages 100000',
        `listener ${port} 127.0.0.1`,
      ],
      (dir) => {
        // The acl_file set-up docs/devices.md gave before issue 37.
        const passwd = path.join(dir, 'passwd');
        writeFileSync(passwd, '', { mode: 0o644 });
        execFileSync('/usr/bin/mosquitto_passwd', ['-b', passwd, 'cascade', pw.cascade]);
        execFileSync('/usr/bin/mosquitto_passwd', ['-b', passwd, users.board, pw.board]);
        execFileSync('/usr/bin/mosquitto_passwd', ['-b', passwd, projectKey, pw.project]);
        writeFileSync(
          path.join(dir, 'acl'),
          ['user cascade', 'topic read cascade/#', `user ${users.board}`, `topic write ${topic(mine[0].boardNo)}`, 'pattern write cascade/%u/boards/+/state', ''].join('\n'),
          { mode: 0o644 },
        );
      },
    );
    open.brokers.push(broker);
    const boardAccount = { username: users.board, password: pw.board };
    const projectAccount = { username: projectKey, password: pw.project };
    // Mosquitto 2.0's acl_file grants them all (it checks read rights on delivery only).
    const legacy = ['$share/cascade/cascade/+/boards/+/state', 'cascade/#'];
    expect(new Set(await attack(broker.url, [boardAccount, projectAccount], legacy, 4))).toEqual(new Set([1]));

    // Cascade before issue 37, in the group named `cascade`: the accounts take their turns and drop them.
    const old = await client(broker.url, { username: 'cascade', password: pw.cascade, clientId: `sg-old-${run}` });
    let oldHeard = 0;
    old.on('message', () => (oldHeard += 1));
    await old.subscribeAsync(legacy[0], { qos: 1 });
    const ingest = startMqttIngest(t.app, { url: broker.url, clientId: `sg-acl-${run}`, username: 'cascade', password: pw.cascade, shareGroup: group });
    open.ingests.push(ingest);
    await ingest.ready;
    const asBoard = await client(broker.url, boardAccount);
    const asProject = await client(broker.url, projectAccount);
    let sent = await publish(asBoard, mine.slice(0, 1), 15);
    sent += await publish(asProject, mine.slice(1), 15);
    const ids = mine.map((b) => b.id);
    await until(async () => (await stored(ids)) >= sent || undefined, 30_000, 'every reading stored');
    expect(sent).toBe(60);
    expect(await stored(ids)).toBe(sent);
    expect(ingest.stats().accepted).toBe(sent);
    // The attack is real: the old group's subscriber got a fraction (8 accounts' sessions share its group).
    expect(oldHeard).toBeLessThan(sent / 2);
  }, 90_000);
});
