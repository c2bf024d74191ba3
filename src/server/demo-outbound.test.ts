import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { seedDemo } from './db/seed/demo';
import { startJobRunner } from './jobs/runner';
import { startDeviceJobs } from './modules/operations/detect/device-jobs';
import { startDemoSimulator } from './devices/demo-simulator';

/** Every connection the process tries, by host; a non-loopback one is refused before it is made. */
const attempts: string[] = [];
const loopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.') || host === '' || host.startsWith('/');

function guardConnections(): () => void {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guarded(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const host =
      typeof first === 'object' && first !== null
        ? String((first as { host?: string; path?: string }).host ?? (first as { path?: string }).path ?? 'localhost')
        : typeof first === 'string' && typeof args[1] !== 'string' && !/^\d+$/.test(first)
          ? first // a pipe path
          : String(typeof args[1] === 'string' ? args[1] : 'localhost');
    attempts.push(host);
    if (!loopback(host)) {
      process.nextTick(() => this.destroy(new Error(`test: outbound connection to ${host} refused`)));
      return this;
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  const fetchBefore = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    attempts.push(url.hostname);
    if (!loopback(url.hostname)) throw new TypeError(`test: outbound fetch to ${url.hostname} refused`);
    return fetchBefore(input, init);
  }) as typeof fetch;
  return () => {
    net.Socket.prototype.connect = connect;
    globalThis.fetch = fetchBefore;
  };
}

describe('a demo start calls nobody outside this machine', () => {
  let t: TestApp;
  let filesDir: string;
  let release: () => void;
  const stops: (() => unknown)[] = [];

  beforeAll(async () => {
    release = guardConnections();
    filesDir = await mkdtemp(path.join(tmpdir(), 'cascade-outbound-'));
    t = await createTestApp({ demo: true, filesDir });
    await seedDemo(t.database, { filesDir });
    // The background work of a started server (main.ts): the job runner and board polling.
    stops.push(startJobRunner(t.app, { tickMs: 200 }), startDeviceJobs(t.app));
    // … and the demo simulator, whose boards report in-process (a scripted fault soon, so one is played).
    const simulator = startDemoSimulator(t.app, { faultEveryMs: 500, faultRecoverMs: 500 });
    stops.push(() => simulator.stop());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    for (const stop of stops) await stop();
    await t.close();
    release();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('the guard sees a connection the server would make', async () => {
    const seen = attempts.length;
    await expect(fetch('http://203.0.113.7/')).rejects.toThrow();
    expect(attempts.slice(seen)).toContain('203.0.113.7');
    attempts.splice(seen);
  });

  it('opening every demo camera as the viewer and the operator, and the walls, makes no non-loopback connection; a refusal is a 400, never 500', async () => {
    const statuses: number[] = [];
    for (const who of ['viewer', 'operator']) {
      const token = await t.tokenFor(who);
      const list = await t.call('POST', '/api/ball/fallmonitor/list', { token, body: { page: 1, limit: 500 } });
      expect(list.status).toBe(200);
      const ids = (list.body.data.list as { id: number }[]).map((m) => m.id);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        const live = await t.call('GET', `/api/ball/fallmonitor/live/${id}`, { token, lang: who === 'viewer' ? 'en' : 'zh-CN' });
        statuses.push(live.status);
        if (live.status === 400) expect(live.body.msg).toMatch(/security\.outboundHosts/);
      }
      for (const url of ['/api/wall/frame', '/api/health']) expect((await t.call('GET', url, { token })).status).toBeLessThan(500);
    }
    // The demo's cloud cameras (app key and secret set) were refused before anything was sent.
    expect(statuses).toContain(400);
    expect(statuses.every((s) => s < 500 || s === 503)).toBe(true);
    expect(statuses).not.toContain(500);
    // Let the job runner and the board jobs tick.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts.filter((h) => !loopback(h))).toEqual([]);
  }, 120_000);
});
