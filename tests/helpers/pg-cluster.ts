import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The newest PostgreSQL server installed by the system's packages (Debian: /usr/lib/postgresql/N/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl'))) : [];
  if (!versions.length) throw new Error('no PostgreSQL server under /usr/lib/postgresql');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder, that the test stops and starts (a
 * database restart, an outage). PostgreSQL refuses to run as root: run so, the cluster belongs to
 * the `postgres` account and its commands run as it.
 */
export interface PgCluster {
  url: string;
  port: number;
  start(): Promise<void>;
  /** Stops the server: `fast` rolls back the transactions under way and cuts every connection. */
  stop(): Promise<void>;
  /** Ends the backends whose application_name is not the admin's own (every pooled connection), as a failover or a network cut would. */
  terminateBackends(filter?: string): Promise<number>;
  /** Stops the server if it runs and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPgCluster(port: number): Promise<PgCluster> {
  const bin = postgresBin();
  const dir = await mkdtemp(path.join(tmpdir(), 'cascade-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o777);
  const as = (cmd: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]) : run(path.join(bin, cmd), args));
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB -c max_connections=40`;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = false;
  const cluster: PgCluster = {
    url,
    port,
    async start() {
      await as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    async terminateBackends(filter = "application_name <> 'cascade-test-admin'") {
      const admin = new pg.Client({ connectionString: url, application_name: 'cascade-test-admin' });
      await admin.connect();
      try {
        const res = await admin.query(`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend' AND ${filter}`);
        return res.rows[0].n as number;
      } finally {
        await admin.end();
      }
    },
    async destroy() {
      if (running) await cluster.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}
