import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A first start on an empty embedded folder, as a service starts it (src/server/main.ts in a real
 * process): the migrations and the seeding run in a process of their own, which has exited before
 * the server listens, and the server then serves what it seeded (the admin signs in with
 * ADMIN_PASSWORD). The memory this saves is measured by `npm run bench -- first-start`. Under the
 * PostgreSQL config (TEST_DATABASE_URL) the same on a new, empty PostgreSQL database: there the
 * server migrates, finds it empty, closes its pool while the seeding process seeds, and reopens it.
 */
const MAIN = path.resolve('src/server/main.ts');
const ADMIN_PASSWORD = 'First-start-1234';

const pgUrl = process.env.TEST_DATABASE_URL;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A new, empty database beside TEST_DATABASE_URL's, dropped after the test. */
async function emptyPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cascade_first_start_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = Object.assign(new URL(pgUrl!), { pathname: `/${name}` }).toString();
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe('the first start', () => {
  let dataDir = '';
  let database: { url: string; drop: () => Promise<void> } | null = null;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('seeds in a process of its own, gone before the server listens, and the server serves what it seeded', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cascade-first-start-'));
    if (pgUrl) database = await emptyPostgres();
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, NODE_ENV: 'production', ADMIN_PASSWORD, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', CAPTCHA: 'off', LOG_LEVEL: 'warn', DATABASE_URL: database?.url ?? '', MQTT_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let up = false;
      for (const until = Date.now() + 150_000; !up && Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
        up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      }
      expect(up, output).toBe(true);

      const seededBy = /seed: seeded in process (\d+)/.exec(output);
      expect(seededBy, output).not.toBeNull();
      const seeder = Number(seededBy![1]);
      expect(seeder).not.toBe(child.pid);
      // The seeding process has exited: signal 0 to its pid finds no process.
      expect(() => process.kill(seeder, 0)).toThrow();

      const res = await fetch(`http://127.0.0.1:${port}/api/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, captcha: '', uuid: '' }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(0);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 200_000);
});
