import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { until } from '@tests/helpers/until';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { nineChannels as reading, seedBoards } from '../modules/operations/detect/board-fixtures';
import { startMqttIngest, type MqttIngest } from './mqtt-ingest';
import { freePort, statePayload } from './simulator';

/**
 * The broker configuration docs/devices.md gives ("A broker that enforces it"), run for real: a
 * Mosquitto of its own per test file with no anonymous access, Cascade's account reading cascade/#,
 * one board account per board publishing to its own topic only, a project account by pattern; and
 * the same over TLS with a certificate authority made here by openssl.
 */
const MOSQUITTO = '/usr/sbin/mosquitto';
const have = existsSync(MOSQUITTO) && existsSync('/usr/bin/mosquitto_passwd');
if (!have) console.warn('mqtt-broker-auth.test: mosquitto or mosquitto_passwd missing — skipped');

describe.skipIf(!have)('a broker that enforces accounts and ACLs (the configuration in docs/devices.md)', () => {
  let t: TestApp;
  let dir: string;
  let broker: ChildProcess;
  let port: number;
  let tlsPort: number;
  let ingest: MqttIngest | null = null;
  let boards: { id: number; boardNo: string }[];
  const run = randomBytes(4).toString('hex');
  const projectKey = `acl-${run}`;
  const key = `k-${randomBytes(12).toString('hex')}`;
  const passwords = { cascade: `c-${run}-pw`, b1: `b1-${run}-pw`, b2: `b2-${run}-pw`, project: `p-${run}-pw` };
  const boardUser = (boardNo: string) => `${projectKey}.${boardNo}`;
  const url = () => `mqtt://127.0.0.1:${port}`;
  const stored = async (boardId: number) => Number((await t.database.query<{ n: number }>(`SELECT count(*) AS n FROM detect_reading WHERE detect_id = $1`, [boardId]))[0].n);
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const projectId = await seedProject(t, { name: 'ACL park', uniqueKey: projectKey });
    boards = await seedBoards(t.database, projectId, 3, { prefix: 'AC', key });
    dir = mkdtempSync(path.join(tmpdir(), 'cascade-broker-'));
    port = await freePort();
    tlsPort = await freePort();
    // Accounts: Cascade's, one per board, one for the project (the docs' "Issuing board credentials").
    const passwd = path.join(dir, 'passwd');
    writeFileSync(passwd, '');
    execFileSync('/usr/bin/mosquitto_passwd', ['-b', passwd, 'cascade', passwords.cascade]);
    execFileSync('/usr/bin/mosquitto_passwd', ['-b', passwd, boardUser(boards[0].boardNo), passwords.b1]);
    execFileSync('/usr/bin/mosquitto_passwd', ['-b', passwd, boardUser(boards[1].boardNo), passwords.b2]);
    execFileSync('/usr/bin/mosquitto_passwd', ['-b', passwd, projectKey, passwords.project]);
    writeFileSync(
      path.join(dir, 'acl'),
      [
        'user cascade',
        'topic read cascade/#',
        `user ${boardUser(boards[0].boardNo)}`,
        `topic write cascade/${projectKey}/boards/${boards[0].boardNo}/state`,
        `user ${boardUser(boards[1].boardNo)}`,
        `topic write cascade/${projectKey}/boards/${boards[1].boardNo}/state`,
        // A project account (its user name is the project key) publishes for all its boards.
        'pattern write cascade/%u/boards/+/state',
        '',
      ].join('\n'),
    );
    // A certificate authority and the broker's certificate, for the TLS listener.
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
    ssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=Cascade test CA', '-keyout', 'ca.key', '-out', 'ca.crt');
    ssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=localhost', '-keyout', 'server.key', '-out', 'server.csr');
    writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    ssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '1', '-extfile', 'san.ext', '-out', 'server.crt');
    writeFileSync(
      path.join(dir, 'mosquitto.conf'),
      [
        'per_listener_settings false',
        'allow_anonymous false',
        `password_file ${passwd}`,
        `acl_file ${path.join(dir, 'acl')}`,
        'max_queued_messages 100000',
        'message_size_limit 65536',
        `listener ${port} 127.0.0.1`,
        `listener ${tlsPort} 127.0.0.1`,
        `cafile ${path.join(dir, 'ca.crt')}`,
        `certfile ${path.join(dir, 'server.crt')}`,
        `keyfile ${path.join(dir, 'server.key')}`,
        '',
      ].join('\n'),
    );
    // Mosquitto started as root drops to its own user: it must be able to read this folder.
    chmodSync(dir, 0o755);
    for (const f of ['passwd', 'acl', 'ca.crt', 'server.crt', 'server.key']) chmodSync(path.join(dir, f), 0o644);
    broker = spawn(MOSQUITTO, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await until(async () => {
      const c = await mqtt.connectAsync(url(), { username: 'cascade', password: passwords.cascade, reconnectPeriod: 0, connectTimeout: 500 }).catch(() => null);
      await c?.endAsync();
      return !!c;
    }, 10_000, 'the broker to listen');
  }, 180_000);
  afterAll(async () => {
    await ingest?.stop();
    broker?.kill('SIGTERM');
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an anonymous client and a wrong password', async () => {
    await expect(mqtt.connectAsync(url(), { reconnectPeriod: 0, protocolVersion: 5 })).rejects.toThrow(/Not authorized|Bad User Name or Password|authoris|authoriz/i);
    await expect(mqtt.connectAsync(url(), { username: 'cascade', password: 'wrong', reconnectPeriod: 0, protocolVersion: 5 })).rejects.toThrow();
  });

  it('Cascade ingests with its account; a board publishes only to its own topic and reads nothing', async () => {
    ingest = startMqttIngest(t.app, { url: url(), clientId: `cascade-acl-${run}`, username: 'cascade', password: passwords.cascade });
    await ingest.ready;
    const b1 = await mqtt.connectAsync(url(), { username: boardUser(boards[0].boardNo), password: passwords.b1, protocolVersion: 5 });
    const b2 = await mqtt.connectAsync(url(), { username: boardUser(boards[1].boardNo), password: passwords.b2, protocolVersion: 5 });
    // Board 2 tries to read board 1's topic, and everything.
    const heard: string[] = [];
    b2.on('message', (topic) => heard.push(topic));
    // Mosquitto 2.0 grants the subscription and checks the ACL on each delivery: nothing may arrive.
    await b2.subscribeAsync([`cascade/${projectKey}/boards/${boards[0].boardNo}/state`, 'cascade/#'], { qos: 1 });
    await b1.publishAsync(`cascade/${projectKey}/boards/${boards[0].boardNo}/state`, statePayload(boards[0].boardNo, key, reading(41), ++seq), { qos: 1 });
    await until(async () => (await stored(boards[0].id)) === 1 || undefined, 20_000, 'board 1 ingested');
    // Board 1 publishing on board 3's topic is refused by the broker (MQTT 5 PUBACK: not authorised) and never reaches Cascade.
    await expect(b1.publishAsync(`cascade/${projectKey}/boards/${boards[2].boardNo}/state`, statePayload(boards[2].boardNo, key, reading(1), ++seq), { qos: 1 })).rejects.toThrow(
      /Not authori[sz]ed/,
    );
    // The project account publishes for any of its boards.
    const project = await mqtt.connectAsync(url(), { username: projectKey, password: passwords.project, protocolVersion: 5 });
    await project.publishAsync(`cascade/${projectKey}/boards/${boards[2].boardNo}/state`, statePayload(boards[2].boardNo, key, reading(3), ++seq), { qos: 1 });
    await until(async () => (await stored(boards[2].id)) === 1 || undefined, 20_000, 'the project account ingested');
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual([]);
    expect(await stored(boards[2].id)).toBe(1);
    for (const c of [b1, b2, project]) await c.endAsync();
  });

  it('connects over TLS with MQTT_CA naming the authority, and refuses a broker it cannot verify', async () => {
    const ca = readFileSync(path.join(dir, 'ca.crt'));
    const over = startMqttIngest(t.app, { url: `mqtts://localhost:${tlsPort}`, clientId: `cascade-tls-${run}`, username: 'cascade', password: passwords.cascade, ca });
    await over.ready;
    const b2 = await mqtt.connectAsync(`mqtts://localhost:${tlsPort}`, { username: boardUser(boards[1].boardNo), password: passwords.b2, ca, protocolVersion: 5 });
    await b2.publishAsync(`cascade/${projectKey}/boards/${boards[1].boardNo}/state`, statePayload(boards[1].boardNo, key, reading(22), ++seq), { qos: 1 });
    await until(async () => (await stored(boards[1].id)) === 1 || undefined, 20_000, 'ingested over TLS');
    await b2.endAsync();
    await over.stop();
    // Without the authority the certificate is not trusted: no connection.
    await expect(mqtt.connectAsync(`mqtts://localhost:${tlsPort}`, { username: 'cascade', password: passwords.cascade, reconnectPeriod: 0 })).rejects.toThrow(/self[- ]signed|certificate/i);
  });
});
