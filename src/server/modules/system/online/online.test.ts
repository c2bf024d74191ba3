import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { sysSession } from '../../../db/schema';
import { hashToken } from '../../../lib/password';
import { itChecksAccess } from '@tests/helpers/guard-cases';

describe('sys/online-user', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  });
  afterAll(() => t.close());

  const sessionOf = async (token: string) =>
    (await t.database.db.select({ id: sysSession.id }).from(sysSession).where(eq(sysSession.tokenHash, hashToken(token))))[0].id;

  itChecksAccess(() => t, [
    { method: 'POST', url: '/api/sys/online-user/list', perm: 'sys-online-user#list', body: { page: 1, limit: 10 } },
    { method: 'POST', url: '/api/sys/online-user/kickout', perm: 'sys-online-user#kickout', body: { sessionId: 999999 }, okStatus: 404 },
  ]);

  it('lists live user sessions with who, where and when, marking the caller own one', async () => {
    const op = await t.tokenFor('operator');
    await t.database.db.update(sysSession).set({ ip: '10.1.2.3', userAgent: 'Edge' }).where(eq(sysSession.id, await sessionOf(op)));
    const res = await t.call('POST', '/api/sys/online-user/list', { token: admin, body: { username: 'operator', page: 1, limit: 10 } });
    expect(res.body.data.list).toEqual([
      expect.objectContaining({ username: 'operator', realName: '李工', ip: '10.1.2.3', userAgent: 'Edge', current: false, loginAt: expect.any(String), lastActiveAt: expect.any(String) }),
    ]);
    const me = await t.call('POST', '/api/sys/online-user/list', { token: admin, body: { username: 'admin', page: 1, limit: 10 } });
    expect(me.body.data.list.some((s: { current: boolean }) => s.current)).toBe(true);
  });

  it('after a kickout the kicked token gets 401', async () => {
    const victim = await t.tokenFor('viewer');
    expect((await t.call('POST', '/api/sys/content/list', { token: victim, body: {} })).status).toBe(403);
    const kicker = await t.userWith(['sys-online-user#kickout']);
    const res = await t.call('POST', '/api/sys/online-user/kickout', { token: kicker.token, body: { sessionId: await sessionOf(victim) } });
    expect(res.body.code).toBe(0);
    expect((await t.call('POST', '/api/sys/content/list', { token: victim, body: {} })).status).toBe(401);
  });

  it('an ordinary role cannot log out the super user; the super user can log itself out elsewhere', async () => {
    const superSession = await sessionOf(await t.tokenFor('admin'));
    const kicker = await t.userWith(['sys-online-user#kickout']);
    const refused = await t.call('POST', '/api/sys/online-user/kickout', { token: kicker.token, body: { sessionId: superSession } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('This cannot be done to the super user');
    expect((await t.call('POST', '/api/sys/online-user/kickout', { token: admin, body: { sessionId: superSession } })).body.code).toBe(0);
    const bad = await t.call('POST', '/api/sys/online-user/kickout', { token: admin, body: { sessionId: 'x' } });
    expect(bad.status).toBe(400);
  });
});
