import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { parseTrustProxy } from '../../config';
import { sysLoginLog, sysUser } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/** The front door (docs/decisions.md "Front door"): client addresses, limits across instances, parallel guesses, no lockout by strangers. */

const login = (app: FastifyInstance, body: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) =>
  app
    .inject({ method: 'POST', url: '/api/sys/login', remoteAddress: ip, headers: { 'accept-language': 'en', ...headers }, payload: { captcha: '', uuid: '', ...body } })
    .then((res) => ({ status: res.statusCode, body: res.json(), headers: res.headers }));

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless listed, and refuses forms that cannot tell a proxy from a client', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy(' ')).toBe(false);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('2')).toThrow(/TRUST_PROXY/);
  });
});

describe('client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For without TRUST_PROXY: a forged address neither escapes the limit nor reaches the history', async () => {
    await t.app.settings.set('security.loginPerMinute', '3');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        statuses.push((await login(t.app, { username: 'nobody', password: 'x' }, '10.20.0.1', { 'x-forwarded-for': `198.51.100.${i}` })).status);
      }
      // 3 answered, the 7 with another forged address each refused
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      const rows = await t.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.username, 'nobody'));
      expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['10.20.0.1']));
    } finally {
      await t.app.settings.set('security.loginPerMinute', '20');
    }
  });

  it('takes the forwarded address from a listed proxy only', async () => {
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1', '10.30.0.0/16'] });
    try {
      await login(proxied.app, { username: 'ghost', password: 'x' }, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
      await login(proxied.app, { username: 'ghost', password: 'x' }, '10.30.4.5', { 'x-forwarded-for': '203.0.113.10' });
      // not a listed proxy: its own address counts, whatever it forwards
      await login(proxied.app, { username: 'ghost', password: 'x' }, '192.0.2.50', { 'x-forwarded-for': '203.0.113.11' });
      const rows = await proxied.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.username, 'ghost'));
      expect(rows.map((r) => r.ip).sort()).toEqual(['192.0.2.50', '203.0.113.10', '203.0.113.9']);
    } finally {
      await proxied.close();
    }
  });
});

describe('limits and back-off across instances', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    // Another instance on the same database, as two processes behind a balancer would be.
    second = await buildApp({ config: t.config, database: t.database });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('counts requests of one address on both instances together', async () => {
    await t.app.settings.set('security.loginPerMinute', '4');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        statuses.push((await login(i % 2 ? second : t.app, { username: 'nobody', password: 'x' }, '10.40.0.1')).status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 429, 429, 429, 429]);
    } finally {
      await t.app.settings.set('security.loginPerMinute', '20');
      // The other instance would see it within its settings cache (2 s); the next tests cannot wait.
      second.settings.invalidate();
    }
  });

  it('counts wrong passwords on both instances together, and guesses sent at once cannot pass the threshold', async () => {
    // 18 wrong passwords at once, half to each instance: the threshold (5) is checked, the rest wait
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, i) => login(i % 2 ? second : t.app, { username: 'admin', password: `guess-${i}` }, '10.40.0.2')),
    );
    const checked = answers.filter((a) => a.status === 400);
    expect(checked).toHaveLength(5);
    expect(checked.every((a) => a.body.msg === 'Password incorrect')).toBe(true);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(13);
    const history = await t.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.ip, '10.40.0.2'));
    expect(history.filter((r) => r.message === 'login.password')).toHaveLength(5);
  });

  it('never lets a stranger lock the administrator out', async () => {
    // A stranger guesses from many addresses, far past the account-wide threshold (5 × 4).
    for (let a = 0; a < 6; a += 1) {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => login(a % 2 ? second : t.app, { username: 'admin', password: `x${a}-${i}` }, `10.50.0.${a}`)),
      );
    }
    const [account] = await t.database.query<{ failures: number }>(
      `SELECT failures FROM sys_login_guard WHERE ip = '*' AND user_id = (SELECT id FROM sys_user WHERE username = 'admin')`,
    );
    expect(Number(account.failures)).toBeGreaterThanOrEqual(20);
    // The administrator, from their own address, signs in at once on either instance.
    expect((await login(second, { username: 'admin', password: 'admin123' }, '10.60.0.1')).body.code).toBe(0);
    expect((await login(t.app, { username: 'admin', password: 'admin123' }, '10.60.0.1')).body.code).toBe(0);
    const [admin] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    expect(admin).toMatchObject({ status: 1, lockedUntil: null });
    // Sharing the stranger's address right after its guesses, the administrator waits, and the wait
    // is bounded (30 s doubling, never past the 5-minute cap); then the password works there too.
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => login(t.app, { username: 'admin', password: `y-${i}` }, '10.50.0.9')));
    // a new address past the account-wide count: one check, then the wait
    expect(burst.map((r) => r.status).sort()).toEqual([400, 429, 429, 429, 429, 429, 429, 429]);
    // as if the stranger had kept on for a while (the wait has grown to 2 minutes)
    await t.database.query(`UPDATE sys_login_guard SET blocked_until = now() + interval '120 seconds' WHERE ip = '10.50.0.9'`);
    const waiting = await login(t.app, { username: 'admin', password: 'admin123' }, '10.50.0.9');
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(300);
    await t.database.query(`UPDATE sys_login_guard SET blocked_until = now() - interval '1 second' WHERE ip = '10.50.0.9'`);
    expect((await login(second, { username: 'admin', password: 'admin123' }, '10.50.0.9')).body.code).toBe(0);
    // The account-wide count slows new addresses down: one check each, then their back-off starts.
    expect((await login(t.app, { username: 'admin', password: 'wrong' }, '10.70.0.1')).status).toBe(400);
    expect((await login(second, { username: 'admin', password: 'wrong' }, '10.70.0.1')).status).toBe(429);
    // ...but still lets the right password in from another new address.
    expect((await login(second, { username: 'admin', password: 'admin123' }, '10.70.0.2')).body.code).toBe(0);
  });

  it('clears the waits of an account when an administrator sets a new password', async () => {
    for (let i = 0; i < 5; i += 1) await login(t.app, { username: 'operator', password: `nope-${i}` }, '10.90.0.1');
    const [operator] = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'operator'));
    await t.database.query(`UPDATE sys_login_guard SET blocked_until = now() + interval '60 seconds' WHERE ip = '10.90.0.1'`);
    expect((await login(t.app, { username: 'operator', password: 'operator123' }, '10.90.0.1')).status).toBe(429);
    const reset = await t.call('POST', '/api/sys/user/resetPassword', { token: await t.tokenFor('admin'), body: { id: operator.id, password: 'fresh-pass-1' } });
    expect(reset.body.code).toBe(0);
    expect(await t.database.query(`SELECT 1 FROM sys_login_guard WHERE user_id = $1`, [operator.id])).toHaveLength(0);
    expect((await login(second, { username: 'operator', password: 'fresh-pass-1' }, '10.90.0.1')).body.code).toBe(0);
  });
});

describe('captcha input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captcha: 'on' });
  });
  afterAll(() => t.close());

  it('answers a NUL or a control character in the captcha key with 400, not a server error', async () => {
    // A NUL is refused for every field before the route's own schema (envelope.ts); other control
    // characters by the key's own pattern.
    const NUL = 'The text holds a character that is not allowed (NUL)';
    for (const [uuid, message] of [['%00', NUL], ['a%00b', NUL], ['%0A', 'Invalid value'], ['a%20b', 'Invalid value']]) {
      const res = await t.call('GET', `/api/sys/captcha?uuid=${uuid}`);
      expect(res.status, uuid).toBe(400);
      expect(res.body.data.fields.uuid).toBe(message);
    }
    const res = await t.call('POST', '/api/sys/login', { body: { username: 'admin', password: 'admin123', captcha: 'ABCD', uuid: 'a\u0000b' } });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.uuid).toBe(NUL);
  });
});
