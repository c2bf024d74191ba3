import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { until } from './until';

export const MOSQUITTO = '/usr/sbin/mosquitto';
export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
/** Whether this machine can run the broker tests (Debian's mosquitto and its tools). */
export const haveMosquitto = existsSync(MOSQUITTO) && existsSync('/usr/bin/mosquitto_passwd') && existsSync('/usr/bin/mosquitto_ctrl') && existsSync(DYNSEC_PLUGIN);

/** Ports the broker tests may use (BROKER_TEST_PORTS=from-to; 18300–18399 by default). */
const [FROM, TO] = (process.env.BROKER_TEST_PORTS ?? '18300-18399').split('-').map(Number);

async function bindable(port: number): Promise<boolean> {
  const probe = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (ok) await new Promise<void>((resolve) => probe.close(() => resolve()));
  return ok;
}

/** A port of the broker tests' range free right now. */
export async function brokerPort(): Promise<number> {
  const start = FROM + Math.floor(Math.random() * (TO - FROM + 1));
  for (let i = 0; i <= TO - FROM; i++) {
    const port = FROM + ((start - FROM + i) % (TO - FROM + 1));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${FROM}-${TO}`);
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

export interface Broker {
  port: number;
  url: string;
  /** Its own folder (configuration, accounts, persistence). */
  dir: string;
  /** Starts it (again) on the same port, with the same folder; resolves once it listens. */
  start(): Promise<void>;
  /** Stops it (SIGTERM: with persistence on, it saves its sessions first); resolves once it exited. */
  stop(): Promise<void>;
  running(): boolean;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/**
 * A Mosquitto of the test's own: `config(dir, port)` gives the configuration's lines, `prepare(dir)`
 * writes what it needs first (accounts, ACL). Mosquitto started as root drops to its own user, so
 * the folder and its files are made readable (and the folder writable, for persistence).
 */
export async function startBroker(config: (dir: string, port: number) => string[], prepare?: (dir: string) => void): Promise<Broker> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cascade-broker-'));
  chmodSync(dir, 0o777);
  const port = await brokerPort();
  prepare?.(dir);
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, [...config(dir, port), ''].join('\n'));
  let child: ChildProcess | null = null;
  let output = '';
  const broker: Broker = {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    dir,
    async start() {
      output = '';
      const c = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
      c.stdout!.on('data', (d) => (output += d));
      c.stderr!.on('data', (d) => (output += d));
      child = c;
      await until(async () => (c.exitCode !== null ? Promise.reject(new Error(`mosquitto exited: ${output}`)) : listening(port)), 15_000, 'the broker to listen');
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGTERM');
      await exited;
    },
    running: () => !!child && child.exitCode === null,
    async close() {
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await broker.start();
  return broker;
}

/** The dynamic security plugin's file with its administrator (`mosquitto_ctrl dynsec init`), as docs/devices.md sets it up. */
export function initDynsec(dir: string, adminPassword: string): string {
  const file = path.join(dir, 'dynamic-security.json');
  execFileSync('/usr/bin/mosquitto_ctrl', ['dynsec', 'init', file, 'admin', adminPassword], { stdio: 'ignore' });
  chmodSync(file, 0o666);
  return file;
}

/** deploy/mosquitto/accounts.sh against this broker, as its administrator. */
export function accounts(broker: Broker, adminPassword: string, ...args: string[]): void {
  execFileSync('sh', [path.resolve('deploy/mosquitto/accounts.sh'), ...args], {
    env: { ...process.env, MOSQ_PORT: String(broker.port), MOSQ_ADMIN_PASSWORD: adminPassword },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}
