import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { newToken } from '../lib/password';
import { sysSession } from '../db/schema';
import { LIVE_TOPICS } from '@shared/live';
import { MAX_STREAMS_PER_SESSION } from '@shared/constants';
import { publishLive, topicsForRoute } from '.';
import { HEARTBEAT_MS } from './hub';

/** How long a wait for a frame or a stream's end may take before the test calls it a hang. */
const HANG_MS = 60_000;

/** Opens the event stream as a browser does (with `?ticket=`, or a raw query) and collects frames as they arrive. */
function openStream(port: number, query = '') {
  const frames: string[] = [];
  let status = 0;
  let buffer = '';
  let endedAt: number | null = null;
  const req = http.get({ host: '127.0.0.1', port, path: `/api/live/stream${query}` }, (res) => {
    status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('end', () => (endedAt ??= Date.now()));
    res.on('close', () => (endedAt ??= Date.now()));
    res.on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      frames.push(...parts);
    });
  });
  req.on('error', () => undefined);
  return {
    frames,
    status: () => status,
    /** When the server ended the stream (null: still open). */
    endedAt: () => endedAt,
    close: () => req.destroy(),
    /** Waits for a frame (true), or gives up at a limit only a hang reaches (false). */
    async waitFor(pred: (f: string) => boolean, ms = HANG_MS) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (frames.some(pred)) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
      return false;
    },
  };
}

describe('live push', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** A stream ticket asked for with the session header, as the client does (POST /auth/ticket). */
  const ticketFor = async (token: string) => {
    const res = await t.call('POST', '/api/auth/ticket', { token, body: { purpose: 'stream' } });
    expect(res.status).toBe(200);
    return res.body.data.ticket as string;
  };
  /** A stream's status once its answer has come (a fixed 200 ms was not always enough on a loaded machine). */
  const answered = async (s: ReturnType<typeof openStream>) => {
    for (const until = Date.now() + 10_000; s.status() === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
    return s.status();
  };
  const streamFor = async (token: string) => openStream(port, `?ticket=${await ticketFor(token)}`);

  it('refuses a stream without a session', async () => {
    const s = openStream(port);
    expect(await answered(s)).toBe(401);
    s.close();
  });

  it('delivers a published event to a signed-in browser', async () => {
    const s = await streamFor(await t.tokenFor('operator'));
    expect(await s.waitFor((f) => f.startsWith('retry: 3000\nevent: hello'))).toBe(true);
    await publishLive(t.app, { topic: 'warning', projectId: 7, id: 42 });
    expect(await s.waitFor((f) => f.includes('event: warning') && f.includes('"id":42'))).toBe(true);
    s.close();
  });

  it('tells a project visitor only about its own project', async () => {
    const { token, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'visitor', projectId: 3, expiresAt: new Date(Date.now() + 60_000) });
    const s = await streamFor(token);
    expect(await s.waitFor((f) => f.includes('event: hello'))).toBe(true);
    await publishLive(t.app, { topic: 'channel', projectId: 4, id: 1 });
    await publishLive(t.app, { topic: 'channel', projectId: 3, id: 2 });
    expect(await s.waitFor((f) => f.includes('"id":2'))).toBe(true);
    expect(s.frames.some((f) => f.includes('"projectId":4'))).toBe(false);
    s.close();
  });

  it('after a gap in listening tells every browser that every topic changed, a visitor for its project', async () => {
    const user = await streamFor(await t.tokenFor('operator'));
    const { token, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'visitor', projectId: 3, expiresAt: new Date(Date.now() + 60_000) });
    const visitor = await streamFor(token);
    expect(await user.waitFor((f) => f.includes('event: hello'))).toBe(true);
    expect(await visitor.waitFor((f) => f.includes('event: hello'))).toBe(true);
    t.app.live.gap();
    for (const topic of LIVE_TOPICS) {
      expect(await user.waitFor((f) => f.startsWith(`event: ${topic}\n`))).toBe(true);
      expect(await visitor.waitFor((f) => f.startsWith(`event: ${topic}\n`) && f.includes('"projectId":3'))).toBe(true);
    }
    user.close();
    visitor.close();
  });

  it("tells every stream when the database goes away and when it is back, then that every topic changed", async () => {
    const wall = await streamFor(await t.tokenFor('operator'));
    expect(await wall.waitFor((f) => f.includes('event: hello'))).toBe(true);
    // What a request meeting an unreachable database reports (plugins/envelope.ts).
    t.app.availability.failed(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const since = t.app.availability.downSince!.toISOString();
    expect(await wall.waitFor((f) => f.startsWith('event: database\n') && f.includes('"available":false') && f.includes(`"since":"${since}"`))).toBe(true);
    // The database answers here: the watch's next probe (within a second) finds it back.
    expect(await wall.waitFor((f) => f.startsWith('event: database\n') && f.includes('"available":true'), 5000)).toBe(true);
    expect(t.app.availability.downSince).toBeNull();
    expect(await wall.waitFor((f) => f.startsWith('event: order\n'))).toBe(true);
    wall.close();
  });

  it('publishes a successful back-office change without the module asking, and not a refused one', async () => {
    const admin = await t.tokenFor('admin');
    const s = await streamFor(admin);
    expect(await s.waitFor((f) => f.includes('event: hello'))).toBe(true);
    const refused = await t.call('POST', '/api/sys/content/save', { token: admin, body: { title: '' } });
    expect(refused.status).toBe(400);
    const saved = await t.call('POST', '/api/sys/content/save', { token: admin, body: { title: 'Night show moved to 20:00', published: true } });
    expect(saved.status).toBe(200);
    expect(await s.waitFor((f) => f.includes('event: notice'))).toBe(true);
    expect(s.frames.filter((f) => f.includes('event: notice'))).toHaveLength(1);
    s.close();
  });

  it('opens with a stream ticket, again within its lifetime (reconnects), never with ?token= or a spent or foreign ticket', async () => {
    const token = await t.tokenFor('viewer');
    const byToken = openStream(port, `?token=${token}`);
    expect(await answered(byToken)).toBe(401);
    byToken.close();
    const ticket = await ticketFor(token);
    const first = openStream(port, `?ticket=${ticket}`);
    expect(await first.waitFor((f) => f.includes('event: hello'))).toBe(true);
    first.close();
    const reconnect = openStream(port, `?ticket=${ticket}`);
    expect(await reconnect.waitFor((f) => f.includes('event: hello'))).toBe(true);
    reconnect.close();
    await t.database.query(`UPDATE sys_ticket SET expires_at = now() - interval '1 second'`);
    const expired = openStream(port, `?ticket=${ticket}`);
    expect(await answered(expired)).toBe(401);
    expired.close();
    const download = (await t.call('POST', '/api/auth/ticket', { token, body: { purpose: 'download', fileId: 1 } })).body.data.ticket;
    const wrong = openStream(port, `?ticket=${download}`);
    expect(await answered(wrong)).toBe(401);
    wrong.close();
  });

  it(`holds at most ${MAX_STREAMS_PER_SESSION} streams per session: the next is a 429, another session is not affected, a closed one frees its place`, async () => {
    const token = await t.tokenFor('viewer');
    const ticket = await ticketFor(token);
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
      const s = openStream(port, `?ticket=${ticket}`);
      expect(await s.waitFor((f) => f.includes('event: hello'))).toBe(true);
      open.push(s);
    }
    const extra = openStream(port, `?ticket=${ticket}`);
    await vi.waitFor(() => expect(extra.status()).toBe(429), { timeout: 60_000 });
    extra.close();
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/live/stream', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    expect(byHeader.statusCode).toBe(429);
    expect(JSON.parse(byHeader.body).msg).toBe('This session has too many live connections open: close other tabs and try again');
    const other = await streamFor(await t.tokenFor('viewer'));
    expect(await other.waitFor((f) => f.includes('event: hello'))).toBe(true);
    other.close();
    open.pop()!.close();
    // Once the server has heard the close (not a fixed pause: a busy machine takes longer), a new one opens.
    let again = openStream(port, `?ticket=${ticket}`);
    for (;;) {
      await vi.waitFor(() => expect(again.status()).not.toBe(0), { timeout: 60_000 });
      if (again.status() !== 429) break;
      again.close();
      await new Promise((r) => setTimeout(r, 50));
      again = openStream(port, `?ticket=${ticket}`);
    }
    expect(await again.waitFor((f) => f.includes('event: hello'))).toBe(true);
    again.close();
    for (const s of open) s.close();
  });

  /** Waits until the stream has ended; the time it took from `since`, or null after `ms`. */
  async function endedWithin(s: ReturnType<typeof openStream>, since: number, ms = HANG_MS): Promise<number | null> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const at = s.endedAt();
      if (at !== null) return at - since;
      await new Promise((r) => setTimeout(r, 10));
    }
    return null;
  }

  it('ends a session\'s streams at the session\'s end (revoked display token, sign-out, kicked out, user disabled), telling them so, and no other session\'s', async () => {
    const admin = await t.tokenFor('admin');
    const bystander = await streamFor(await t.tokenFor('viewer'));
    expect(await bystander.waitFor((f) => f.includes('event: hello'))).toBe(true);
    const cases: { name: string; open: () => Promise<{ token: string; sessionId?: number; userId?: number }>; end: (o: { token: string; sessionId?: number; userId?: number }) => Promise<void> }[] = [
      {
        name: 'display token revoked',
        open: async () => {
          const issued = (await t.call('POST', '/api/wall/display-token', { token: admin, body: { label: 'revocation test' } })).body.data;
          return { token: issued.token as string, sessionId: issued.id as number };
        },
        end: async (o) => {
          expect((await t.call('POST', '/api/wall/display-token/revoke', { token: admin, body: { id: o.sessionId } })).status).toBe(200);
        },
      },
      {
        name: 'signed out',
        open: async () => ({ token: await t.tokenFor('operator') }),
        end: async (o) => {
          expect((await t.call('POST', '/api/sys/logout', { token: o.token })).status).toBe(200);
        },
      },
      {
        name: 'kicked out on the online-users screen',
        open: async () => {
          const token = await t.tokenFor('manager');
          const [row] = await t.database.query<{ id: number }>('SELECT id FROM sys_session ORDER BY id DESC LIMIT 1');
          return { token, sessionId: Number(row.id) };
        },
        end: async (o) => {
          const res = await t.call('POST', '/api/sys/online-user/kickout', { token: admin, body: { sessionId: o.sessionId } });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        },
      },
      {
        name: 'user disabled',
        open: async () => {
          const u = await t.userWith(['sys-user#list']);
          return { token: u.token, userId: u.userId };
        },
        end: async (o) => {
          const res = await t.call('POST', '/api/sys/user/update', { token: admin, body: { id: o.userId, status: 0 } });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        },
      },
    ];
    for (const c of cases) {
      const opened = await c.open();
      const s = await streamFor(opened.token);
      expect(await s.waitFor((f) => f.includes('event: hello')), c.name).toBe(true);
      const since = Date.now();
      await c.end(opened);
      const took = await endedWithin(s, since);
      expect(took, `${c.name}: the stream ended`).not.toBeNull();
      // Ended by the session's end itself, not by the heartbeat's check of sessions (a machine's
      // load stretches the first, never to the second's period).
      expect(took!, `${c.name}: before the heartbeat's check (took ${took} ms)`).toBeLessThan(HEARTBEAT_MS);
      expect(s.frames.some((f) => f.startsWith('event: revoked\n')), c.name).toBe(true);
      s.close();
    }
    // A session that ran out (nobody deleted it) ends at the next check (the heartbeat's; asked here).
    const { token, hash } = newToken();
    await t.database.db.insert(sysSession).values({ tokenHash: hash, kind: 'visitor', projectId: 3, expiresAt: new Date(Date.now() + 60_000) });
    const visitor = await streamFor(token);
    expect(await visitor.waitFor((f) => f.includes('event: hello'))).toBe(true);
    await t.database.query(`UPDATE sys_session SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash]);
    t.app.live.sessionsChanged();
    expect(await endedWithin(visitor, Date.now())).not.toBeNull();
    expect(visitor.frames.some((f) => f.startsWith('event: revoked\n'))).toBe(true);
    visitor.close();
    // The bystander's stream is still open and still hears events.
    expect(bystander.endedAt()).toBeNull();
    await publishLive(t.app, { topic: 'order', id: 77 });
    expect(await bystander.waitFor((f) => f.includes('"id":77'))).toBe(true);
    expect(bystander.frames.some((f) => f.startsWith('event: revoked'))).toBe(false);
    bystander.close();
  });

  it('maps change routes to the topics walls listen to', () => {
    expect(topicsForRoute('/api/ball/fallorder/accept')).toEqual(['order', 'equipment']);
    expect(topicsForRoute('/api/ball/fallreport/save')).toEqual(['order', 'equipment']);
    expect(topicsForRoute('/api/ball/fallorder/list')).toEqual([]);
    expect(topicsForRoute('/api/ball/falldetect/channels/update')).toEqual(['board', 'equipment']);
  });
});
