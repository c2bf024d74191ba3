import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from './client';
import { startPgCluster, type PgCluster } from '../../../tests/helpers/pg-cluster';
import { until } from '../../../tests/helpers/until';

/**
 * A PostgreSQL that goes away and comes back (issue 37): a cluster of the test's own, stopped and
 * started under a real server process (src/server/main.ts) with writes under way, and every
 * connection cut, once in the middle of a transaction. The process never ends; requests meanwhile get
 * a 503 in the caller's language; it serves again within 10 s of the database's return, with every
 * write it acknowledged there. Runs in `npm run test:pg` (TEST_DATABASE_URL set), on ports 18410–18412.
 */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const CLUSTER_PORT = 18410;
const SERVER_PORT = 18411;
const ADMIN_PASSWORD = 'Outage-test-1234';
const RECOVERY_MS = 10_000;

describe.skipIf(!ON_POSTGRES)('a PostgreSQL that goes away and comes back', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPgCluster(CLUSTER_PORT);
  }, 120_000);
  afterAll(async () => {
    await cluster?.destroy();
  });

  it('fails a transaction whose connection is cut in its middle, and the pool and the listener carry on', async () => {
    const database: Database = await openPostgres(cluster.url, 4);
    try {
      const gaps: number[] = [];
      const heard: string[] = [];
      await database.listen('outage_test', (p) => heard.push(p), () => gaps.push(Date.now()));
      // Cut while the transaction holds its connection: the connection's own 'error' event must not end the process.
      const cut = database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await cluster.terminateBackends();
        await tx.execute(sql`SELECT pg_sleep(0.05)`);
      });
      await expect(cut).rejects.toThrow();
      const back = Date.now();
      await until(() => database.query('SELECT 1 AS one').then((r) => r.length === 1).catch(() => false), RECOVERY_MS, 'the pool to answer again');
      // The listening connection was cut too: it listens again and says so.
      await until(() => gaps.length > 0, RECOVERY_MS, 'the listener to come back');
      expect(gaps[0] - back).toBeLessThan(RECOVERY_MS);
      await database.notify('outage_test', 'after');
      await until(() => heard.includes('after'), RECOVERY_MS, 'a notification after the cut');
    } finally {
      await database.close();
    }
  }, 60_000);

  describe('under a real server', () => {
    let server: ChildProcess;
    let output = '';
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    const base = `http://127.0.0.1:${SERVER_PORT}/api`;
    let token = '';

    const call = async (method: 'GET' | 'POST', url: string, body?: unknown, lang = 'en') => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { 'accept-language': lang, ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, text, body: JSON.parse(text) as { code: number; msg: string; data: any } };
    };

    beforeAll(async () => {
      server = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          ADMIN_PASSWORD,
          DATABASE_URL: cluster.url,
          PORT: String(SERVER_PORT),
          HOST: '127.0.0.1',
          CAPTCHA: 'off',
          LOG_LEVEL: 'warn',
          MQTT_URL: '',
          DATA_DIR: path.resolve('tmp/outage-test-data'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', (d) => (output += d));
      server.stderr!.on('data', (d) => (output += d));
      server.on('exit', (code, signal) => (exit = { code, signal }));
      await until(
        async () => {
          if (exit) throw new Error(`the server exited at start:\n${output}`);
          return fetch(`${base}/health/live`).then((r) => r.ok).catch(() => false);
        },
        // Migrations, the first start's seeding and tsx's compile: minutes on a saturated machine.
        300_000,
        'the server to listen',
      );
      const login = await call('POST', '/sys/login', { username: 'admin', password: ADMIN_PASSWORD, captcha: '', uuid: '' });
      token = login.body.data.token;
    }, 360_000);
    afterAll(async () => {
      if (server && !exit) {
        const gone = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
        if (!exit) server.kill('SIGKILL');
      }
    });

    it('lives through five outages, answers 503 in words meanwhile, and serves again within 10 s with every acknowledged write', async () => {
      const acknowledged: number[] = [];
      let seq = 0;
      let writing = true;
      // Writes all along, as the back-office would make them: each one answered 200 must be there at the end.
      const writer = (async () => {
        while (writing) {
          const n = ++seq;
          const res = await call('POST', '/ball/fallproject/save', { name: `Outage ${n}`, uniqueKey: `OUT-${n}` }).catch(() => null);
          if (res?.status === 200 && res.body.code === 0) acknowledged.push(res.body.data.id);
          else await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const recoveries: number[] = [];
      // Three restarts and two cuts of every connection (a failover, a network cut, pg_terminate_backend).
      const outages = ['restart', 'restart', 'cut', 'restart', 'cut'] as const;
      try {
        for (const [i, outage] of outages.entries()) {
          const before = acknowledged.length;
          await until(() => acknowledged.length > before, 30_000, `a write before outage ${i + 1}`);
          if (outage === 'cut') await cluster.terminateBackends();
          else {
            await cluster.stop();
            // Down: the stats a wall's frame reads, a write and readiness each say so; the process lives.
            const stats = await call('GET', '/ball/fallproject/groupDevice');
            expect(stats.status).toBe(503);
            expect(stats.body).toMatchObject({ code: 503, msg: expect.stringContaining('database cannot be reached') });
            expect(stats.text).not.toMatch(/ECONNREFUSED|at .*\.ts|stack/);
            const cn = await call('POST', '/ball/fallproject/save', { name: 'x', uniqueKey: `DOWN-${i}` }, 'zh-CN');
            expect(cn.status).toBe(503);
            expect(cn.body.msg).toContain('数据库暂时无法连接');
            expect((await fetch(`${base}/health/ready`)).status).toBe(503);
            expect((await fetch(`${base}/health/live`)).status).toBe(200);
            await cluster.start();
          }
          const back = Date.now();
          await until(async () => (await call('GET', '/ball/fallproject/groupDevice').catch(() => null))?.status === 200, RECOVERY_MS * 2, `the server to serve after outage ${i + 1}`);
          await until(async () => (await fetch(`${base}/health/ready`)).status === 200, RECOVERY_MS * 2, `readiness after outage ${i + 1}`);
          recoveries.push(Date.now() - back);
          expect(exit, output).toBeNull();
        }
      } finally {
        writing = false;
        await writer;
      }
      expect(exit, output).toBeNull();
      process.stdout.write(`PostgreSQL outages: serving again ${recoveries.join(', ')} ms after the database's return; ${acknowledged.length} writes acknowledged\n`);
      expect(Math.max(...recoveries)).toBeLessThan(RECOVERY_MS);
      // Every write answered 200 is in the database.
      const database = await openPostgres(cluster.url, 1);
      try {
        const rows = await database.query<{ id: number }>('SELECT id FROM fall_project WHERE id = ANY($1::int[])', [acknowledged]);
        expect(rows.length).toBe(acknowledged.length);
      } finally {
        await database.close();
      }
      expect(output).not.toMatch(/Unhandled|uncaught/i);
    }, 240_000);
  });
});
