import { rm } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { newToken } from '../../src/server/lib/password';
import { sysMenu, sysRole, sysRoleMenu, sysSession, sysUser, sysUserRole } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/password';
import { eq, inArray } from 'drizzle-orm';
import { freshDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  /** A session token for an existing user, made directly in the database (no login round trip). */
  tokenFor(username: string): Promise<string>;
  /** A new user whose one role holds exactly these permission codes; returns its token and id. */
  userWith(perms: string[], username?: string): Promise<{ token: string; userId: number; username: string }>;
  /** Calls the API and returns status and parsed envelope. */
  /** `ip`: the caller's socket address (the client address unless TRUST_PROXY names it a proxy). */
  call(method: InjectOptions['method'], url: string, opts?: { token?: string; body?: unknown; lang?: string; headers?: Record<string, string>; ip?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

let counter = 0;
let apps = 0;
/** Apps made here and not closed yet: server-setup.ts closes what a file left open. */
const open = new Set<TestApp>();

export async function closeOpenTestApps(): Promise<void> {
  for (const testApp of [...open]) await testApp.close().catch(() => undefined);
}

/** A Fastify app on a fresh copy of the seeded template database (admin/admin123 and the demo users). */
export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  /** Registers extra routes before the app is ready (tests of shared route builders). */
  extend?: (app: FastifyInstance) => void | Promise<void>,
  /** Where the log goes when `overrides.logLevel` is not 'silent' (tests that prove what it never holds). */
  deps: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  // No first-frame renderer unless a test asks for one (frame.test.ts): a build lying in dist/ would
  // otherwise draw the wall ahead in every test app that listens, whether the clone was built or not.
  const config = {
    // A data folder of its own (uploaded files, backups): an app's stored file 1 is not another's,
    // which a test file running beside it, on a database of its own, also numbers 1.
    ...loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: `tmp/test-data/${process.pid}-${++apps}`, FRAME_MODULE: 'tmp/no-first-frame-renderer.js' }),
    logLevel: 'silent',
    ...overrides,
  };
  const app = await buildApp({ config, database, logStream: deps.logStream });
  if (extend) await extend(app);
  await app.ready();

  async function sessionFor(userId: number): Promise<string> {
    const { token, hash } = newToken();
    await database.db.insert(sysSession).values({ tokenHash: hash, userId, kind: 'user', expiresAt: new Date(Date.now() + 3600_000) });
    return token;
  }

  const testApp: TestApp = {
    app,
    database,
    config,
    async tokenFor(username) {
      const [u] = await database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
      if (!u) throw new Error(`no user ${username}`);
      return sessionFor(u.id);
    },
    async userWith(perms, username = `u${process.pid}_${++counter}`) {
      const [role] = await database.db.insert(sysRole).values({ code: `r_${username}`, name: username }).returning({ id: sysRole.id });
      if (perms.length) {
        const menus = await database.db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.perms, perms));
        if (menus.length !== perms.length) throw new Error(`unknown permission in ${perms.join(',')}`);
        await database.db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role.id, menuId: m.id })));
      }
      const [user] = await database.db
        .insert(sysUser)
        .values({ username, passwordHash: await hashPassword(`${username}-pw`) })
        .returning({ id: sysUser.id });
      await database.db.insert(sysUserRole).values({ userId: user.id, roleId: role.id });
      return { token: await sessionFor(user.id), userId: user.id, username };
    },
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en', ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await app.inject({ method, url, headers, payload: opts.body as InjectOptions['payload'], ...(opts.ip ? { remoteAddress: opts.ip } : {}) });
      let body: unknown = res.body;
      try {
        body = JSON.parse(res.body);
      } catch {
        // not JSON (files, exports): the raw text is returned
      }
      return { status: res.statusCode, body, headers: res.headers };
    },
    async close() {
      open.delete(testApp);
      await app.close();
      await drop();
      if (!overrides.dataDir) await rm(config.dataDir, { recursive: true, force: true });
    },
  };
  open.add(testApp);
  return testApp;
}
