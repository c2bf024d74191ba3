import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect as netConnect } from 'node:net';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { seedProject } from '@tests/helpers/work-fixtures';
import { until } from '@tests/helpers/until';
import { logCapture } from '@tests/helpers/log-capture';
import { signReading } from '../../../devices/signing';
import { startMqttIngest } from '../../../devices/mqtt-ingest';
import { BoardSimulator, statePayload } from '../../../devices/simulator';
import { nineChannels, seedBoards } from './board-fixtures';
import { checkMissing } from './missing';

const TOKEN = 'missing-test-metrics-token-0123';
/** The port the simulator pushes to (this work's range). */
const PORT = 19_501;
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const brokerUp = await new Promise<boolean>((resolve) => {
  const u = new URL(BROKER);
  const s = netConnect({ host: u.hostname, port: Number(u.port || 1883) });
  s.setTimeout(1000);
  s.once('connect', () => (s.destroy(), resolve(true)));
  s.once('error', () => resolve(false));
  s.once('timeout', () => (s.destroy(), resolve(false)));
});
if (!brokerUp) console.warn(`missing.test: no MQTT broker on ${BROKER} — the MQTT case is skipped`);

/** One series' value in the exposition text. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/**
 * Readings going missing (issue 37; docs/devices.md "Missing readings"): counted per board from the
 * stored readings — gaps in the board's signed sequence, or in its period when it has none, and its
 * silence now — whichever way they came in, shown alike on the boards list, the board's dialog, the
 * wall and the metric, and logged once per board when they begin.
 */
describe('missing readings', () => {
  let t: TestApp;
  let admin: string;
  let projectId: number;
  let projectKey: string;
  const key = `k-${randomBytes(12).toString('hex')}`;
  const { stream: logStream, lines: log } = logCapture();

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN, logLevel: 'info' }, undefined, { logStream });
    admin = await t.tokenFor('admin');
    projectKey = `missing-${randomBytes(4).toString('hex')}`;
    projectId = await seedProject(t, { name: 'Missing park', uniqueKey: projectKey });
  });
  afterAll(() => t?.close());

  /** New boards of the test project with the test's key, polled (or expected) every `pollSeconds`. */
  const boards = async (n: number, pollSeconds: number) => seedBoards(t.database, projectId, n, { prefix: `M${randomBytes(2).toString('hex')}-`, key, pollSeconds });
  /** A signed reading pushed over HTTP as a board sends it. */
  const push = (boardNo: string, seq: number, at: number) =>
    t.app.inject({ method: 'POST', url: '/api/ball/detect/report', headers: { 'x-project-key': projectKey }, payload: signReading(key, { boardNo, at, seq, channels: nineChannels(50) }) });
  const info = async (id: number) => {
    const res = await t.call('GET', `/api/ball/falldetect/info/${id}`, { token: admin });
    expect(res.status).toBe(200);
    return res.body.data as { missed: number; missingSince: string | null };
  };
  const gaps = (id: number) =>
    t.database.query<{ kind: string; missed: number; afterSeq: number | null; beforeSeq: number | null }>(
      `SELECT kind, missed, after_seq AS "afterSeq", before_seq AS "beforeSeq" FROM detect_gap WHERE detect_id = $1 ORDER BY after_at`,
      [id],
    );
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('counts the numbers a board\'s signed sequence skips (HTTP); a repeat counts neither as a gap nor twice, a late reading fills its gap', async () => {
    // A long period: only the sequence speaks (no silence counts while the test runs).
    const [b] = await boards(1, 600);
    const t0 = Date.now() - 20_000;
    for (const [seq, at] of [[1, t0], [2, t0 + 5_000], [5, t0 + 20_000]]) expect((await push(b.boardNo, seq, at)).statusCode).toBe(200);
    expect(await gaps(b.id)).toEqual([{ kind: 'sequence', missed: 2, afterSeq: 2, beforeSeq: 5 }]);
    expect((await info(b.id)).missed).toBe(2);

    // The same reading again (a redelivery, a replay): refused as a repeat, nothing counted again.
    expect((await push(b.boardNo, 5, t0 + 20_000)).statusCode).toBe(409);
    expect((await push(b.boardNo, 2, t0 + 5_000)).statusCode).toBe(409);
    expect(await gaps(b.id)).toEqual([{ kind: 'sequence', missed: 2, afterSeq: 2, beforeSeq: 5 }]);
    expect((await info(b.id)).missed).toBe(2);

    // Late readings (a queue drained after an outage, another instance behind): the gap shrinks, then closes.
    expect((await push(b.boardNo, 3, t0 + 10_000)).statusCode).toBe(200);
    expect(await gaps(b.id)).toEqual([{ kind: 'sequence', missed: 1, afterSeq: 3, beforeSeq: 5 }]);
    expect((await push(b.boardNo, 4, t0 + 15_000)).statusCode).toBe(200);
    expect(await gaps(b.id)).toEqual([]);
    expect((await info(b.id)).missed).toBe(0);
  });

  it('judges a board without a sequence (polled, demo) by its period, and a counter that started again too', async () => {
    const [polled, restarted] = await boards(2, 60);
    const t0 = Date.now() - 300_000;
    // Read at t0, t0+60 s, then nothing until t0+300 s: 240 s with nothing, 3 periods and more past the slack.
    for (const at of [t0, t0 + 60_000, t0 + 300_000]) await t.app.readings.submit(polled.id, nineChannels(50), 'modbus', { at: new Date(at) });
    expect(await gaps(polled.id)).toEqual([{ kind: 'period', missed: 3, afterSeq: null, beforeSeq: null }]);
    // Within a period and its slack: nothing missing.
    expect((await info(polled.id)).missed).toBe(3);

    // A board whose counter starts again at 1 (a restart) after 240 s: the period, not the counter, says what is missing.
    for (const [seq, at] of [[41, t0], [42, t0 + 60_000], [1, t0 + 300_000]]) expect((await push(restarted.boardNo, seq, at)).statusCode).toBe(200);
    expect(await gaps(restarted.id)).toEqual([{ kind: 'period', missed: 3, afterSeq: 42, beforeSeq: 1 }]);
  });

  it('counts what a board silent past its period lacks, within the last hour, until it reports again', async () => {
    const [b] = await boards(1, 100);
    // Last heard 420 s ago, every 100 s expected: the first after 150 s (a period and its slack), then each 100 s: 3.
    const at = Date.now() - 420_000;
    expect((await push(b.boardNo, 7, at)).statusCode).toBe(200);
    expect(await gaps(b.id)).toEqual([]);
    expect((await info(b.id)).missed).toBe(3);
    // It reports again with the next number: nothing was lost on the way, the silence is over.
    expect((await push(b.boardNo, 8, Date.now())).statusCode).toBe(200);
    expect((await info(b.id)).missed).toBe(0);
  });

  it.skipIf(!brokerUp)('counts readings lost on the way over MQTT; a redelivered message counts once', async () => {
    const [b] = await boards(1, 600);
    const run = randomBytes(4).toString('hex');
    const prefix = `cascade-missing-${run}`;
    const ingest = startMqttIngest(t.app, { url: BROKER, clientId: `cascade-missing-${run}`, topicPrefix: prefix });
    const publisher = await mqtt.connectAsync(BROKER, { clientId: `cascade-missing-pub-${run}`, clean: true, protocolVersion: 5 });
    try {
      await ingest.ready;
      const topic = `${prefix}/${projectKey}/boards/${b.boardNo}/state`;
      const t0 = Date.now() - 30_000;
      const sent = new Map<number, string>();
      for (const seq of [1, 2, 3, 6, 7]) sent.set(seq, statePayload(b.boardNo, key, nineChannels(50), seq, t0 + seq * 1_000));
      for (const payload of sent.values()) await publisher.publishAsync(topic, payload, { qos: 1 });
      // Seq 6 again, as a broker redelivers an unacknowledged message.
      await publisher.publishAsync(topic, sent.get(6)!, { qos: 1 });
      const stored = async () => (await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM detect_reading WHERE detect_id = $1`, [b.id]))[0].n;
      await until(async () => (await stored()) === 5 && ingest.stats().repeats === 1, 60_000, 'five readings stored and one repeat');
      expect(await gaps(b.id)).toEqual([{ kind: 'sequence', missed: 2, afterSeq: 3, beforeSeq: 6 }]);
      expect((await info(b.id)).missed).toBe(2);
    } finally {
      await publisher.endAsync();
      await ingest.stop();
      const cleanup = await mqtt.connectAsync(BROKER, { clientId: `cascade-missing-${run}`, clean: true }).catch(() => null);
      await cleanup?.endAsync();
    }
  });

  it('counts what the simulator (npm run simulate) lost on its way, pushing over HTTP as a board does', async () => {
    const [b] = await boards(1, 600);
    await t.app.listen({ port: PORT, host: '127.0.0.1' });
    const sim = new BoardSimulator({ units: [1], faultRate: 0 });
    const url = `http://127.0.0.1:${PORT}/api/ball/detect/report`;
    const board = { unit: 1, boardNo: b.boardNo, boardKey: key };
    expect(await sim.pushReports(url, projectKey, [board])).toEqual([200]);
    expect(await sim.pushReports(url, projectKey, [board])).toEqual([200]);
    // Signed and never delivered (the network dropped it): its number is the one missing.
    sim.signed(1, b.boardNo, key);
    expect(await sim.pushReports(url, projectKey, [board])).toEqual([200]);
    expect(await gaps(b.id)).toEqual([{ kind: 'sequence', missed: 1, afterSeq: 2, beforeSeq: 4 }]);
    expect((await info(b.id)).missed).toBe(1);
  });

  it('the metric adds up what the boards list shows, by kind, and counts the boards', async () => {
    const [seqBoard] = await boards(1, 600);
    const t0 = Date.now() - 10_000;
    for (const [seq, at] of [[1, t0], [4, t0 + 3_000]]) expect((await push(seqBoard.boardNo, seq, at)).statusCode).toBe(200);
    const text = await scrape();
    const list = await t.call('POST', '/api/ball/falldetect/list', { token: admin, body: { page: 1, limit: 500 } });
    expect(list.status).toBe(200);
    const rows = list.body.data.list as { id: number; missed: number }[];
    const shown = rows.reduce((s, r) => s + r.missed, 0);
    const kinds = ['sequence', 'period', 'silent'].map((k) => valueOf(text, `cascade_readings_missing{kind="${k}"}`));
    expect(kinds.every((v) => v !== undefined)).toBe(true);
    expect(kinds.reduce((s, v) => s! + v!, 0)).toBe(shown);
    expect(valueOf(text, 'cascade_boards_missing_readings')).toBe(rows.filter((r) => r.missed > 0).length);
    expect(rows.find((r) => r.id === seqBoard.id)?.missed).toBe(2);
    expect(valueOf(text, 'cascade_readings_missing{kind="sequence"}')).toBeGreaterThanOrEqual(2);
  });

  it('logs one line per board when its readings begin to go missing, and one when they are complete again; never a key', async () => {
    const [b] = await boards(1, 600);
    const t0 = Date.now() - 20_000;
    for (const [seq, at] of [[1, t0], [3, t0 + 10_000]]) expect((await push(b.boardNo, seq, at)).statusCode).toBe(200);
    const lines = () => log.filter((l) => l.includes(`"boardNo":"${b.boardNo}"`)).map((l) => JSON.parse(l) as Record<string, unknown>);
    const first = await checkMissing(t.app);
    expect(first.began).toContain(b.id);
    expect((await info(b.id)).missingSince).toBe(new Date(t0).toISOString());
    // More gaps, more checks: no new line while it stays so.
    expect((await push(b.boardNo, 6, t0 + 15_000)).statusCode).toBe(200);
    await checkMissing(t.app);
    await checkMissing(t.app);
    expect(lines().map((l) => l.msg)).toEqual(['board readings missing']);
    expect(lines()[0]).toMatchObject({ board: b.id, boardNo: b.boardNo, project: projectId, missed: 1, since: new Date(t0).toISOString() });

    for (const [seq, at] of [[2, t0 + 5_000], [4, t0 + 12_000], [5, t0 + 14_000]]) expect((await push(b.boardNo, seq, at)).statusCode).toBe(200);
    expect((await checkMissing(t.app)).ended).toContain(b.id);
    expect(lines().map((l) => l.msg)).toEqual(['board readings missing', 'board readings complete again']);
    expect((await info(b.id)).missingSince).toBeNull();
    const all = log.join('');
    expect(all).not.toContain(key);
  });
});
