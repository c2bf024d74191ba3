import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { sysUser, sysUserRole } from '../db/schema';
import { hashPassword } from '../lib/password';
import { publishLive } from '.';

// The live stream keeps to the data scope (docs/access.md): a scoped user's open stream carries the
// events of its projects (and those naming none), never another project's; a change of the role's
// projects, or of the user's roles, reaches the open stream without it reconnecting; a user disabled
// meanwhile has the stream closed.

describe('live stream and data scope', () => {
  let t: TestApp;
  let port: number;
  let admin: string;
  const p: number[] = [];
  let roleId: number;
  let userId: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await t.tokenFor('admin');
    for (const name of ['LA', 'LB']) p.push((await t.database.query<{ id: number }>(`INSERT INTO fall_project(name, unique_key) VALUES ($1, $1) RETURNING id`, [name]))[0].id);
    const role = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'west_lake', name: 'West Lake', dataScope: 'projects', projectIdList: [p[0]] } });
    roleId = role.body.data.id;
    const [u] = await t.database.db.insert(sysUser).values({ username: 'westlake', passwordHash: await hashPassword('westlake-pw') }).returning({ id: sysUser.id });
    userId = u.id;
    await t.database.db.insert(sysUserRole).values({ userId, roleId });
    token = await t.tokenFor('westlake');
  });
  afterAll(() => t.close());

  /** Opens the stream as a browser does (a ticket) and collects its frames and whether it ended. */
  async function open() {
    const ticket = (await t.call('POST', '/api/auth/ticket', { token, body: { purpose: 'stream' } })).body.data.ticket as string;
    const frames: string[] = [];
    let ended = false;
    let buffer = '';
    const req = http.get({ host: '127.0.0.1', port, path: `/api/live/stream?ticket=${ticket}` }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const parts = buffer.split('\n\n');
        buffer = parts.pop() ?? '';
        frames.push(...parts);
      });
      res.on('end', () => (ended = true));
    });
    req.on('error', () => undefined);
    const waitFor = async (pred: () => boolean, ms = 5000) => {
      for (const until = Date.now() + ms; Date.now() < until; ) {
        if (pred()) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
      return false;
    };
    expect(await waitFor(() => frames.some((f) => f.includes('event: hello')))).toBe(true);
    return { frames, ended: () => ended, waitFor, close: () => req.destroy() };
  }

  /** The ids of the equipment events received, once a closing marker (an event of no project) has arrived. */
  async function heard(s: Awaited<ReturnType<typeof open>>, marker: number): Promise<number[]> {
    await publishLive(t.app, { topic: 'equipment', id: marker });
    expect(await s.waitFor(() => s.frames.some((f) => f.includes(`"id":${marker}`)))).toBe(true);
    return s.frames.filter((f) => f.startsWith('event: equipment')).map((f) => JSON.parse(f.slice(f.indexOf('data: ') + 6)).id as number);
  }

  it('carries only the events of the scope\'s projects, and follows a change of scope without reconnecting', async () => {
    const s = await open();
    await publishLive(t.app, { topic: 'equipment', projectId: p[1], id: 1 });
    await publishLive(t.app, { topic: 'equipment', projectId: p[0], id: 2 });
    expect(await heard(s, 100)).toEqual([2, 100]);

    // The role now covers the other project: the same stream hears it, and no longer the first.
    expect((await t.call('POST', '/api/sys/role/update', { token: admin, body: { id: roleId, projectIdList: [p[1]] } })).status).toBe(200);
    await publishLive(t.app, { topic: 'equipment', projectId: p[0], id: 3 });
    await publishLive(t.app, { topic: 'equipment', projectId: p[1], id: 4 });
    expect(await heard(s, 101)).toEqual([2, 100, 4, 101]);

    // Every project: it hears both.
    expect((await t.call('POST', '/api/sys/role/update', { token: admin, body: { id: roleId, dataScope: 'all' } })).status).toBe(200);
    await publishLive(t.app, { topic: 'equipment', projectId: p[0], id: 5 });
    await publishLive(t.app, { topic: 'equipment', projectId: p[1], id: 6 });
    expect(await heard(s, 102)).toEqual([2, 100, 4, 101, 5, 6, 102]);

    // The user's roles changed (a scoped role in place of the 'all' one): the stream follows too.
    const narrow = await t.call('POST', '/api/sys/role/save', { token: admin, body: { code: 'lb_only', name: 'LB', dataScope: 'projects', projectIdList: [p[1]] } });
    const set = await t.call('POST', '/api/sys/user/update', { token: admin, body: { id: userId, roleIdList: [narrow.body.data.id] } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await publishLive(t.app, { topic: 'equipment', projectId: p[0], id: 7 });
    await publishLive(t.app, { topic: 'equipment', projectId: p[1], id: 8 });
    expect(await heard(s, 103)).toEqual([2, 100, 4, 101, 5, 6, 102, 8, 103]);
    // One stream throughout: a single hello.
    expect(s.frames.filter((f) => f.includes('event: hello'))).toHaveLength(1);
    expect(s.ended()).toBe(false);
    s.close();
  });

  it("tells a user's notifications to that user's stream alone", async () => {
    const s = await open();
    await publishLive(t.app, { topic: 'notification', userId: userId + 1000, id: 300 });
    await publishLive(t.app, { topic: 'notification', userId, id: 301 });
    await publishLive(t.app, { topic: 'equipment', id: 302 });
    expect(await s.waitFor(() => s.frames.some((f) => f.includes('"id":302')))).toBe(true);
    expect(s.frames.filter((f) => f.startsWith('event: notification')).map((f) => JSON.parse(f.slice(f.indexOf('data: ') + 6)).id)).toEqual([301]);
    s.close();
  });

  it('closes the open stream of a user disabled meanwhile', async () => {
    const s = await open();
    expect((await t.call('POST', '/api/sys/user/status', { token: admin, body: { id: userId, status: 0 } })).status).toBe(200);
    await publishLive(t.app, { topic: 'equipment', id: 200 });
    expect(await s.waitFor(() => s.ended())).toBe(true);
    expect(s.frames.some((f) => f.includes('"id":200'))).toBe(false);
  });
});
