import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The server as a service manager runs it: a real process (src/server/main.ts) on an embedded data
 * folder. A second process refuses the folder the first holds; SIGTERM with live streams open tells
 * each stream to reconnect and ends the process, with code 0, within 10 s (docs/deploy.md "Restarts").
 */
const MAIN = path.resolve('src/server/main.ts');
const ADMIN_PASSWORD = 'Restart-test-1234';

function startServer(dataDir: string): { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; at: number }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', ADMIN_PASSWORD, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', CAPTCHA: 'off', LOG_LEVEL: 'warn', DATABASE_URL: '', MQTT_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
  return { child, output: () => output, exited };
}

/** The port the server wrote into control.json once it listens. */
async function portOf(dataDir: string, child: ChildProcess, output: () => string): Promise<number> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const info = JSON.parse(await readFile(path.join(dataDir, 'control.json'), 'utf8')) as { port?: number };
      if (info.port) return info.port;
    } catch {
      // not written yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not listen in time:\n${output()}`);
}

async function api(port: number, url: string, body: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: any };
  if (envelope.code !== 0) throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

function openStream(port: number, ticket: string) {
  const frames: string[] = [];
  let buffer = '';
  let endedAt: number | null = null;
  const req = http.get({ host: '127.0.0.1', port, path: `/api/live/stream?ticket=${encodeURIComponent(ticket)}` }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      frames.push(...parts);
    });
    res.on('end', () => (endedAt ??= Date.now()));
    res.on('close', () => (endedAt ??= Date.now()));
  });
  req.on('error', () => (endedAt ??= Date.now()));
  return { frames, endedAt: () => endedAt, close: () => req.destroy() };
}

describe('a server process: one per data folder, and a stop that never waits on a wall', () => {
  let dataDir: string;
  let server: ReturnType<typeof startServer>;
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cascade-restart-'));
    server = startServer(dataDir);
    port = await portOf(dataDir, server.child, server.output);
  }, 150_000);
  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a second process refuses the embedded data folder the first holds, saying who holds it', async () => {
    const second = startServer(dataDir);
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`${dataDir} is in use by another process (server, pid ${server.child.pid}, port ${port}`);
    expect(second.output()).toContain('Stop it first');
    // The first still serves, its hold untouched.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);
    expect(JSON.parse(await readFile(path.join(dataDir, 'control.json'), 'utf8')).pid).toBe(server.child.pid);
  }, 60_000);

  it('on SIGTERM with streams open tells each to reconnect, ends them, answers the request under way and exits with 0 within 10 s', async () => {
    const { token } = await api(port, '/sys/login', { username: 'admin', password: ADMIN_PASSWORD, captcha: '', uuid: '' });
    const streams = [];
    for (let i = 0; i < 3; i++) {
      const { ticket } = await api(port, '/auth/ticket', { purpose: 'stream' }, token);
      streams.push(openStream(port, ticket));
    }
    const until = Date.now() + 10_000;
    while (!streams.every((s) => s.frames.some((f) => f.includes('event: hello'))) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(streams.every((s) => s.frames.some((f) => f.includes('event: hello')))).toBe(true);

    // A request under way when the signal comes (its body still arriving) is answered, not cut.
    const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, captcha: '', uuid: '' });
    const inFlight = new Promise<{ status: number; code: number }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/sys/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, code: (JSON.parse(text) as { code: number }).code }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 600);
    });
    await new Promise((r) => setTimeout(r, 100));

    const sent = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await Promise.race([server.exited, new Promise<{ code: null; at: number }>((r) => setTimeout(() => r({ code: null, at: Date.now() }), 15_000))]);
    expect(code, server.output()).toBe(0);
    expect(at - sent).toBeLessThanOrEqual(10_000);
    expect(await inFlight).toEqual({ status: 200, code: 0 });
    for (const s of streams) {
      expect(s.frames.some((f) => f.startsWith('event: reconnect\n'))).toBe(true);
      expect(s.endedAt()).not.toBeNull();
      s.close();
    }
    // The folder is free for the next process.
    expect(existsSync(path.join(dataDir, 'control.json'))).toBe(false);
    process.stdout.write(`SIGTERM → exit in ${at - sent} ms with ${streams.length} streams open\n`);
  }, 60_000);
});
